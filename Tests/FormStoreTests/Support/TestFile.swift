@testable import FormStore
import Secrets

/// A file's bytes for the attachment tests, held in memory, read back by offset as the engine's
/// spooled files are. `failingAt`: reading a piece at or past that offset throws, as a disk
/// that fails mid-way would.
struct TestFile: AttachmentContent {
    struct ReadFailed: Error {}

    let bytes: [UInt8]
    var failingAt: Int?

    init(_ bytes: [UInt8], failingAt: Int? = nil) {
        self.bytes = bytes
        self.failingAt = failingAt
    }

    /// `count` bytes that differ from piece to piece, so a piece stored twice or out of order
    /// reads back different. `seed` makes another file of the same size.
    init(size: Int, seed: UInt8 = 0) {
        var generator = UInt32(seed) &* 2_654_435_761 &+ 1
        bytes = (0..<size).map { _ in
            generator = generator &* 1_103_515_245 &+ 12_345
            return UInt8(truncatingIfNeeded: generator >> 16)
        }
    }

    func read(offset: Int, count: Int) throws -> [UInt8] {
        if let failingAt, offset + count > failingAt { throw ReadFailed() }
        guard offset < bytes.count else { return [] }
        return Array(bytes[offset..<min(bytes.count, offset + count)])
    }

    var sha256: String { SHA256.hex(ofBytes: bytes) }

    /// The write of this file at `keyPath`; `withBytes` false: a file already stored, sent
    /// without its bytes.
    func write(_ keyPath: String, position: Int = 0, name: String = "file.bin", type: String = "application/octet-stream",
               withBytes: Bool = true) -> AttachmentWrite {
        AttachmentWrite(keyPath: keyPath, position: position, name: name, mediaType: type, size: bytes.count, sha256: sha256,
                        content: withBytes ? self : nil)
    }
}

extension SubmissionStorage {
    /// Every byte stored under `sha256`, piece after piece until the store says there is no more.
    func storedBytes(sha256: String) async throws -> [UInt8] {
        var bytes: [UInt8] = []
        var index = 0
        while let piece = try await attachmentChunk(sha256: sha256, index: index) {
            bytes += piece
            index += 1
        }
        return bytes
    }
}
