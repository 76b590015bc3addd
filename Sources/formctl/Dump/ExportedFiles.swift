import Glibc

/// `dump --files DIR` says on standard error how many files it wrote: the regular files under
/// DIR written since the dump began (the export rewrites a file already there, so a second
/// dump into the same directory counts its files again, and files of other dumps are not
/// counted).
enum ExportedFiles {
    /// The time by the clock the kernel stamps files with: the coarse one, up to a tick behind
    /// CLOCK_REALTIME, which would make a file written just after the start look older.
    static func now() -> timespec {
        var time = timespec()
        clock_gettime(CLOCK_REALTIME_COARSE, &time)
        return time
    }

    static func report(in directory: String, since start: timespec) {
        let count = written(in: directory, since: start)
        Terminal.printError("wrote \(count) file\(count == 1 ? "" : "s") under \(directory)")
    }

    /// Regular files under `directory` (symbolic links not followed) modified at or after `start`.
    static func written(in directory: String, since start: timespec) -> Int {
        guard let stream = opendir(directory) else { return 0 }
        defer { closedir(stream) }
        var count = 0
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name == "." || name == ".." { continue }
            let path = directory + "/" + name
            var info = stat()
            guard lstat(path, &info) == 0 else { continue }
            switch info.st_mode & S_IFMT {
            case S_IFDIR:
                count += written(in: path, since: start)
            case S_IFREG where (info.st_mtim.tv_sec, info.st_mtim.tv_nsec) >= (start.tv_sec, start.tv_nsec):
                count += 1
            default:
                break
            }
        }
        return count
    }
}
