import FormCore
import FormEngine
import Foundation
import Hummingbird

/// The JSON endpoints: the bound definition, the live state, submissions and drafts (each
/// resumed with its resume token), and the token-protected reading of stored submissions.
extension FormServer {
    func showForm(_ request: Request, _ context: RouteContext) async throws -> Response {
        let form = try form(context)
        return try await speaking(form, request) { try await showForm(form, request) }
    }

    /// The definition bound and in the request's language, or its page for a browser.
    func showForm(_ form: ServedForms.Form, _ request: Request) async throws -> Response {
        if wantsHTML(request) { return try await page(form, request, answers: nil, errors: [], status: .ok) }
        var data: FormValue?
        if let text = request.uri.queryParameters["data"] {
            do { data = try FormValue(json: String(text)) } catch {
                throw ServedError(.badRequest, message: "the data parameter is not JSON: \(error)")
            }
        }
        var prefilling = SubmissionRequest(data: data, deadline: Self.deadline)
        prefilling.languages = Self.languagePreferences(of: request)
        let prefilled: PrefilledSession
        do { prefilled = try await engine.makeSession(for: form.loaded, prefilling: prefilling) } catch {
            throw dataRefusal(error, source: "the data parameter") ?? engineRefusal(error)
        }
        return HTTPReplies.json(prefilled.session.renderedDefinition.encoded)
    }

    func state(_ request: Request, _ context: RouteContext) async throws -> Response {
        let form = try form(context)
        return try await speaking(form, request) { try await state(form, request) }
    }

    /// The live state of the answers sent, its errors in the request's language.
    func state(_ form: ServedForms.Form, _ request: Request) async throws -> Response {
        let values: FormValue
        switch try await readBody(request, for: form) {
        case .json(let body): values = body.objectValue?["values"] ?? body
        // The page's script sends the form as the browser would post it.
        case .htmlForm(let read):
            guard acceptsPagePost(request, form: form.name, read: read) else {
                throw ServedError(.forbidden, message: "a post from a browser needs the page's \(PageTokens.field) (reload the page)")
            }
            values = read.answers
        }
        guard case .object = values else { throw ServedError(.badRequest, message: "send {\"values\": {...}}: an object of answers by key") }
        var prefilling = SubmissionRequest(answers: values, status: .draft, deadline: Self.deadline)
        prefilling.languages = Self.languagePreferences(of: request)
        let prefilled = try await engineCall { [prefilling] in try await engine.makeSession(for: form.loaded, prefilling: prefilling) }
        // A key the form does not have (or a computed field) is refused here as a submit refuses
        // it, rather than left out of the state without a word.
        let refused = prefilled.errors.filter { $0.rule == "answers" }
        if !refused.isEmpty { throw engineRefusal(.invalid(refused)) }
        return HTTPReplies.json(FieldStates.json(prefilled))
    }

    func submit(_ request: Request, _ context: RouteContext, draftID: Int64?) async throws -> Response {
        let form = try form(context)
        return try await speaking(form, request) { try await submit(form, request, draftID: draftID) }
    }

    /// A submit or a draft saved, from JSON, a form post or a page; its errors in the request's language.
    func submit(_ form: ServedForms.Form, _ request: Request, draftID: Int64?) async throws -> Response {
        if privateForms.contains(form.name) { try await require(.write, on: form.name, request) }
        let access = try await draftID.asyncMap { try await draftAccess(request, form: form.name, id: $0) } ?? .anyDraft
        // Who submits, kept as revision 1's actor: the bearer token's name when one is sent.
        let actor = try await grant(request).map(Self.actor)
        var key = try Self.idempotencyKey(of: request)
        let answers: FormValue
        // A form post's own fields mean what they mean on the page, whichever answer is asked for.
        var savesDraft = false
        let (body, source, staged): (Body, FingerprintSource, StagedAttachments?)
        switch try await readSubmitBody(request, for: form) {
        case .answered(let refusal): return refusal
        case .read(let read, let fingerprint, let files): (body, source, staged) = (read, fingerprint, files)
        }
        switch body {
        case .htmlForm(let read):
            // A page's post, or a repeat button pressed, is answered with a page; a form posted to
            // a draft's address acts on that draft exactly as the JSON body does below. A post
            // from a client asking for JSON (`Accept: application/json`) is answered in JSON.
            if read.action != nil || draftID == nil && !wantsJSON(request) {
                return try await submitPage(form, request, read, key: key, fingerprint: Self.fingerprint(request, body: source), staged: staged)
            }
            answers = read.answers
            (key, savesDraft) = try pagePostAnsweredInJSON(read, request, form: form, key: key)
        case .json(let body):
            guard case .object = body else {
                throw ServedError(.badRequest, message: "send the answers as a JSON object keyed by element key")
            }
            answers = body
        }
        return try await storeAnswers(answers, form, request, draftID: draftID, access: access, actor: actor, key: key,
                                      savesDraft: savesDraft, source: source, staged: staged)
    }

