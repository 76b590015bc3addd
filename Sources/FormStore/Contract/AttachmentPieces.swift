/// A content's bytes as the `AttachmentChunk.size` pieces both backends store, read one at a
/// time, and checked against the size the write declares: bytes that end early or go on past
/// it are refused rather than stored as a file that reads back different.
package struct AttachmentPieces {
    let content: any AttachmentContent
    let sha256: String
    let size: Int
    private var offset = 0
    private var seq = 0

    package init(content: any AttachmentContent, sha256: String, size: Int) {
        self.content = content
        self.sha256 = sha256
        self.size = size
    }

    /// The next piece and its number (from 0); nil once `size` bytes have been read and the
    /// content has nothing more.
    package mutating func next() throws -> (seq: Int, bytes: [UInt8])? {
        guard offset < size else {
            let beyond = try content.read(offset: size, count: 1)
            if !beyond.isEmpty {
                throw StoreError.attachmentSizeMismatch(sha256: sha256, expected: size, found: size + beyond.count)
            }
            return nil
        }
        let count = min(AttachmentChunk.size, size - offset)
        let bytes = try content.read(offset: offset, count: count)
        guard bytes.count == count else {
            throw StoreError.attachmentSizeMismatch(sha256: sha256, expected: size, found: offset + bytes.count)
        }
        defer {
            offset += count
            seq += 1
        }
        return (seq, bytes)
    }

    /// Calls `body` with each piece in order.
    package mutating func forEach(_ body: (Int, [UInt8]) throws -> Void) throws {
        while let (seq, bytes) = try next() { try body(seq, bytes) }
    }
}
