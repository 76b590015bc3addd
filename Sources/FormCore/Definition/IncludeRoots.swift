#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The directories a load may include files from: the loaded form's own directory tree and any
/// the caller allows. A path is checked before anything opens it, first as written (so a path
/// that points outside is refused without even a look at what is there), then with its symbolic
/// links resolved (so a link inside the tree cannot lead out of it).
struct IncludeRoots {
    /// Each root made absolute and normalized, as written.
    let written: [String]
    /// Each root with its symbolic links resolved; a root that does not exist has none.
    let resolved: [String]

    init(_ directories: [String]) {
        written = directories.map(PathNames.absolute)
        resolved = directories.compactMap(PathNames.resolved)
    }

    /// Whether `absolutePath` (normalized) lies in one of the roots, as written or resolved.
    func containsWritten(_ absolutePath: String) -> Bool {
        (written + resolved).contains { PathNames.isInside(absolutePath, directory: $0) }
    }

    /// Whether a fully resolved path lies in one of the resolved roots.
    func containsResolved(_ resolvedPath: String) -> Bool {
        resolved.contains { PathNames.isInside(resolvedPath, directory: $0) }
    }

    var description: String { written.joined(separator: ", ") }
}

/// Path arithmetic on strings, without touching the file system unless the name says so.
enum PathNames {
    /// `path` made absolute against the working directory, with `.`, `..` and doubled slashes
    /// collapsed lexically (`..` at the root stays at the root).
    static func absolute(_ path: String) -> String {
        let full = path.hasPrefix("/") ? path : workingDirectory() + "/" + path
        var parts: [Substring] = []
        for part in full.split(separator: "/", omittingEmptySubsequences: true) {
            if part == "." { continue }
            if part == ".." {
                if !parts.isEmpty { parts.removeLast() }
                continue
            }
            parts.append(part)
        }
        return "/" + parts.joined(separator: "/")
    }

    /// The path with every symbolic link resolved (`realpath(3)`); nil when it does not exist.
    static func resolved(_ path: String) -> String? {
        guard let pointer = realpath(path, nil) else { return nil }
        defer { free(pointer) }
        return String(cString: pointer)
    }

    static func isInside(_ path: String, directory: String) -> Bool {
        directory == "/" || path == directory || path.hasPrefix(directory + "/")
    }

    static func workingDirectory() -> String {
        guard let pointer = getcwd(nil, 0) else { return "/" }
        defer { free(pointer) }
        return String(cString: pointer)
    }

    /// The directory part of a path (`forms` for `forms/a.json`, `.` for `a.json`).
    static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// The last component, for short messages (`a.json -> b.json`).
    static func fileName(_ path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }
}
