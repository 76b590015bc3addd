import Glibc
import Hummingbird
import MultipartKit

/// A `multipart/form-data` body read part by part as it streams in, through multipart-kit's
/// parser: a part's head, then its bytes piece by piece, one piece of the request at a time in
/// memory. The whole body is bounded (`maximumBytes`, 413 past it), and one that ends before
/// its closing boundary is refused as truncated rather than taken as complete.
final class MultipartBody: @unchecked Sendable {
    // @unchecked: one task reads it at a time. The handler reads a part's head, then the part's
    // bytes (itself, or through the engine's stage, which it awaits), then the next part; the
    // refusal's answer drains what is left only after the handler has stopped reading.

    /// A part's headers as the handler needs them.
    struct PartHead {
        /// Content-Disposition's `name`: a field's key path, `answers`, or a page field (`_...`).
        var name: String
        /// Content-Disposition's `filename`: present (perhaps empty) for a file input's part.
        var fileName: String?
        /// The part's Content-Type, a hint for a file's type.
        var contentType: String?
    }

    private enum Event {
        case header(name: String, value: String)
        case bytes(ByteBuffer)
        case end
    }

    private var source: RequestBody.AsyncIterator
    private let parser: MultipartParser
    /// What the parser found in the piece of the request read last, in order, not yet taken.
    private var events: [Event] = []
    private var taken = 0
    /// Whether the current part's bytes are still being read.
    private var inPart = false
    /// Bytes of the request read so far, and the most it may send.
    private(set) var received = 0
    let maximumBytes: Int
    /// Bytes delivered as a file part's content.
    private(set) var fileBytes = 0

    /// Bytes read that are not a file's content: boundaries, headers, fields' values. Content
    /// read from the request but not yet taken is not counted (it may be a file's).
    var bytesOutsideFiles: Int {
        var pendingContent = 0
        for event in events[taken...] {
            if case .bytes(let piece) = event { pendingContent += piece.readableBytes }
        }
        return received - fileBytes - pendingContent
    }
    /// `CRLF--boundary--`, searched for in the stream: a body is whole only once it came.
    private let closeDelimiter: [UInt8]
    /// The bytes before the current piece that may start the close delimiter.
    private var carried: [UInt8]
    private(set) var isClosed = false
    /// The most bytes read in a row without a part's content: a part's headers (with the
    /// boundary before them), the bytes before the first part or after the last. The parser
    /// holds a header whole until its line ends (and copies it with each piece of the request),
    /// so one far too long is refused as it comes, not once the body's bound is reached.
    static let maximumHeadBytes = 16 * 1024
    /// Bytes read since the last piece that held some of a part's content (or its end).
    private var headBytes = 0

    init(_ body: RequestBody, boundary: String, maximumBytes: Int) {
        source = body.makeAsyncIterator()
        parser = MultipartParser(boundary: boundary)
        self.maximumBytes = maximumBytes
        closeDelimiter = Array("\r\n--\(boundary)--".utf8)
        // A body whose first line is the close delimiter (no part at all) starts without CRLF.
        carried = [13, 10]
        parser.onHeader = { [unowned self] name, value in
            flushPending()
            events.append(.header(name: name, value: value))
        }
        // The parser hands a part's bytes over split at every CR; the pieces of one read of the
        // request are joined again before anyone takes them.
        parser.onBody = { [unowned self] piece in
            if pending == nil { pending = piece } else { pending?.writeBuffer(&piece) }
        }
        parser.onPartComplete = { [unowned self] in
            flushPending()
            events.append(.end)
        }
    }

    /// Content bytes the parser gave since the last event.
    private var pending: ByteBuffer?

    private func flushPending() {
        if let piece = pending { events.append(.bytes(piece)) }
        pending = nil
    }

    /// The boundary of a `multipart/form-data` Content-Type, nil when there is none or it is
    /// not one RFC 2046 allows (1 to 70 characters).
    static func boundary(ofContentType type: String) -> String? {
        for parameter in type.split(separator: ";").dropFirst() {
            let pair = parameter.split(separator: "=", maxSplits: 1).map { String($0.withoutHTTPWhitespace) }
            guard pair.count == 2, pair[0].lowercased() == "boundary" else { continue }
            var value = pair[1]
            if value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") { value = String(value.dropFirst().dropLast()) }
            return (1...70).contains(value.utf8.count) && !value.contains("\r") && !value.contains("\n") ? value : nil
        }
        return nil
    }

    /// The next part's head, the rest of the current part skipped; nil after the last part.
    func nextPart() async throws(MultipartBodyError) -> PartHead? {
        while inPart { _ = try await nextBytes() }
        var headers: [(name: String, value: String)] = []
        while true {
            guard taken < events.count else {
                guard try await readMore() else {
                    guard headers.isEmpty, isClosed else { throw .truncated }
                    return nil
                }
                continue
            }
            switch events[taken] {
            case .header(let name, let value):
                taken += 1
                headers.append((name, value))
            case .bytes, .end:
                // The first byte of a part's content (or its end) closes its headers.
                inPart = true
                return try Self.head(headers)
            }
        }
    }

