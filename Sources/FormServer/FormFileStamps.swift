import Glibc

/// What a form's files look like on disk without reading them: for its definition, data and
/// strings file, whether it is there and its inode, size, modification and change times
/// (nanoseconds). A write, a rename over it (an editor's save), a new or deleted file changes it.
struct FormFileStamps: Equatable, Sendable {
    struct Stamp: Equatable, Sendable {
        var inode: UInt64 = 0
        var size: Int64 = -1
        var modified: Int64 = 0
        var changed: Int64 = 0
    }

    let definition: Stamp?
    let data: Stamp?
    let strings: Stamp?

    /// The stamps of form `name`'s files in `directory`; nil for a file that is not there.
    init(of name: String, in directory: String) {
        let base = directory + "/" + name
        definition = Self.stamp(base + ".json")
        data = Self.stamp(base + "-data.json")
        strings = Self.stamp(base + ".strings.json")
    }

    static func stamp(_ path: String) -> Stamp? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return Stamp(inode: UInt64(info.st_ino), size: Int64(info.st_size),
                     modified: Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec),
                     changed: Int64(info.st_ctim.tv_sec) * 1_000_000_000 + Int64(info.st_ctim.tv_nsec))
    }

    /// Every form's stamps in `directory`, by name; nil when the directory cannot be read
    /// (for a moment, perhaps: that is no reason to stop serving every form).
    static func all(in directory: String) -> [String: FormFileStamps]? {
        guard let names = try? ServedForms.definitionNames(in: directory) else { return nil }
        return Dictionary(uniqueKeysWithValues: names.map { ($0, FormFileStamps(of: $0, in: directory)) })
    }
}
