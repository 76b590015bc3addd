import FormCore
import FormEngine
import Hummingbird

/// A `multipart/form-data` submit (an HTML page with a file input, or a client sending files):
/// read as it streams in, each file part handed straight to the engine's `stage` (an unnamed
/// temporary file; memory holds one piece of the request), the other parts read as the
/// fields of an HTML form, or one JSON part named `answers`. Nothing is stored until the
/// submit that carries the staged files.
extension FormServer {
    /// What a multipart body held.
    struct Upload {
        var body: Body
        var staged: StagedAttachments
        /// What an idempotency key's fingerprint is taken of: the answers and each file's
        /// place and SHA-256, since the body itself is never kept.
        var fingerprint: FingerprintSource
    }

    /// A multipart body refused while it was read: the answer, given while the rest of the
    /// body is drained (so the client, still sending, reads it).
    struct UploadRefusal: Error {
        let error: any Error
        /// The engine's refusal of a file, shown beside its field on a page.
        var fieldErrors: [FieldError] = []
        /// The fields read before it, shown again on that page.
        var fields: [(name: String, value: String)] = []
        let body: MultipartBody
    }

    /// A submit's body as read: the body, the bytes an idempotency key's fingerprint is taken
    /// of, and the files staged; or the answer already made to an upload refused.
    enum SubmitBody {
        case read(Body, fingerprint: FingerprintSource, staged: StagedAttachments?)
        case answered(Response)
    }

    /// The body of a submit to `form` (`readBodyWithFingerprint`, or `readUpload` for a
    /// multipart one). A refused upload is answered with the page when the client did not ask
    /// for JSON (the file's error beside its field; for a post to draft `draftID`'s page, that
    /// draft's page, when its token came before the file), else with the JSON error.
    func readSubmitBody(_ request: Request, for form: ServedForms.Form, draftID: Int64? = nil) async throws -> SubmitBody {
        guard Self.isMultipart(request) else {
            let (body, source) = try await readBodyWithFingerprint(request, for: form)
            return .read(body, fingerprint: source, staged: nil)
        }
        do {
            let upload = try await readUpload(request, for: form)
            return .read(upload.body, fingerprint: upload.fingerprint, staged: upload.staged)
        } catch let refusal as UploadRefusal {
            // Stopped at the request's deadline (a body that stalls): `limited`'s 503, not
            // a refusal of the body as if the client had sent it wrong.
            if Task.isCancelled { throw Self.outOfTime(limits.requestTimeout) }
            guard let served = refusal.error as? ServedError else { throw refusal.error }
            let response: Response
            let draftToken = refusal.fields.last { $0.name == DraftPage.tokenField }?.value
            let draft = draftID.flatMap { id in draftToken.map { DraftPage(id: id, token: $0) } }
            if !wantsJSON(request), !refusal.fieldErrors.isEmpty, draftID == nil || draft != nil {
                let typed = try? form.fieldNames.read(refusal.fields).answers
                response = try await page(form, request, answers: typed, errors: refusal.fieldErrors, status: served.status, draft: draft)
            } else {
                response = HTTPReplies.error(served.status, served.message, served.extra, headers: served.headers)
            }
            return .answered(try await answerWhileDraining(response, body: refusal.body))
        }
    }

    /// Whether the client asked for JSON ahead of a page (`Accept: application/json`).
    func wantsJSON(_ request: Request) -> Bool {
        AcceptedTypes(request.headers[.accept]).prefersJSON
    }

    static func isMultipart(_ request: Request) -> Bool {
        Self.isMediaType(request.headers[.contentType] ?? "", "multipart/form-data")
    }

    /// Reads a multipart body for `form`: 400 for one without a boundary, truncated or
    /// malformed; 413 past the form's `maxUploadSize` plus `--max-body` in all, or past
    /// `--max-body` for the parts that are not files; the engine's refusals of a file (413 for
    /// a size, 415 for a type, 422 for the rest, naming the field) as soon as it is read.
    func readUpload(_ request: Request, for form: ServedForms.Form) async throws -> Upload {
        let type = request.headers[.contentType] ?? ""
        guard let boundary = MultipartBody.boundary(ofContentType: type) else {
            throw ServedError(.badRequest, message: "a multipart/form-data body needs a boundary parameter of 1 to 70 characters")
        }
        let limit = form.loaded.compiled.maxUploadSize + limits.maximumBodyBytes
        let body = MultipartBody(request.body, boundary: boundary, maximumBytes: limit)
        if let declared = request.headers[.contentLength].flatMap({ Int($0) }), declared > limit {
            throw UploadRefusal(error: Self.tooLarge(limit), body: body)
        }
        var staged = StagedAttachments()
        var pairs: [(name: String, value: String)] = []
        var answers: FormValue?
        do {
            while let part = try await body.nextPart() {
                try checkOutsideFiles(body, field: part.name)
                if let fileName = part.fileName {
                    // A file input left empty is sent as a part with no file name and no bytes.
                    var first: ByteBuffer?
                    if fileName.isEmpty {
                        first = try await body.nextBytes()
                        if first == nil { continue }
                    }
                    let upload = AttachmentUpload(keyPath: part.name, fileName: fileName, declaredType: part.contentType,
                                                  bytes: body.fileContent(startingWith: first))
                    do {
                        try await engine.stage(upload, for: form.loaded, into: &staged, deadline: Self.deadline)
                    } catch {
                        // The body broke off (or passed its bound) inside the file.
                        if let failure = body.failure { throw failure }
                        let errors: [FieldError]
                        if case .invalid(let invalid) = error { errors = invalid } else { errors = [] }
                        throw UploadRefusal(error: Self.fileRefusal(error), fieldErrors: errors, fields: pairs, body: body)
                    }
                    continue
                }
                let value = try await fieldText(part, body: body)
                if part.name == "answers", Self.isMediaType(part.contentType ?? "", "application/json") {
                    guard answers == nil else { throw ServedError(.badRequest, message: "send one JSON part named answers, not several") }
                    answers = try Self.parseJSON(ByteBuffer(string: value))
                } else {
                    pairs.append((part.name, value))
                }
            }
        } catch let refusal as UploadRefusal {
            throw refusal
        } catch let error as MultipartBodyError {
            throw UploadRefusal(error: Self.multipartRefusal(error), body: body)
        } catch {
            throw UploadRefusal(error: error, body: body)
        }
        let parsed: Body
        if let answers {
            guard pairs.allSatisfy({ $0.name.hasPrefix("_") }) else {
                throw ServedError(.badRequest, message: "send the answers as one JSON part named answers or as a part per field, not both",
                                  extra: ["field": .string(pairs.first { !$0.name.hasPrefix("_") }?.name ?? "")])
            }
            try JSONBodyBounds.check(answers, against: form.fieldNames)
            parsed = .json(answers)
        } else {
            do { parsed = .htmlForm(try form.fieldNames.read(pairs)) } catch { throw bodyRefusal(error) }
        }
        var fingerprint = FingerprintSource(body: parsed, secureKeys: form.secureKeys)
        fingerprint.files = staged.files.map { "\($0.keyPath) \($0.position) \($0.reference.sha256)" }
        return Upload(body: parsed, staged: staged, fingerprint: fingerprint)
    }

