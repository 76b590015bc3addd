import FormCore
import FormEngine
import Hummingbird

/// The language of a request: `?lang=TAG` when it is a language tag, else the browser's
/// `Accept-Language` (q-values honoured). The form is shown in the first of them it has
/// (looked up along each tag: `de-CH` finds `de`), else in its own default language; a
/// header that does not parse is no preference, never a refusal.
extension FormServer {
    /// The query parameter that chooses the language, over the browser's.
    static let languageParameter = "lang"

    static func languagePreferences(of request: Request) -> LanguagePreferences {
        if let tag = explicitLanguage(of: request) { return LanguagePreferences([tag]) }
        // Several header lines are one list (RFC 9110, 5.3).
        return LanguagePreferences(acceptLanguage: request.headers[values: .acceptLanguage].joined(separator: ","))
    }

    /// The `?lang=` of the request, when it is a language tag: kept in the addresses the page
    /// posts and links to, so the answer to a post speaks the page's language.
    static func explicitLanguage(of request: Request) -> LanguageTag? {
        request.uri.queryParameters[Substring(languageParameter)].flatMap { LanguageTag($0) }
    }

    /// Runs `body` with the page's and the library's messages in the language `form` is shown
    /// in for `request`, and marks its answer (or its refusal) as depending on it: `Vary:
    /// Accept-Language` always, `Content-Language` on what carries the form's or its messages'
    /// text: every answer made here (a page, a success), and the refusal that lists the
    /// answers' errors (422), not the other refusals, which are the server's own English.
    /// `recorded`: the language a stored submission was given in, which the engine goes on in
    /// when the request names none (an edit).
    func speaking(_ form: ServedForms.Form, _ request: Request, recorded: String? = nil, _ body: () async throws -> Response)
        async throws -> Response
    {
        var preferences = Self.languagePreferences(of: request)
        if preferences.tags.isEmpty, let tag = recorded.flatMap({ LanguageTag($0) }) { preferences = LanguagePreferences([tag]) }
        let language = form.loaded.language(for: preferences)
        do {
            var response = try await MessageLanguage.with(language, formDefault: form.loaded.defaultLanguage) { try await body() }
            response.headers[.vary] = response.headers[.vary].map { $0 + ", Accept-Language" } ?? "Accept-Language"
            response.headers[.contentLanguage] = language.description
            return response
        } catch var refusal as ServedError {
            refusal.headers[.vary] = "Accept-Language"
            if refusal.status == .unprocessableContent { refusal.headers[.contentLanguage] = language.description }
            throw refusal
        }
    }
}
