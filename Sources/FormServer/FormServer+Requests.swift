import FormCore
import FormEngine
import Hummingbird
import NIOCore
import OrderedCollections

/// Reading what a request sends: its body within the size limit, as JSON or as an HTML form.
extension FormServer {
    enum Body {
        case json(FormValue)
        /// An HTML form's fields, already read as answers against the form.
        case htmlForm(FlatAnswers.Read)
    }

    /// The body as JSON or form fields by its Content-Type; 415 for any other type, 400 for
    /// JSON that does not parse or is not UTF-8 (with where), 413 past the size limit. Either is
    /// held to the same bounds (`FlatAnswers.Limits`, `JSONBodyBounds`); form fields are read
    /// against `form`: 400 for a malformed escape or a bound passed, 422 for a name the form
    /// does not have.
    func readBody(_ request: Request, for form: ServedForms.Form) async throws -> Body {
        let buffer = try await collectBody(request)
        return try parseBody(buffer, type: request.headers[.contentType] ?? "", for: form)
    }

    /// `readBody`, with what an idempotency key's fingerprint is taken of.
    func readBodyWithFingerprint(_ request: Request, for form: ServedForms.Form) async throws -> (body: Body, source: FingerprintSource) {
        let buffer = try await collectBody(request)
        let body = try parseBody(buffer, type: request.headers[.contentType] ?? "", for: form)
        return (body, FingerprintSource(body: body, secureKeys: form.secureKeys))
    }

    /// The body's bytes, up to the size limit (413 past it). A body whose Content-Length
    /// already says it is too large is refused before a byte of it is read, and the connection
    /// closed after the answer: waiting for bytes that will be refused would hold the
    /// connection for as long as the client cares to send them.
    private func collectBody(_ request: Request) async throws -> ByteBuffer {
        if let declared = request.headers[.contentLength].flatMap({ Int($0) }), declared > limits.maximumBodyBytes {
            throw ServedError(.contentTooLarge, message: "the body is \(declared) bytes (Content-Length); at most \(limits.maximumBodyBytes) are read (--max-body)",
                              headers: [.connection: "close"])
        }
        // Only the bound passed is a 413: a body that stopped coming (the read timeout closed
        // the connection) was logged as one.
        do { return try await request.body.collect(upTo: limits.maximumBodyBytes) } catch is NIOTooManyBytesError {
            throw ServedError(.contentTooLarge, message: "the body is larger than \(limits.maximumBodyBytes) bytes")
        } catch {
            throw ServedError(.requestTimeout, message: "the body stopped before its end (the client stopped sending it, or paused longer than --body-timeout)")
        }
    }

    /// JSON as sent, a key given twice refused rather than resolved silently; 400 naming where
    /// it does not parse.
    static func parseJSON(_ buffer: ByteBuffer) throws -> FormValue {
        // The bytes as sent: decoding them to a String first would turn invalid UTF-8 into U+FFFD.
        let parsed = buffer.withUnsafeReadableBytes { raw in
            Result { () throws(JSONSyntaxError) in try JSONReader.parse(bytes: raw.bindMemory(to: UInt8.self), rejectingDuplicateKeys: true) }
        }
        do { return try parsed.get() } catch { throw ServedError(.badRequest, message: "the body is not JSON: \(error)") }
    }

    /// Whether a Content-Type names `name` (lower case): its media type, before any `;`
    /// parameter, is that and nothing longer (`application/jsonx` is not JSON).
    /// Compared byte by byte, ASCII letters folded: every POST asks it three times, and splitting
    /// and lowercasing Strings each time showed in a submission's profile.
    static func isMediaType(_ contentType: String, _ name: String) -> Bool {
        func isWhitespace(_ byte: UInt8) -> Bool { byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
        var mediaType = contentType.utf8.prefix { $0 != UInt8(ascii: ";") }.drop(while: isWhitespace)
        while let last = mediaType.last, isWhitespace(last) { mediaType.removeLast() }
        guard mediaType.count == name.utf8.count else { return false }
        return zip(mediaType, name.utf8).allSatisfy { given, wanted in
            (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(given) ? given | 0x20 == wanted : given == wanted
        }
    }

    /// Whether a body starts (after white space) as a JSON object or array does: no form's
    /// fields are named that way, since `{` and `[` are escaped in a form's names.
    static func looksLikeJSON(_ buffer: ByteBuffer) -> Bool {
        guard let first = buffer.readableBytesView.first(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }) else { return false }
        return first == UInt8(ascii: "{") || first == UInt8(ascii: "[")
    }

    private func parseBody(_ buffer: ByteBuffer, type: String, for form: ServedForms.Form) throws -> Body {
        // The bytes as sent: decoding them to a String first would turn invalid UTF-8 into U+FFFD.
        if Self.isMediaType(type, "application/x-www-form-urlencoded") {
            // `curl -d '{...}'` sends JSON as a form: read as one, the whole object became a
            // field name, quoted back in the 422 (passwords and all).
            if Self.looksLikeJSON(buffer) {
                throw ServedError(.unsupportedMediaType, message: "the body looks like JSON but was sent as application/x-www-form-urlencoded (as curl -d does): send it with Content-Type: application/json")
            }
            let read = buffer.withUnsafeReadableBytes { raw in
                Result { () throws(FlatAnswersError) in try form.fieldNames.read(urlEncoded: raw.bindMemory(to: UInt8.self)) }
            }
            do { return .htmlForm(try read.get()) } catch { throw bodyRefusal(error) }
        }
        guard Self.isMediaType(type, "application/json") else {
            throw ServedError(.unsupportedMediaType, message: "send application/json (or an HTML form), not '\(type.isEmpty ? "no Content-Type" : type)'")
        }
        let body = try Self.parseJSON(buffer)
        try JSONBodyBounds.check(body, against: form.fieldNames)
        return .json(body)
    }

    /// A JSON object a request sends about a submission rather than a form's answers (a
    /// review): 415 for another type, 400 for JSON that does not parse or is not an object,
    /// 413 past the size limit.
    func readJSONObject(_ request: Request) async throws -> OrderedDictionary<String, FormValue> {
        let buffer = try await collectBody(request)
        let type = request.headers[.contentType] ?? ""
        guard Self.isMediaType(type, "application/json") else {
            throw ServedError(.unsupportedMediaType, message: "send application/json, not '\(type.isEmpty ? "no Content-Type" : type)'")
        }
        guard case .object(let members) = try Self.parseJSON(buffer) else { throw ServedError(.badRequest, message: "send a JSON object") }
        return members
    }

    /// A form body refused: 422 in the shape of the engine's answer errors for what the form
    /// does not take (a JSON body with the same keys gets the same), 400 naming the field for
    /// bytes that do not decode and bounds passed.
    func bodyRefusal(_ error: FlatAnswersError) -> ServedError {
        switch error.kind {
        case .unknownName, .maximumItems:
            let rule = error.kind == .unknownName ? "answers" : "maximumItems"
            let entry: FormValue = ["path": .string(error.name), "rule": .string(rule), "message": .string(error.message)]
            return ServedError(.unprocessableContent, message: "the values are not valid", extra: ["errors": [entry]])
        case .encoding, .bound, .action, .repeatedName:
            return ServedError(.badRequest, message: error.description, extra: ["field": .string(error.name)])
        }
    }

    /// Whether the client asked for a page rather than JSON.
    func wantsHTML(_ request: Request) -> Bool {
        let accept = request.headers[.accept] ?? ""
        return accept.contains("text/html")
    }
}
