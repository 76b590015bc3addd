import FormCore
import FormEngine
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
            FormPage(name: form.name, title: title, session: prefilled.session, errors: all, pageToken: token).html
        }, status: status)
    }

    func submitPage(_ form: ServedForms.Form, _ request: Request, _ read: FlatAnswers.Read) async throws -> Response {
        let answers = read.answers
        // What was typed comes back on a page with a fresh token; nothing is stored.
        guard acceptsPagePost(request, form: form.name, read: read) else {
            return try await page(form, request, answers: answers, errors: [FieldError(path: "", rule: "page", message: Self.stalePage)], status: .forbidden)
        }
        if read.action != nil { return try await page(form, request, answers: answers, errors: [], status: .ok) }
        do {
            let stored = try await engine.submit(SubmissionRequest(answers: answers, status: .final, deadline: Self.deadline), to: form.loaded)
            let title = form.loaded.definition.title ?? form.name
            let body = #"<p id="result" role="status">Saved submission \#(stored.id)</p><p><a href="/forms/\#(HTML.escape(HTML.pathSegment(form.name)))">Fill in another</a></p>"#
            return HTTPReplies.html(HTML.document(title: title, body: body), status: .created)
        } catch {
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