    /// A form post to be answered in JSON: held to the page's cross-site rule (403), its key
    /// the header's or else the page's `_idempotency_key`, and whether it saves a draft.
    func pagePostAnsweredInJSON(_ read: FlatAnswers.Read, _ request: Request, form: ServedForms.Form, key: String?) throws
        -> (key: String?, savesDraft: Bool)
    {
        guard acceptsPagePost(request, form: form.name, read: read) else {
            throw ServedError(.forbidden, message: "a post from a browser needs the page's \(PageTokens.field) (reload the page)")
        }
        let key = try key ?? Self.idempotencyKey(read.pageFields[Self.idempotencyKeyField], from: "\(Self.idempotencyKeyField) field")
        return (key, try Self.savesDraft(read))
    }

    /// The answers read from a request stored (a submit, a draft saved, a draft finalized) and
    /// answered in JSON: 201 with Location for a new row, 200 for a draft changed; the resume
    /// token of a new draft given once.
    func storeAnswers(_ answers: FormValue, _ form: ServedForms.Form, _ request: Request, draftID: Int64?, access: DraftAccess,
                      actor: String?, key: String?, savesDraft: Bool, source: FingerprintSource, staged: StagedAttachments?) async throws -> Response
    {
        let draft = try Self.flagParameter(request.uri.queryParameters["draft"], named: "draft") || savesDraft
        let status: HTTPResponse.Status = draftID == nil ? .created : .ok
        // What is kept for a retry: the summary without the resume token, which is given once.
        let kept: @Sendable (Submission) -> IdempotentResponse = { submitted in
            IdempotentResponse(status: Int(status.code), contentType: HTTPReplies.jsonType, body: submitted.summaryJSON.jsonString() + "\n")
        }
        return try await idempotent(key, fingerprint: Self.fingerprint(request, body: source), waits: false, response: kept) { idempotency in
            var submission = SubmissionRequest(answers: answers, draftID: draftID, status: draft ? .draft : .final,
                                               draftAccess: access, issuesResumeToken: true, deadline: Self.deadline,
                                               idempotency: idempotency, actor: actor)
            submission.stagedAttachments = staged
            submission.languages = Self.languagePreferences(of: request)
            let submitted = try await engineCall { try await store(submission, to: form) }
            var summary = submitted.summaryJSON
            // Given once: the store keeps only its hash.
            if let token = submitted.resumeToken, case .object(var object) = summary {
                object["resume_token"] = .string(token)
                summary = .object(object)
            }
            return HTTPReplies.json(summary, status: status, headers: [.location: paths("/submissions/\(submitted.id)")])
        }
    }

    /// Stores a submission (a new one, a draft saved, a draft finalized) through the engine,
    /// counted in the metrics by form and status.
    func store(_ submission: SubmissionRequest, to form: ServedForms.Form) async throws(FormEngineError) -> Submission {
        let stored = try await engine.submit(submission, to: form.loaded)
        metrics.stored(stored)
        return stored
    }

    /// Runs an engine call and turns its refusal into the status a client acts on: 422 with
    /// every field error, 409 when an action cancelled, 503 with Retry-After when the store is
    /// busy, 404 for a draft that is not there, 500 (logged, not shown) for the rest.
    func engineCall<T>(_ body: () async throws -> T) async throws -> T {
        do { return try await body() } catch let error as FormEngineError {
            throw engineRefusal(error)
        }
    }
}

extension Optional {
    func asyncMap<T>(_ transform: (Wrapped) async throws -> T) async rethrows -> T? {
        guard let value = self else { return nil }
        return try await transform(value)
    }
}
