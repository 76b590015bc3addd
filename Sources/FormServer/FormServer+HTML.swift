import FormCore
import FormEngine
import Hummingbird

/// The browser's side: the page, and a normal form POST answered with the page again (errors
/// beside their fields, 422), the page with an item added or removed, a draft saved (303 to the
/// draft's page), or a success page.
extension FormServer {
    func page(_ form: ServedForms.Form, _ request: Request, answers: FormValue?, errors: [FieldError], status: HTTPResponse.Status,
              draft: DraftPage? = nil) async throws -> Response
    {
        let prefilled: PrefilledSession
        do {
            prefilled = try await engine.makeSession(
                for: form.loaded,
                prefilling: SubmissionRequest(answers: answers, draftID: draft?.id, status: .draft,
                                              draftAccess: draft.map { .resumeToken($0.token) } ?? .anyDraft, deadline: Self.deadline))
        } catch {
            if case .draftNotFound = error { return Self.draftNotFoundPage }
            throw engineRefusal(error)
        }
        let title = form.loaded.definition.title ?? form.name
        // The same answers give the same answer errors here as in the submit that failed.
        var seen = Set<FieldError>()
        let all = (errors + prefilled.errors).filter { seen.insert($0).inserted }
        var response = pageResponse(request, form: form.name, html: { token in
            FormPage(name: form.name, title: title, session: prefilled.session, errors: all, pageToken: token, draft: draft).html
        }, status: status)
        if draft != nil { Self.keepPrivate(&response) }
        return response
    }

    func submitPage(_ form: ServedForms.Form, _ request: Request, _ read: FlatAnswers.Read, draft: DraftPage? = nil) async throws -> Response {
        let answers = read.answers
        // What was typed comes back on a page with a fresh token; nothing is stored.
        guard acceptsPagePost(request, form: form.name, read: read) else {
            return try await page(form, request, answers: answers, errors: [FieldError(path: "", rule: "page", message: Self.stalePage)],
                                  status: .forbidden, draft: draft)
        }
        if read.action != nil { return try await page(form, request, answers: answers, errors: [], status: .ok, draft: draft) }
        let savesDraft = read.pageFields[DraftPage.saveField] != nil
        do {
            let stored = try await engine.submit(
                SubmissionRequest(answers: answers, draftID: draft?.id, status: savesDraft ? .draft : .final,
                                  draftAccess: draft.map { .resumeToken($0.token) } ?? .anyDraft, issuesResumeToken: true,
                                  deadline: Self.deadline),
                to: form.loaded)
            if savesDraft, let token = stored.resumeToken ?? draft?.token {
                // 303 See Other: the browser GETs the draft's page, so a reload does not post again.
                var response = Response.redirect(to: DraftPage.address(form: form.name, id: stored.id, token: token), type: .normal)
                Self.keepPrivate(&response)
                return response
            }
            let title = form.loaded.definition.title ?? form.name
            let body = #"<p id="result" role="status">Saved submission \#(stored.id)</p><p><a href="/forms/\#(HTML.escape(HTML.pathSegment(form.name)))">Fill in another</a></p>"#
            return HTTPReplies.html(HTML.document(title: title, body: body), status: .created)
        } catch {
            switch error {
            case .invalid(let errors):
                return try await page(form, request, answers: answers, errors: errors, status: .unprocessableContent, draft: draft)
            case .cancelled(let action, let message):
                return try await page(form, request, answers: answers, errors: [FieldError(path: "", rule: action, message: message)],
                                      status: .conflict, draft: draft)
            case .draftNotFound:
                return Self.draftNotFoundPage
            default:
                throw engineRefusal(error)
            }
        }
    }
}
