import FormCore
import FormEngine
import Hummingbird

/// Reading what a request sends: its body within the size limit, as JSON or as an HTML form.
extension FormServer {
    enum Body {
        case json(FormValue)
        case htmlForm([(name: String, value: String)])
    }

    /// The body as JSON or form fields by its Content-Type; 415 for any other type, 400 for
    /// JSON that does not parse (with where), 413 past the size limit.
    func readBody(_ request: Request) async throws -> Body {
        let type = (request.headers[.contentType] ?? "").lowercased()
        var buffer: ByteBuffer
        do { buffer = try await request.body.collect(upTo: limits.maximumBodyBytes) } catch {
            throw ServedError(.contentTooLarge, message: "the body is larger than \(limits.maximumBodyBytes) bytes")
        }
        let text = buffer.readString(length: buffer.readableBytes) ?? ""
        if type.hasPrefix("application/x-www-form-urlencoded") {
            return .htmlForm(URLEncodedPairs.parse(text))
        }
        guard type.hasPrefix("application/json") else {
            throw ServedError(.unsupportedMediaType, message: "send application/json (or an HTML form), not '\(type.isEmpty ? "no Content-Type" : type)'")
        }
        // A body is answers (or values): a key given twice is refused, not resolved silently.
        do { return .json(try JSONReader.parse(text, rejectingDuplicateKeys: true)) } catch {
            throw ServedError(.badRequest, message: "the body is not JSON: \(error)")
        }
    }

    /// Whether the client asked for a page rather than JSON.
    func wantsHTML(_ request: Request) -> Bool {
        let accept = request.headers[.accept] ?? ""
        return accept.contains("text/html")
    }

    /// The bearer token, compared in constant time; 401 without it, 404 when the server has none
    /// (the endpoints that read stored submissions are then off).
    func requireToken(_ request: Request) throws {
        guard let token else { throw ServedError(.notFound, message: "reading submissions is off: start the server with --token-file") }
        let given = request.headers[.authorization] ?? ""
        guard given.hasPrefix("Bearer "), ConstantTime.equal(String(given.dropFirst("Bearer ".count)), token) else {
            throw ServedError(.unauthorized, message: "a valid bearer token is needed", headers: [.wwwAuthenticate: "Bearer"])
        }
    }
}

/// `a=1&b=two+words&c=%C3%A9`, in order, repeated names kept.
enum URLEncodedPairs {
    static func parse(_ text: String) -> [(name: String, value: String)] {
        text.split(separator: "&", omittingEmptySubsequences: true).map { pair in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            return (decode(parts[0]), parts.count > 1 ? decode(parts[1]) : "")
        }
    }

    static func decode(_ text: Substring) -> String {
        var bytes: [UInt8] = []
        var iterator = Array(text.utf8).makeIterator()
        while let byte = iterator.next() {
            switch byte {
            case UInt8(ascii: "+"): bytes.append(UInt8(ascii: " "))
            case UInt8(ascii: "%"):
                guard let high = iterator.next(), let low = iterator.next(), let value = UInt8(String(decoding: [high, low], as: UTF8.self), radix: 16)
                else { continue }
                bytes.append(value)
            default: bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

/// Token comparison that takes as long whatever the first difference: an attacker timing the
/// answers learns nothing of the token.
enum ConstantTime {
    static func equal(_ a: String, _ b: String) -> Bool {
        let x = Array(a.utf8), y = Array(b.utf8)
        var difference = UInt8(x.count == y.count ? 0 : 1)
        for index in 0..<max(x.count, y.count) {
            difference |= (index < x.count ? x[index] : 0) ^ (index < y.count ? y[index] : 0)
        }
        return difference == 0
    }
}