    /// A part that is not a file: its text, within what `--max-body` leaves of the parts that
    /// are not files (413 past it); 400 naming the field for bytes that are not UTF-8.
    private func fieldText(_ part: MultipartBody.PartHead, body: MultipartBody) async throws -> String {
        var bytes: [UInt8] = []
        while let piece = try await body.nextBytes() {
            bytes += piece.readableBytesView
            try checkOutsideFiles(body, field: part.name)
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw ServedError(.badRequest, message: "field '\(part.name.prefix(FlatAnswersError.shownNameLength))': the value is not UTF-8",
                              extra: ["field": .string(String(part.name.prefix(FlatAnswersError.shownNameLength)))])
        }
        return text
    }

    /// 413 naming `field` once what is not a file's content (fields, headers, boundaries)
    /// passes `--max-body`: many small parts are bounded as one large field is.
    private func checkOutsideFiles(_ body: MultipartBody, field: String) throws {
        guard body.bytesOutsideFiles <= limits.maximumBodyBytes else {
            throw ServedError(.contentTooLarge, message: "the parts other than files are larger than \(limits.maximumBodyBytes) bytes (--max-body)",
                              extra: ["field": .string(String(field.prefix(FlatAnswersError.shownNameLength)))])
        }
    }

    static func tooLarge(_ limit: Int) -> ServedError {
        ServedError(.contentTooLarge, message: "the body is larger than \(limit) bytes (the form's maxUploadSize and --max-body together)")
    }

    static func multipartRefusal(_ error: MultipartBodyError) -> ServedError {
        switch error {
        case .truncated:
            return ServedError(.badRequest, message: "the multipart body ends before its closing boundary; nothing was stored")
        case .malformed(let what):
            return ServedError(.badRequest, message: "the multipart body is malformed: \(what); nothing was stored")
        case .tooLarge(let limit):
            return tooLarge(limit)
        case .unreadable:
            return ServedError(.badRequest, message: "the body could not be read to its end; nothing was stored")
        }
    }

    /// The engine's refusal of a file as it was read: 413 for a size, 415 for a type, 422 for
    /// the rest (a field that takes no file, too many files), each naming the field.
    static func fileRefusal(_ error: FormEngineError) -> ServedError {
        guard case .invalid(let errors) = error, let first = errors.first else { return engineRefusal(error) }
        let refusal = engineRefusal(error)
        let status: HTTPResponse.Status
        switch first.rule {
        case "maxSize", "maxUploadSize": status = .contentTooLarge
        case "accept": status = .unsupportedMediaType
        default: status = .unprocessableContent
        }
        return ServedError(status, message: "\(first.path): \(first.message)", extra: refusal.extra.merging(["field": .string(first.path)]) { $1 })
    }

    /// The answer to a refused upload, sent while the rest of the body is read and dropped, up
    /// to the body's bound: a client still sending reads it instead of a reset connection. Past
    /// the bound the connection is closed once the answer is out.
    func answerWhileDraining(_ response: Response, body: MultipartBody) async throws -> Response {
        let collected = CollectedBody()
        try await response.body.write(collected)
        let bytes = collected.buffer
        var headers = response.headers
        headers[.connection] = "close"
        return Response(status: response.status, headers: headers, body: ResponseBody(contentLength: bytes.readableBytes) { writer in
            try await writer.write(bytes)
            guard await body.drain() else { throw Self.tooLarge(body.maximumBytes) }
            try await writer.finish(nil)
        })
    }
}

/// A response's body as bytes (the answers here are small: a page or an error).
private final class CollectedBody: ResponseBodyWriter, @unchecked Sendable {
    // @unchecked: written by the one task that renders the answer, then read by it.
    var buffer = ByteBuffer()
    func write(_ piece: ByteBuffer) async throws { buffer.writeImmutableBuffer(piece) }
    func finish(_ trailingHeaders: HTTPFields?) async throws {}
}
