import FormCore
import FormEngine
import Hummingbird
import Secrets

/// The browser's side: the page, and a normal form POST answered with the page again (errors
/// beside their fields, 422), the page with an item added or removed, a draft saved (303 to the
/// draft's page), or a success page.
extension FormServer {
    func page(_ form: ServedForms.Form, _ request: Request, answers: FormValue?, errors: [FieldError], status: HTTPResponse.Status,
              draft: DraftPage? = nil) async throws -> Response
    {
        let prefilled: PrefilledSession
        do {
            var prefilling = SubmissionRequest(answers: answers, draftID: draft?.id, status: .draft,
                                               draftAccess: draft.map { .resumeToken($0.token) } ?? .anyDraft, deadline: Self.deadline)
            prefilling.languages = Self.languagePreferences(of: request)
            prefilled = try await engine.makeSession(for: form.loaded, prefilling: prefilling)
        } catch {
            if case .draftNotFound = error { return draftNotFoundPage }
            throw engineRefusal(error)
        }
        Self.fillToMinimumItems(prefilled.session)
        let title = Self.title(of: form, in: prefilled.session.language)
        let chosen = Self.explicitLanguage(of: request)
        // The same answers give the same answer errors here as in the submit that failed.
        var seen = Set<FieldError>()
        let all = (errors + prefilled.errors).filter { seen.insert($0).inserted }
        var response = pageResponse(request, form: form.name, html: { token in
            FormPage(name: form.name, title: title, session: prefilled.session, errors: all, pageToken: token,
                     idempotencyKey: SecretToken.make(), draft: draft, paths: paths, chosenLanguage: chosen).html
        }, status: status)
        if draft != nil { Self.keepPrivate(&response) }
        return response
    }

    /// `key` is the Idempotency-Key header's, else the page's own (`idempotencyKeyField`): a
    /// second post of one rendered page (a double click, a reload after a slow answer) waits
    /// for the first and gets its success page, storing nothing more. Save draft is not kept
    /// that way: its answer is an address holding the draft's secret, which is never stored.
    func submitPage(_ form: ServedForms.Form, _ request: Request, _ read: FlatAnswers.Read, key: String?, fingerprint: String,
                    draft: DraftPage? = nil, staged: StagedAttachments? = nil) async throws -> Response
    {
        let answers = read.answers
        // What was typed comes back on a page with a fresh token; nothing is stored.
        guard acceptsPagePost(request, form: form.name, read: read) else {
            let stale = FieldError(path: "", rule: "page", message: PageMessages.text(.stalePage))
            return try await page(form, request, answers: answers, errors: [stale],
                                  status: .forbidden, draft: draft)
        }
        if read.action != nil { return try await page(form, request, answers: answers, errors: [], status: .ok, draft: draft) }
        if try Self.savesDraft(read) {
            return try await saveDraftPage(form, request, answers: answers, draft: draft, staged: staged)
        }
        let key = try key ?? Self.idempotencyKey(read.pageFields[Self.idempotencyKeyField], from: "\(Self.idempotencyKeyField) field")
        let preferences = Self.languagePreferences(of: request)
        let language = form.loaded.language(for: preferences)
        let title = Self.title(of: form, in: language)
        let (name, paths, chosen, chain) = (form.name, paths, Self.explicitLanguage(of: request), MessageLanguage.chain)
        // Made in this request's language even when a wait for another post's result calls it.
        let success: @Sendable (Submission) -> IdempotentResponse = { stored in
            let again = HTML.address(paths("/forms/\(HTML.pathSegment(name))"), language: chosen)
            let saved = PageMessages.table.text(.saved, ["id": .text(String(stored.id))], chain: chain)
            let another = PageMessages.table.text(.fillInAnother, [:], chain: chain)
            let body = #"<p id="result" role="status">\#(HTML.escape(saved))</p><p><a href="\#(HTML.escape(again))">\#(HTML.escape(another))</a></p>"#
            return IdempotentResponse(status: 201, contentType: HTTPReplies.htmlType,
                                      body: HTML.document(title: title, body: body, paths: paths, language: language))
        }
        do {
            return try await idempotent(key, fingerprint: fingerprint, waits: true, response: success) { idempotency in
                do {
                    var submission = SubmissionRequest(answers: answers, draftID: draft?.id, status: .final,
                                                       draftAccess: draft.map { .resumeToken($0.token) } ?? .anyDraft,
                                                       deadline: Self.deadline, idempotency: idempotency)
                    submission.stagedAttachments = staged
                    submission.languages = preferences
                    let stored = try await store(submission, to: form)
                    return HTTPReplies.html(success(stored).body, status: .created)
                } catch let error as FormEngineError {
                    throw PageRefusal(error: error)
                }
            }
        } catch let refusal as PageRefusal {
            return try await refusedPage(refusal.error, form, request, answers: answers, draft: draft)
        }
    }

