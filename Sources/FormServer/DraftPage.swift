import FormCore

/// A draft as the HTML page keeps it: its id and the resume token it was made with. A page
/// without JavaScript has nowhere to keep the token but its own URL (`address`, which is why
/// those pages are sent with `Referrer-Policy: same-origin` and `Cache-Control: no-store`) and a
/// hidden field of the form it renders, checked as the `Resume-Token` header is.
struct DraftPage: Sendable {
    /// The hidden input the token travels in.
    static let tokenField = "_resume_token"
    /// The button that saves what was typed as a draft instead of submitting it.
    static let saveField = "_save_draft"
    /// The page shown for every reason a draft cannot be opened (no such id, another form's,
    /// final, a missing or wrong token): one body, so that it reveals none of them.
    /// In the current language (`MessageLanguage.chain`): the form's, for the person.
    static func notFoundHTML(_ paths: MountPath) -> String {
        HTML.document(
            title: PageMessages.text(.draftNotFoundTitle),
            body: #"<p role="alert">\#(PageMessages.html(.draftNotFound))</p>"#,
            paths: paths, language: MessageLanguage.chain.first ?? .english)
    }

    let id: Int64
    let token: String
    /// Shown above the form when the page is the one a save redirected to.
    var notice: String?

    /// Where the draft's page posts: `/forms/NAME/drafts/ID` under the routes' mount path.
    static func path(form: String, id: Int64, in paths: MountPath) -> String {
        paths("/forms/\(HTML.pathSegment(form))/drafts/\(id)")
    }

    /// The page's bookmarkable address, token included.
    static func address(form: String, id: Int64, token: String, in paths: MountPath) -> String {
        path(form: form, id: id, in: paths) + "?resume=" + HTML.pathSegment(token)
    }
}
