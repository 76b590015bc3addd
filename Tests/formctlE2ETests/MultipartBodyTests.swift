@testable import FormServer
import Hummingbird
import Testing

/// The multipart reader over a body that arrives in pieces: parts and their bytes whatever the
/// pieces' sizes (a boundary or a CR split between two reads), a body without its closing
/// boundary refused as truncated, and the whole body bounded.
struct MultipartBodyTests {
    static let boundary = "XyZ-boundary"

    static func body(_ file: [UInt8]) -> [UInt8] {
        let text = "--\(boundary)\r\nContent-Disposition: form-data; name=\"title\"\r\n\r\nHello\r\n"
            + "--\(boundary)\r\nContent-Disposition: form-data; name=\"talks.1.slides\"; filename=\"a \\\"b\\\".pdf\"\r\n"
            + "Content-Type: application/pdf\r\n\r\n"
        return Array(text.utf8) + file + Array("\r\n--\(boundary)--\r\n".utf8)
    }

    /// The parts read from `bytes` sent in pieces of `size`: name, file name and content.
    static func parts(_ bytes: [UInt8], pieces size: Int, maximum: Int = 1 << 20) async throws -> [(String, String?, [UInt8])] {
        let pieces = stride(from: 0, to: bytes.count, by: size).map { ByteBuffer(bytes: bytes[$0..<min($0 + size, bytes.count)]) }
        let reader = MultipartBody(RequestBody(asyncSequence: Pieces(pieces: pieces)), boundary: boundary, maximumBytes: maximum)
        var found: [(String, String?, [UInt8])] = []
        while let part = try await reader.nextPart() {
            var content: [UInt8] = []
            while let piece = try await reader.nextBytes() { content += piece.readableBytesView }
            found.append((part.name, part.fileName, content))
        }
        return found
    }

    struct Pieces: AsyncSequence, Sendable {
        let pieces: [ByteBuffer]
        struct AsyncIterator: AsyncIteratorProtocol {
            var rest: ArraySlice<ByteBuffer>
            mutating func next() async -> ByteBuffer? { rest.popFirst() }
        }
        func makeAsyncIterator() -> AsyncIterator { AsyncIterator(rest: pieces[...]) }
    }

    @Test(arguments: [1, 2, 7, 64, 100_000])
    func partsAndBytesAreTheSameWhateverThePieces(size: Int) async throws {
        // CRs, CRLFs and a line that starts like the boundary inside the file.
        let file = Array("line\r\nmore\r\r\n--XyZ-boundar not it\r\n\r".utf8) + (0..<600).map { UInt8(truncatingIfNeeded: $0 * 7) }
        let found = try await Self.parts(Self.body(file), pieces: size)
        #expect(found.count == 2)
        #expect(found.first?.0 == "title" && found.first?.1 == nil && found.first?.2 == Array("Hello".utf8))
        #expect(found.last?.0 == "talks.1.slides" && found.last?.1 == "a \"b\".pdf" && found.last?.2 == file)
    }

    @Test(arguments: [1, 5, 4096])
    func aBodyWithoutItsClosingBoundaryIsTruncated(size: Int) async throws {
        let whole = Self.body(Array("%PDF-1.4".utf8))
        for cut in [whole.count - 4, whole.count - 10, whole.count / 2, 3] {
            await #expect(throws: MultipartBodyError.self, "cut at \(cut) of \(whole.count)") {
                _ = try await Self.parts(Array(whole.prefix(cut)), pieces: size)
            }
        }
    }

    @Test func aBodyPastItsBoundIsRefused() async throws {
        let whole = Self.body([UInt8](repeating: 65, count: 5_000))
        do {
            _ = try await Self.parts(whole, pieces: 1_000, maximum: 4_000)
            Issue.record("a body of \(whole.count) bytes was read under a bound of 4000")
        } catch MultipartBodyError.tooLarge(let limit) {
            #expect(limit == 4_000)
        }
    }

    @Test func theBoundaryAndTheDispositionAreReadAsSent() {
        #expect(MultipartBody.boundary(ofContentType: "multipart/form-data; boundary=abc") == "abc")
        #expect(MultipartBody.boundary(ofContentType: #"multipart/form-data; charset=utf-8; Boundary="a b:c""#) == "a b:c")
        #expect(MultipartBody.boundary(ofContentType: "multipart/form-data") == nil)
        #expect(MultipartBody.boundary(ofContentType: "multipart/form-data; boundary=" + String(repeating: "x", count: 71)) == nil)
        #expect(ContentDisposition.parameters(#"form-data; name="a;b"; filename="x\"y.png""#) == ["name": "a;b", "filename": #"x"y.png"#])
        #expect(ContentDisposition.parameters("form-data; name=plain; filename=\"\"") == ["name": "plain", "filename": ""])
    }
}
