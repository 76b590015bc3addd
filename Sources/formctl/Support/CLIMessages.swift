import Foundation

/// The library's errors name its own options (`StoreOptions.tablePrefix`, `includeRoots`...),
/// which a person at a terminal sets with formctl's flags: every message formctl prints passes
/// through here, so that it names the flag to pass instead.
enum CLIMessages {
    /// Each library phrase and what formctl says in its place.
    static let flags: [(library: String, cli: String)] = [
        ("(the tablePrefix store option)", "(--table-prefix)"),
        ("open it adopting it (the adoptingForeignDatabase store option)", "run formctl migrate --adopt"),
        ("open it once without the readOnly store option to migrate it first", "run formctl migrate on it first"),
        ("(the busyTimeout store option)", "(--busy-timeout SECONDS)"),
        ("with the includeRoots option", "with --include-root"),
        ("(register one with the engine's registerAction)", "(route it with --action NAME=PROGRAM)"),
    ]

    /// `text` with every library option it names replaced by formctl's flag.
    static func text(_ text: String) -> String {
        var text = text
        for (library, cli) in flags where text.contains(library) {
            text = text.replacingOccurrences(of: library, with: cli)
        }
        return text
    }
}
