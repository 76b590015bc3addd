import FormCore
import FormEngine
import HTTPTypes
import Hummingbird

/// A draft's own page, for a browser without JavaScript: `GET /forms/NAME/drafts/ID?resume=TOKEN`
/// shows the form filled with the draft, and its form posts back to `/forms/NAME/drafts/ID` with
/// the token in a hidden field, to save the draft again or to submit it.
extension FormServer {
    func showDraftPage(_ request: Request, _ context: RouteContext) async throws -> Response {
        let form = try form(context)
        return try await speaking(form, request) {
            guard let id = pageDraftID(context), let token = request.uri.queryParameters["resume"], !token.isEmpty else {
                return draftNotFoundPage
            }
            let draft = DraftPage(id: id, token: String(token), notice: PageMessages.text(.draftSaved, ["id": .text(String(id))]))
            return try await page(form, request, answers: nil, errors: [], status: .ok, draft: draft)
        }
    }

    func postDraftPage(_ request: Request, _ context: RouteContext) async throws -> Response {
        let form = try form(context)
        return try await speaking(form, request) { try await postDraftPage(form, request, context) }
    }

    func postDraftPage(_ form: ServedForms.Form, _ request: Request, _ context: RouteContext) async throws -> Response {
        if privateForms.contains(form.name) { try await require(.write, on: form.name, request) }
        guard let id = pageDraftID(context) else { return draftNotFoundPage }
        let key = try Self.idempotencyKey(of: request)
        let (body, source, staged): (Body, FingerprintSource, StagedAttachments?)
        switch try await readSubmitBody(request, for: form, draftID: id) {
        case .answered(let refusal): return refusal
        case .read(let read, let fingerprint, let files): (body, source, staged) = (read, fingerprint, files)
        }
        guard case .htmlForm(let read) = body else {
            throw ServedError(.unsupportedMediaType,
                              message: "this address takes the page's form post; send JSON to PUT \(paths("/forms/\(form.name)/submissions/\(id)"))")
        }
        guard let token = read.pageFields[DraftPage.tokenField], !token.isEmpty else { return draftNotFoundPage }
        // A client asking for JSON gets the API's answer (200 and the summary, with Location),
        // not the page's: the same as a form post to the submissions address.
        if read.action == nil && wantsJSON(request) {
            let (pageKey, savesDraft) = try pagePostAnsweredInJSON(read, request, form: form, key: key)
            let actor = try await grant(request).map(Self.actor)
            return try await storeAnswers(read.answers, form, request, draftID: id, access: .resumeToken(token), actor: actor, key: pageKey,
                                          savesDraft: savesDraft, source: source, staged: staged)
        }
        return try await submitPage(form, request, read, key: key, fingerprint: Self.fingerprint(request, body: source),
                                    draft: DraftPage(id: id, token: token), staged: staged)
    }

    /// Whether a form post asks to save a draft: the page's Save draft button sends
    /// `_save_draft=1`; `0` or `false` is a submit, and anything else a 400 (read as a draft,
    /// `_save_draft=0` left a client's submit a draft nobody would finish).
    static func savesDraft(_ read: FlatAnswers.Read) throws -> Bool {
        try flagParameter(read.pageFields[DraftPage.saveField].map { Substring($0) }, named: DraftPage.saveField)
    }

    /// The id in the page's path; anything else is the same not-found page as a missing draft.
    func pageDraftID(_ context: RouteContext) -> Int64? {
        guard let text = context.parameters.get("id"), let id = Int64(text), id > 0 else { return nil }
        return id
    }

    /// A page whose address or form holds a resume token is neither kept by a cache nor named
    /// to the sites its links lead to. `same-origin` rather than `no-referrer`: under
    /// `no-referrer` a browser sends `Origin: null` with the page's own post, which the
    /// cross-site check rightly refuses.
    static func keepPrivate(_ response: inout Response) {
        response.headers[Self.referrerPolicy] = "same-origin"
        response.headers[.cacheControl] = "no-store"
    }

    static let referrerPolicy = HTTPField.Name("Referrer-Policy")!

    var draftNotFoundPage: Response {
        var response = HTTPReplies.html(DraftPage.notFoundHTML(paths), status: .notFound)
        Self.keepPrivate(&response)
        return response
    }
}
