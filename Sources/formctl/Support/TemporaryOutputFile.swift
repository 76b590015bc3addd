import Glibc

/// The file a `--output` is written to before it is renamed over the target: a new name beside
/// the target, created exclusively (`O_CREAT|O_EXCL|O_NOFOLLOW`), so that nothing planted there
/// in advance (a symbolic link at `out.json.tmp` to a file of someone else's) is followed or
/// overwritten, and a reader of the target never sees half a file.
enum TemporaryOutputFile {
    /// Opens `.<name>.<random>.tmp` in the target's directory for writing. Its mode is the
    /// target's when the target exists (a rename must not widen who may read it), else 0644
    /// less the umask, as a file the shell's `>` creates.
    static func create(beside target: String) throws -> (descriptor: Int32, path: String) {
        let slash = target.lastIndex(of: "/")
        let directory = slash.map { String(target[...$0]) } ?? ""
        let name = slash.map { String(target[target.index(after: $0)...]) } ?? target
        for _ in 0..<16 {
            let suffix = String(UInt64.random(in: 0...UInt64.max), radix: 36)
            let candidate = "\(directory).\(name).\(suffix).tmp"
            let descriptor = open(candidate, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
            if descriptor >= 0 {
                var existing = stat()
                if stat(target, &existing) == 0, existing.st_mode & S_IFMT == S_IFREG {
                    _ = fchmod(descriptor, existing.st_mode & 0o777)
                }
                return (descriptor, candidate)
            }
            if errno != EEXIST { throw failure(target) }
        }
        throw failure(target)
    }

    private static func failure(_ target: String) -> CommandFailure {
        CommandFailure("formctl: cannot write \(target): \(String(cString: strerror(errno)))", exitCode: .storage)
    }
}