    /// Save draft: what was typed, unvalidated, as a draft with a resume token, answered 303
    /// See Other to the draft's own page, so that a reload there does not post again.
    func saveDraftPage(_ form: ServedForms.Form, _ request: Request, answers: FormValue, draft: DraftPage?,
                       staged: StagedAttachments? = nil) async throws -> Response
    {
        let stored: Submission
        do {
            var submission = SubmissionRequest(answers: answers, draftID: draft?.id, status: .draft,
                                               draftAccess: draft.map { .resumeToken($0.token) } ?? .anyDraft, issuesResumeToken: true,
                                               deadline: Self.deadline)
            submission.stagedAttachments = staged
            submission.languages = Self.languagePreferences(of: request)
            stored = try await store(submission, to: form)
        } catch {
            return try await refusedPage(error, form, request, answers: answers, draft: draft)
        }
        guard let token = stored.resumeToken ?? draft?.token else { return draftNotFoundPage }
        let address = HTML.address(DraftPage.address(form: form.name, id: stored.id, token: token, in: paths),
                                   language: Self.explicitLanguage(of: request))
        var response = Response.redirect(to: address, type: .normal)
        Self.keepPrivate(&response)
        return response
    }

    /// The page again for what the person can mend (errors beside their fields, an action's
    /// refusal), the one not-found page for a draft this post may not change, else the error.
    func refusedPage(_ error: FormEngineError, _ form: ServedForms.Form, _ request: Request, answers: FormValue, draft: DraftPage?)
        async throws -> Response
    {
        switch error {
        case .invalid(let errors):
            return try await page(form, request, answers: answers, errors: errors, status: .unprocessableContent, draft: draft)
        case .cancelled(let action, let message):
            return try await page(form, request, answers: answers, errors: [FieldError(path: "", rule: action, message: message)],
                                  status: .conflict, draft: draft)
        case .draftNotFound:
            return draftNotFoundPage
        default:
            throw engineRefusal(error)
        }
    }
}

extension FormServer {
    /// Adds empty items to every repeat a person may grow that holds fewer than its
    /// `minimumItems`, so that the page shows the items the form asks for: "at least 2
    /// co-speakers" opens with two to fill in. An item may hold a repeat of its own, so the
    /// repeats are looked at again after each pass, as deep as they nest.
    static func fillToMinimumItems(_ session: FormSession) {
        var filled = Set<String>()
        while let short = session.repeats.first(where: {
            $0.isGrowable && !filled.contains($0.path) && $0.count < ($0.minimumItems ?? 0)
        }) {
            filled.insert(short.path)
            // A repeat that cannot grow (its maximum reached) is shown as it is.
            _ = try? session.appendItems(to: short.path, count: (short.minimumItems ?? 0) - short.count)
        }
    }

    /// The form's title in `language` (its name when it has none), for the page's title and heading.
    static func title(of form: ServedForms.Form, in language: LanguageTag) -> String {
        form.loaded.definition.title(in: language) ?? form.name
    }
}

/// An engine refusal carried out of `idempotent` to be answered with the page again.
struct PageRefusal: Error {
    let error: FormEngineError
}