    /// Why reading stopped, when it failed: a reader of a file's bytes (the engine's stage)
    /// reports it in its own words, and the answer says this instead.
    private(set) var failure: MultipartBodyError?

    /// The current part's next piece; nil at its end.
    func nextBytes() async throws(MultipartBodyError) -> ByteBuffer? {
        do { return try await nextPieceOfPart() } catch {
            failure = error
            throw error
        }
    }

    private func nextPieceOfPart() async throws(MultipartBodyError) -> ByteBuffer? {
        guard inPart else { return nil }
        while true {
            guard taken < events.count else {
                guard try await readMore() else { throw .truncated }
                continue
            }
            let event = events[taken]
            taken += 1
            switch event {
            case .bytes(let piece): return piece
            case .end:
                inPart = false
                return nil
            case .header: throw .malformed("a part's headers came inside another part")
            }
        }
    }

    /// The current part's bytes as a file's content, for `AttachmentUpload.bytes`: `first`
    /// (a piece read already), then the rest.
    func fileContent(startingWith first: ByteBuffer? = nil) -> FileContent { FileContent(body: self, first: first) }

    struct FileContent: AsyncSequence, Sendable {
        let body: MultipartBody
        let first: ByteBuffer?
        struct AsyncIterator: AsyncIteratorProtocol {
            let body: MultipartBody
            var first: ByteBuffer?
            mutating func next() async throws -> ArraySlice<UInt8>? {
                let piece: ByteBuffer
                if let given = first {
                    piece = given
                    first = nil
                } else {
                    guard let read = try await body.nextBytes() else { return nil }
                    piece = read
                }
                body.fileBytes += piece.readableBytes
                return Array(piece.readableBytesView)[...]
            }
        }
        func makeAsyncIterator() -> AsyncIterator { AsyncIterator(body: body, first: first) }
    }

    /// Reads and drops the rest of the request, up to `maximumBytes` in all: whether it ended
    /// within them (a refused request's answer is read by a client still sending).
    func drain() async -> Bool {
        while received <= maximumBytes {
            do {
                guard let piece = try await source.next() else { return true }
                received += piece.readableBytes
            } catch { return false }
        }
        return false
    }

    /// The next piece of the request, given to the parser; false at the request's end.
    private func readMore() async throws(MultipartBodyError) -> Bool {
        events.removeAll(keepingCapacity: true)
        taken = 0
        let piece: ByteBuffer?
        do { piece = try await source.next() } catch { throw .unreadable }
        guard let piece else { return false }
        received += piece.readableBytes
        guard received <= maximumBytes else { throw .tooLarge(maximumBytes) }
        if !isClosed { lookForCloseDelimiter(in: piece) }
        do { try parser.execute(piece) } catch { throw .malformed("it does not parse as multipart/form-data") }
        flushPending()
        let tookContent = events.contains { if case .header = $0 { false } else { true } }
        headBytes = tookContent ? 0 : headBytes + piece.readableBytes
        guard headBytes <= Self.maximumHeadBytes else {
            throw .malformed("a part's headers (or what comes before the first part or after the last) are longer than \(Self.maximumHeadBytes) bytes")
        }
        return true
    }

    private func lookForCloseDelimiter(in piece: ByteBuffer) {
        let window = carried + piece.readableBytesView
        let found = window.withUnsafeBytes { bytes in
            closeDelimiter.withUnsafeBytes { delimiter in
                guard let base = bytes.baseAddress, let wanted = delimiter.baseAddress, bytes.count >= delimiter.count else { return false }
                // From CR to CR (memchr), comparing the delimiter's length at each (memcmp).
                var offset = 0
                let last = bytes.count - delimiter.count
                while offset <= last, let cr = memchr(base + offset, 13, last - offset + 1) {
                    let at = base.distance(to: UnsafeRawPointer(cr))
                    if memcmp(cr, wanted, delimiter.count) == 0 { return true }
                    offset = at + 1
                }
                return false
            }
        }
        if found { isClosed = true }
        carried = Array(window.suffix(closeDelimiter.count - 1))
    }

    private static func head(_ headers: [(name: String, value: String)]) throws(MultipartBodyError) -> PartHead {
        guard let disposition = headers.last(where: { $0.name.lowercased() == "content-disposition" })?.value else {
            throw .malformed("a part has no Content-Disposition header")
        }
        let parameters = ContentDisposition.parameters(disposition)
        guard let name = parameters["name"] else { throw .malformed("a part's Content-Disposition has no name") }
        let type = headers.last(where: { $0.name.lowercased() == "content-type" })?.value
        return PartHead(name: name, fileName: ContentDisposition.fileName(parameters), contentType: type)
    }
}

/// A multipart body that cannot be read whole.
enum MultipartBodyError: Error {
    /// It ended before its closing boundary (or within a part).
    case truncated
    /// It does not parse: what is wrong, for the answer.
    case malformed(String)
    /// It is larger than the bound, in bytes.
    case tooLarge(Int)
    /// The connection failed while it was read.
    case unreadable
}
