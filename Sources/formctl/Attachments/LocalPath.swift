import Glibc

/// A path a person typed for a file: `~` and `~/...` are their home directory, as a shell
/// would make them (formctl sees `--attach slides=~/talk.pdf` before any shell expands the `~`
/// after `=`, and a prompt's answer never passes through a shell); anything else is kept, a
/// relative path being relative to the working directory.
enum LocalPath {
    static func expanded(_ typed: String) -> String {
        guard typed == "~" || typed.hasPrefix("~/"), let home = homeDirectory() else { return typed }
        return home + typed.dropFirst()
    }

    /// `$HOME`, else the user's entry in the password database.
    static func homeDirectory() -> String? {
        if let home = Terminal.environment("HOME"), !home.isEmpty { return home }
        guard let entry = getpwuid(getuid()), let directory = entry.pointee.pw_dir else { return nil }
        return String(cString: directory)
    }

    /// Whether `path` names a directory (following links): what `--files DIR` must be.
    static func isDirectory(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
    }

    /// Whether anything is at `path` (a dangling link included).
    static func exists(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0
    }

    /// The directory a file is in: `.` for a bare name, `/` for a file at the root.
    static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }
}
