import Foundation
import Hummingbird
import Secrets

/// The HTML form's defence against cross-site posts, beside the Origin check: every rendered
/// form carries a token (a hidden input) signed with a key only this server process knows, for
/// the browser's cookie, the form and the time it was rendered. A post from a browser (one with
/// an Origin header or the page's cookie) must bring a token made for its cookie and that form
/// within a day; a hostile page can neither read the visitor's cookie nor sign for it. API
/// clients (no Origin, no cookie) are not asked for one.
struct PageTokens: Sendable {
    /// The hidden input's name.
    static let field = "_page_token"
    static let cookie = "formctl_page"
    /// A form left open for a day can still be posted.
    static let lifetime: Int64 = 86_400
    /// Made afresh at every start: a restart makes older pages render again before posting.
    let key = Array(SecretToken.make().utf8)

    /// The page's cookie in the request, when it is one this server could have set.
    func cookie(of request: Request) -> String? {
        for header in request.headers[values: .cookie] {
            for pair in header.split(separator: ";") {
                let parts = pair.split(separator: "=", maxSplits: 1)
                guard parts.count == 2, parts[0].withoutHTTPWhitespace == Self.cookie else { continue }
                let value = String(parts[1].withoutHTTPWhitespace)
                if value.utf8.count == 43, value.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }) {
                    return value
                }
            }
        }
        return nil
    }

    /// The token for a form rendered now for `cookie`: `SECONDS.SIGNATURE`, 34 characters or so.
    func token(form: String, cookie: String, at time: Int64 = Int64(Date().timeIntervalSince1970)) -> String {
        "\(time).\(signature(form: form, cookie: cookie, time: time))"
    }

    /// Whether `token` was made by this process for `cookie` and `form`, less than a day ago.
    func accepts(_ token: String, form: String, cookie: String?, now: Int64 = Int64(Date().timeIntervalSince1970)) -> Bool {
        let parts = token.split(separator: ".", maxSplits: 1)
        guard let cookie, parts.count == 2, let time = Int64(parts[0]), time <= now + 60, now - time < Self.lifetime else {
            return false
        }
        return ConstantTime.equal(String(parts[1]), signature(form: form, cookie: cookie, time: time))
    }

    private func signature(form: String, cookie: String, time: Int64) -> String {
        let mac = SHA256.hmac(key: key, message: Array("\(cookie)\n\(form)\n\(time)".utf8))
        // 128 bits of the MAC are plenty against guessing, and keep the token short.
        return Data(mac.prefix(16)).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
    }
}
