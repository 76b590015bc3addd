import Foundation
import Testing

/// The HTML form against cross-site posts: a post whose Origin is another site is 403; a post
/// from a browser (an Origin or the page's cookie) needs the page's per-render token, tied to
/// the cookie; the page's own posts (the form and its script's /state) and API clients (no
/// Origin, no cookie) go through.
@Suite(.serialized) struct ServeCrossSiteE2ETests {
    static let answers = "name=Ann+Lee&email=ann%40example.com&password=correct-horse-42&passwordConfirmation=correct-horse-42&plan=free"

    /// The page as a browser gets it: its cookie and the hidden token.
    static func page(_ server: ServerProcess, cookie: String? = nil) throws -> (cookie: String, token: String) {
        var headers = ["Accept": "text/html"]
        if let cookie { headers["Cookie"] = "formctl_page=\(cookie)" }
        let page = try server.request("GET", "/forms/signup", headers: headers)
        #expect(page.status == 200)
        let token = try #require(page.text.firstMatch(of: /name="_page_token" value="([^"]+)"/)?.1)
        if let cookie { return (cookie, String(token)) }
        let setCookie = try #require(page.headers["set-cookie"], "\(page.headers)")
        #expect(setCookie.contains("HttpOnly") && setCookie.contains("SameSite=Lax") && setCookie.contains("Path=/"), "\(setCookie)")
        let value = try #require(setCookie.firstMatch(of: /formctl_page=([A-Za-z0-9_-]{43})/)?.1)
        return (String(value), String(token))
    }

    @Test func aCrossSitePostIs403WhileThePagesOwnPostsAndAnAPIClientWork() throws {
        let scratch = try Scratch()
        let server = try ServerProcess(scratch)
        defer { server.stop() }
        let own = "http://127.0.0.1:\(server.port)"
        let form = "application/x-www-form-urlencoded"
        let (cookie, token) = try Self.page(server)
        let browser = ["Origin": own, "Cookie": "formctl_page=\(cookie)"]

        // A hostile page's form, posted by the visitor's browser: its Origin is the other site.
        let hostile = try server.request("POST", "/forms/signup/submissions", body: Self.answers, type: form,
                                         headers: ["Origin": "http://evil.example", "Cookie": "formctl_page=\(cookie)"])
        #expect(hostile.status == 403 && hostile.text.contains("cross-site"), "\(hostile.status) \(hostile.text)")
        #expect(try server.request("POST", "/forms/signup/submissions", body: ServeE2ETests.ann,
                                   headers: ["Origin": "null"]).status == 403)
        #expect(try server.request("POST", "/forms/signup/state", body: Self.answers, type: form,
                                   headers: ["Origin": "https://127.0.0.1.evil.example"]).status == 403)
        // From the right Origin, a browser's post still needs the token made for its cookie.
        let noToken = try server.request("POST", "/forms/signup/submissions", body: Self.answers, type: form, headers: browser)
        #expect(noToken.status == 403 && noToken.text.contains("out of date") && noToken.text.contains(#"value="Ann Lee""#), "\(noToken.text)")
        let (otherCookie, otherToken) = try Self.page(server)
        #expect(otherCookie != cookie)
        let borrowed = try server.request("POST", "/forms/signup/submissions", body: Self.answers + "&_page_token=\(otherToken)",
                                          type: form, headers: browser)
        #expect(borrowed.status == 403, "a token made for another cookie")
        let cookieOnly = try server.request("POST", "/forms/signup/submissions", body: Self.answers, type: form,
                                            headers: ["Cookie": "formctl_page=\(cookie)"])
        #expect(cookieOnly.status == 403, "the page's cookie alone makes it a browser's post")
        #expect(try scratch.rows("select count(*) from submissions").trimmingCharacters(in: .whitespacesAndNewlines) == "0")

        // The page's own posts: its script's /state, then the form.
        let state = try server.request("POST", "/forms/signup/state", body: Self.answers + "&_page_token=\(token)", type: form, headers: browser)
        #expect(state.status == 200 && state.text.contains(#""fields""#), "\(state.text)")
        #expect(try server.request("POST", "/forms/signup/state", body: Self.answers, type: form, headers: browser).status == 403)
        let posted = try server.request("POST", "/forms/signup/submissions", body: Self.answers + "&_page_token=\(token)", type: form, headers: browser)
        #expect(posted.status == 201 && posted.text.contains("Saved submission 1"), "\(posted.status) \(posted.text)")
        // The page re-rendered for the same browser keeps its cookie and gets a token of its own.
        let again = try Self.page(server, cookie: cookie)
        let reposted = try server.request("POST", "/forms/signup/submissions", body: Self.answers + "&_page_token=\(again.token)",
                                          type: form, headers: browser)
        #expect(reposted.status == 201)

        // API clients: no Origin, no cookie, no token.
        #expect(try server.request("POST", "/forms/signup/submissions", body: ServeE2ETests.ann).status == 201)
        #expect(try server.request("POST", "/forms/signup/submissions", body: Self.answers, type: form).status == 201)
        #expect(try server.request("POST", "/forms/signup/state", body: Self.answers, type: form).status == 200)
        #expect(try scratch.rows("select count(*) from submissions").trimmingCharacters(in: .whitespacesAndNewlines) == "4")
    }
}
