import FormCore
import FormEngine
import FormStore
import Hummingbird

/// The browser's side: the page, and a normal form POST answered with the page again (errors
/// beside their fields, 422), the page with an item added or removed, or a success page.
extension FormServer {
    func page(_ form: ServedForms.Form, _ request: Request, answers: FormValue?, errors: [FieldError], status: HTTPResponse.Status)
        async throws -> Response
    {
        let prefilled = try await engineCall {
            try await engine.makeSession(for: form.loaded, prefilling: SubmissionRequest(answers: answers, status: .draft, deadline: Self.deadline))
        }
        let title = form.loaded.definition.title ?? form.name
        // The same answers give the same answer errors here as in the submit that failed.
        var seen = Set<FieldError>()
        let all = (errors + prefilled.errors).filter { seen.insert($0).inserted }
        return pageResponse(request, form: form.name, html: { token in
            FormPage(name: form.name, title: title, session: prefilled.session, errors: all, pageToken: token,
                     idempotencyKey: SecretToken.make()).html
        }, status: status)
    }

    /// `key` is the Idempotency-Key header's, else the page's own (`idempotencyKeyField`): a
    /// second post of one rendered page (a double click, a reload after a slow answer) waits
    /// for the first and gets its success page, storing nothing more.
    func submitPage(_ form: ServedForms.Form, _ request: Request, _ read: FlatAnswers.Read, key: String?, fingerprint: String)
        async throws -> Response
    {
        let answers = read.answers
        // What was typed comes back on a page with a fresh token; nothing is stored.
        guard acceptsPagePost(request, form: form.name, read: read) else {
            return try await page(form, request, answers: answers, errors: [FieldError(path: "", rule: "page", message: Self.stalePage)], status: .forbidden)
        }
        if read.action != nil { return try await page(form, request, answers: answers, errors: [], status: .ok) }
        let key = try key ?? Self.idempotencyKey(read.pageFields[Self.idempotencyKeyField], from: "\(Self.idempotencyKeyField) field")
        let title = form.loaded.definition.title ?? form.name
        let name = form.name
        let success: @Sendable (Submission) -> IdempotentResponse = { stored in
            let body = #"<p id="result" role="status">Saved submission \#(stored.id)</p><p><a href="/forms/\#(HTML.escape(HTML.pathSegment(name)))">Fill in another</a></p>"#
            return IdempotentResponse(status: 201, contentType: HTTPReplies.htmlType, body: HTML.document(title: title, body: body))
        }
        do {
            return try await idempotent(key, fingerprint: fingerprint, waits: true, response: success) { idempotency in
                do {
                    let stored = try await engine.submit(SubmissionRequest(answers: answers, status: .final, deadline: Self.deadline,
                                                                           idempotency: idempotency), to: form.loaded)
                    return HTTPReplies.html(success(stored).body, status: .created)
                } catch let error as FormEngineError {
                    throw PageRefusal(error: error)
                }
            }
        } catch let refusal as PageRefusal {
            let error = refusal.error
            switch error {
            case .invalid(let errors):
                return try await page(form, request, answers: answers, errors: errors, status: .unprocessableContent)
            case .cancelled(let action, let message):
                return try await page(form, request, answers: answers, errors: [FieldError(path: "", rule: action, message: message)], status: .conflict)
            default:
                throw engineRefusal(error)
            }
        }
    }
}

/// An engine refusal carried out of `idempotent` to be answered with the page again.
struct PageRefusal: Error {
    let error: FormEngineError
}
