import FormStore
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// An unnamed temporary file holding one upload until the store reads it: created and unlinked
/// at once, so it vanishes when closed, and when the process dies however it dies.
final class SpooledFile: AttachmentContent, @unchecked Sendable {
    // @unchecked: the descriptor is immutable; writes happen before the file is shared (while
    // staging, in one task), reads after, through pread, which keeps no file position.
    private let descriptor: Int32
    /// The budget the file's bytes are counted against, given back when it closes.
    private let budget: SpoolBudget?
    private let held = Mutex(0)

    /// A new empty file in `directory`, its bytes counted against `budget`.
    init(directory: String, budget: SpoolBudget? = nil) throws(SpoolError) {
        self.budget = budget
        var template = Array((directory.hasSuffix("/") ? directory : directory + "/").utf8CString.dropLast())
        template += Array("formctl-upload-XXXXXX".utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { throw SpoolError(directory: directory, errno: errno) }
        let path = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        unlink(path)
        descriptor = fd
    }

    deinit {
        close(descriptor)
        budget?.give(held.withLock { $0 })
    }

    /// Takes room for `count` more bytes from the budget; false when all uploads in progress
    /// hold its limit already.
    func reserve(_ count: Int) -> Bool {
        guard let budget else { return true }
        guard budget.take(count) else { return false }
        held.withLock { $0 += count }
        return true
    }

    /// `TMPDIR` when it is set, else `/tmp`.
    static var defaultDirectory: String {
        if let tmp = getenv("TMPDIR").map({ String(cString: $0) }), !tmp.isEmpty { return tmp }
        return "/tmp"
    }

    /// Appends `bytes`.
    func append(_ bytes: ArraySlice<UInt8>, directory: String) throws(SpoolError) {
        let code = bytes.withUnsafeBytes { Descriptor.writeAll(descriptor, $0) }
        if code != 0 { throw SpoolError(directory: directory, errno: code) }
    }

    func read(offset: Int, count: Int) throws -> [UInt8] {
        var result = [UInt8](repeating: 0, count: count)
        var filled = 0
        while filled < count {
            let got = result.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress! + filled, count - filled, off_t(offset + filled)) }
            if got < 0 {
                if errno == EINTR { continue }
                throw SpoolError(directory: "the upload spool", errno: errno)
            }
            if got == 0 { break }
            filled += got
        }
        result.removeLast(count - filled)
        return result
    }
}

/// A temporary file for an upload could not be made or written (a full disk, say).
struct SpoolError: Error, Sendable, CustomStringConvertible {
    var directory: String
    var errno: Int32
    var description: String { "cannot keep an upload in \(directory): \(String(cString: strerror(errno)))" }
}
