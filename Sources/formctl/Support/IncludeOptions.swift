import ArgumentParser
import FormCore
import Glibc

/// `--include-root DIR`: directories includes may come from besides the form's own tree.
struct IncludeOptions: ParsableArguments {
    @Option(
        name: .customLong("include-root"),
        help: ArgumentHelp(
            "A directory includes may also come from (repeatable). By default a definition may include only regular files inside its own directory tree.",
            valueName: "DIR"))
    var roots: [String] = []

    func validate() throws {
        for root in roots {
            var info = stat()
            guard stat(root, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else {
                throw ValidationError("--include-root \(root): not a directory")
            }
        }
    }
}
