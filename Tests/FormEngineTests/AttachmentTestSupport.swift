import FormCore
import FormEngine
import Secrets
import Synchronization

/// Bytes as an upload's async sequence, in pieces of `pieceSize`, counting the pieces asked
/// for, so a test can tell that reading stopped early.
struct CountedPieces: AsyncSequence, Sendable {
    typealias Element = ArraySlice<UInt8>
    let bytes: [UInt8]
    let pieceSize: Int
    /// Repeats `bytes` without end (a file far past any limit).
    let endless: Bool
    let taken = PieceCount()

    init(_ bytes: [UInt8], pieceSize: Int = 64 * 1024, endless: Bool = false) {
        self.bytes = bytes
        self.pieceSize = pieceSize
        self.endless = endless
    }

    final class PieceCount: Sendable {
        private let value = Mutex(0)
        func add() { value.withLock { $0 += 1 } }
        var count: Int { value.withLock { $0 } }
    }

    struct AsyncIterator: AsyncIteratorProtocol {
        let source: CountedPieces
        var offset = 0

        mutating func next() async throws -> ArraySlice<UInt8>? {
            if source.endless {
                source.taken.add()
                return ArraySlice(repeating: 0x41, count: source.pieceSize)
            }
            guard offset < source.bytes.count else { return nil }
            source.taken.add()
            let end = Swift.min(source.bytes.count, offset + source.pieceSize)
            defer { offset = end }
            return source.bytes[offset..<end]
        }
    }

    func makeAsyncIterator() -> AsyncIterator { AsyncIterator(source: self) }
}

/// Files of known types and sizes, made byte by byte.
enum SampleFiles {
    /// A PNG whose header says `width`×`height`, padded with `padding` bytes after the header
    /// (enough for staging and sniffing, which read headers only).
    static func png(width: Int, height: Int, padding: Int = 64) -> [UInt8] {
        var bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13]
        bytes += Array("IHDR".utf8) + bigEndian32(width) + bigEndian32(height) + [8, 6, 0, 0, 0]
        bytes += (0..<padding).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        return bytes
    }

    /// A JPEG with an EXIF-like APP1 segment of `metadata` bytes before its frame header.
    static func jpeg(width: Int, height: Int, metadata: Int = 30_000) -> [UInt8] {
        var bytes: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE1]
        bytes += bigEndian16(metadata + 2) + [UInt8](repeating: 0x20, count: metadata)
        bytes += [0xFF, 0xC0, 0x00, 0x11, 0x08] + bigEndian16(height) + bigEndian16(width) + [UInt8](repeating: 0, count: 12)
        bytes += [0xFF, 0xD9]
        return bytes
    }

    static func gif(width: Int, height: Int) -> [UInt8] {
        Array("GIF89a".utf8) + [UInt8(width & 0xFF), UInt8(width >> 8), UInt8(height & 0xFF), UInt8(height >> 8)] + [0, 0, 0, 0x3B]
    }

    /// A lossless WebP (`VP8L`) header of this size.
    static func webp(width: Int, height: Int) -> [UInt8] {
        let w = width - 1, h = height - 1
        let bits = [UInt8(w & 0xFF), UInt8((w >> 8) & 0x3F | (h & 0x03) << 6), UInt8((h >> 2) & 0xFF), UInt8((h >> 10) & 0x0F)]
        return Array("RIFF".utf8) + [40, 0, 0, 0] + Array("WEBPVP8L".utf8) + [20, 0, 0, 0, 0x2F] + bits + [UInt8](repeating: 0, count: 16)
    }

    static func pdf(size: Int = 2_000) -> [UInt8] {
        let head = Array("%PDF-1.7\n".utf8)
        return head + (0..<(size - head.count)).map { UInt8(truncatingIfNeeded: 0x30 + $0 % 40) }
    }

    /// Bytes of every value, in an order that makes any two pieces differ.
    static func noise(_ count: Int) -> [UInt8] {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        return (0..<count).map { _ in
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return UInt8(truncatingIfNeeded: state >> 33)
        }
    }

    static func sha256(_ bytes: [UInt8]) -> String { SHA256.hex(ofBytes: bytes) }

    static func bigEndian32(_ value: Int) -> [UInt8] { [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: value >> $0) } }
    static func bigEndian16(_ value: Int) -> [UInt8] { [8, 0].map { UInt8(truncatingIfNeeded: value >> $0) } }
}

extension AttachmentUpload {
    /// An upload of `bytes` in pieces of `pieceSize`.
    static func bytes(_ bytes: [UInt8], keyPath: String, name: String, type: String? = nil, pieceSize: Int = 64 * 1024)
        -> AttachmentUpload
    {
        AttachmentUpload(keyPath: keyPath, fileName: name, declaredType: type, bytes: CountedPieces(bytes, pieceSize: pieceSize))
    }
}

/// Every piece of a stored file's bytes, joined.
func collected(_ bytes: AttachmentBytes) async throws -> [UInt8] {
    var all: [UInt8] = []
    for try await piece in bytes { all += piece }
    return all
}

/// The field errors a refusal carries; none for any other error.
func fieldErrors(_ body: () async throws -> Void) async -> [FieldError] {
    do {
        try await body()
        return []
    } catch let error as FormEngineError {
        if case .invalid(let errors) = error { return errors }
        return [FieldError(path: "", rule: "other", message: error.description)]
    } catch {
        return [FieldError(path: "", rule: "other", message: "\(error)")]
    }
}
