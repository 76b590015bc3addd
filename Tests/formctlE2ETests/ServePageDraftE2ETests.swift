import Foundation
import Testing

/// The HTML page's Save draft, for a browser without JavaScript: the draft is stored without
/// validating, its resume token issued, and the answer is 303 to the draft's own page, whose
/// address carries the token; that page shows the draft's values and posts back to the draft,
/// to save it again or to submit it. Every reason a draft cannot be opened gives one 404 page.
@Suite(.serialized) struct ServePageDraftE2ETests {
    static let form = "application/x-www-form-urlencoded"
    static let typed = "name=Ann+Lee&email=ann%40example.com&password=correct-horse-42&passwordConfirmation=correct-horse-42&plan=Pro"

    /// What is typed when the draft is changed.
    static let renamed = typed.replacingOccurrences(of: "Ann+Lee", with: "Ann+Leigh")

    /// A browser's headers: its own Origin and the page's cookie.
    static func browser(_ server: ServerProcess, cookie: String) -> [String: String] {
        ["Origin": "http://127.0.0.1:\(server.port)", "Cookie": "formctl_page=\(cookie)"]
    }

    static func hidden(_ name: String, in page: String) throws -> String {
        let pattern = try Regex<(Substring, Substring)>(#"name="\#(name)" value="([^"]*)""#)
        return String(try #require(page.firstMatch(of: pattern)?.1, "no \(name) in the page"))
    }

    /// Saves `typed` as a new draft from the form's page: the draft's address (path and token).
    static func saveDraft(_ server: ServerProcess, cookie: String, token: String) throws -> (path: String, id: Int, resume: String) {
        let saved = try server.request("POST", "/forms/signup/submissions", body: typed + "&_page_token=\(token)&_save_draft=1",
                                       type: form, headers: browser(server, cookie: cookie), followingRedirects: false)
        #expect(saved.status == 303, "\(saved.status) \(saved.text)")
        #expect(saved.headers["referrer-policy"] == "same-origin" && saved.headers["cache-control"] == "no-store", "\(saved.headers)")
        let location = try #require(saved.headers["location"])
        let match = try #require(location.wholeMatch(of: /\/forms\/signup\/drafts\/(\d+)\?resume=([A-Za-z0-9_-]{43})/), "\(location)")
        return (location, try #require(Int(match.1)), String(match.2))
    }

    @Test func saveRedirectsToTheDraftsPageWhichShowsItAndFinalizesIt() throws {
        let scratch = try Scratch()
        let server = try ServerProcess(scratch)
        defer { server.stop() }
        let (cookie, token) = try ServeCrossSiteE2ETests.page(server)
        let page = try server.request("GET", "/forms/signup", headers: ["Accept": "text/html", "Cookie": "formctl_page=\(cookie)"])
        #expect(page.text.contains(#"<button type="submit" id="save-draft" name="_save_draft" value="1" formnovalidate>Save draft</button>"#))

        let draft = try Self.saveDraft(server, cookie: cookie, token: token)
        // Stored as a draft with the token's hash, never the token or the password.
        let row = try scratch.rows("select id, status, resume_token_hash, values_json from submissions")
        #expect(row.hasPrefix("\(draft.id)|draft|") && !row.contains(draft.resume) && !row.contains("correct-horse"), "\(row)")
        #expect(row.contains(#""plan":"Pro""#) || row.contains(#""plan":"pro""#), "\(row)")

        // The redirect followed: the page filled with the draft, posting back to it.
        let shown = try server.request("GET", draft.path, headers: ["Cookie": "formctl_page=\(cookie)"])
        #expect(shown.status == 200, "\(shown.text)")
        #expect(shown.headers["referrer-policy"] == "same-origin" && shown.headers["cache-control"] == "no-store")
        #expect(shown.text.contains("Draft \(draft.id) saved; bookmark this page to come back"))
        #expect(shown.text.contains(#"value="Ann Lee""#) && shown.text.contains(#"value="ann@example.com""#), "\(shown.text)")
        #expect(!shown.text.contains("correct-horse"), "secrets are never stored, so never shown")
        #expect(shown.text.contains(#"<form id="form" method="post" action="/forms/signup/drafts/\#(draft.id)""#))
        #expect(try Self.hidden("_resume_token", in: shown.text) == draft.resume)
        let pageToken = try Self.hidden("_page_token", in: shown.text)
        let back = "&_page_token=\(pageToken)&_resume_token=\(draft.resume)"

        // Saved again from its page: the same draft, the same address.
        let again = try server.request("POST", "/forms/signup/drafts/\(draft.id)", body: Self.renamed + back + "&_save_draft=1",
                                       type: Self.form, headers: Self.browser(server, cookie: cookie), followingRedirects: false)
        #expect(again.status == 303 && again.headers["location"] == draft.path, "\(again.status) \(again.headers)")
        // A repeat button on the draft's page keeps the page on the draft.
        let added = try server.request("POST", "/forms/signup/drafts/\(draft.id)", body: Self.typed + back + "&_action=add%3Aguests",
                                       type: Self.form, headers: Self.browser(server, cookie: cookie))
        #expect(added.status == 200 && added.text.contains(#"name="guests.0.email""#) && added.text.contains("/forms/signup/drafts/\(draft.id)"),
                "\(added.text)")
        // A draft is not validated, but an answer that is no answer is an error on the page.
        let wrong = try server.request("POST", "/forms/signup/drafts/\(draft.id)", body: Self.typed + "&seats=lots" + back + "&_save_draft=1",
                                       type: Self.form, headers: Self.browser(server, cookie: cookie), followingRedirects: false)
        #expect(wrong.status == 422 && wrong.text.contains(#"aria-invalid="true""#) && wrong.text.contains("_resume_token"), "\(wrong.text)")
        #expect(try scratch.rows("select count(*), max(values_json like '%Ann Leigh%') from submissions").trimmingCharacters(in: .whitespacesAndNewlines) == "1|1")

        // Submitted from its page: the same row, now final, and its address opens nothing more.
        let final = try server.request("POST", "/forms/signup/drafts/\(draft.id)", body: Self.renamed + back,
                                       type: Self.form, headers: Self.browser(server, cookie: cookie))
        #expect(final.status == 201 && final.text.contains("Saved submission \(draft.id)"), "\(final.status) \(final.text)")
        #expect(try scratch.rows("select id, status, values_json like '%Ann Leigh%' from submissions")
            .trimmingCharacters(in: .whitespacesAndNewlines) == "\(draft.id)|final|1")
        #expect(try server.request("GET", draft.path).status == 404)
        #expect(server.stop() == 0)
    }

    @Test func everyReasonADraftCannotBeOpenedIsTheSame404() throws {
        let scratch = try Scratch()
        let server = try ServerProcess(scratch)
        defer { server.stop() }
        let (cookie, token) = try ServeCrossSiteE2ETests.page(server)
        let draft = try Self.saveDraft(server, cookie: cookie, token: token)
        let survey = try server.request("POST", "/forms/survey/submissions?draft=true", body: #"{"name":"Bo"}"#)
        let surveyID = try #require(survey.object["id"] as? Int)
        let surveyToken = try #require(survey.object["resume_token"] as? String)
        let finalID = try #require(try server.request("POST", "/forms/signup/submissions", body: ServeE2ETests.ann).object["id"] as? Int)
        let wrongToken = String(draft.resume.reversed())

        let opened = try server.request("GET", draft.path)
        #expect(opened.status == 200)
        let refusals = [
            try server.request("GET", "/forms/signup/drafts/\(draft.id)?resume=\(wrongToken)"),
            try server.request("GET", "/forms/signup/drafts/\(draft.id)"),
            try server.request("GET", "/forms/signup/drafts/999?resume=\(draft.resume)"),
            try server.request("GET", "/forms/signup/drafts/\(surveyID)?resume=\(surveyToken)"),
            try server.request("GET", "/forms/signup/drafts/\(finalID)?resume=\(draft.resume)"),
            try server.request("GET", "/forms/signup/drafts/x?resume=\(draft.resume)"),
            try server.request("POST", "/forms/signup/drafts/\(draft.id)", body: Self.typed + "&_resume_token=\(wrongToken)", type: Self.form),
            try server.request("POST", "/forms/signup/drafts/\(draft.id)", body: Self.typed, type: Self.form),
            try server.request("POST", "/forms/signup/drafts/\(surveyID)", body: Self.typed + "&_resume_token=\(surveyToken)", type: Self.form),
        ]
        for refusal in refusals {
            #expect(refusal.status == 404 && refusal.body == refusals[0].body, "\(refusal.status) \(refusal.text)")
            #expect(refusal.headers["referrer-policy"] == "same-origin" && refusal.headers["cache-control"] == "no-store")
        }
        #expect(refusals[0].text.contains("There is no draft at this address"))
        // Nothing was changed by the refused posts.
        #expect(try scratch.rows("select count(*) from submissions where status = 'draft'").trimmingCharacters(in: .whitespacesAndNewlines) == "2")
        #expect(server.stop() == 0)
    }

    /// A client that posts the draft page's form asking for JSON gets the API's answer, as a
    /// form post to the submissions address does: it got a 201 page without Location.
    @Test func aDraftPagePostAskingForJSONIsAnsweredInJSON() throws {
        let scratch = try Scratch()
        let server = try ServerProcess(scratch)
        defer { server.stop() }
        let made = try server.request("POST", "/forms/signup/submissions?draft=true", body: #"{"name":"Ann Lee"}"#)
        let id = try #require(made.object["id"] as? Int)
        let resume = try #require(made.object["resume_token"] as? String)
        let json = ["Accept": "application/json"]
        let wrong = try server.request("POST", "/forms/signup/drafts/\(id)", body: Self.typed + "&_resume_token=x\(resume.dropFirst())",
                                       type: Self.form, headers: json)
        #expect(wrong.status == 404 && wrong.headers["content-type"]?.hasPrefix("application/json") == true, "\(wrong.status) \(wrong.text)")
        let saved = try server.request("POST", "/forms/signup/drafts/\(id)", body: Self.renamed + "&_resume_token=\(resume)&_save_draft=1",
                                       type: Self.form, headers: json)
        #expect(saved.status == 200 && saved.object["status"] as? String == "draft" && saved.headers["location"] == "/submissions/\(id)",
                "\(saved.status) \(saved.headers) \(saved.text)")
        let final = try server.request("POST", "/forms/signup/drafts/\(id)", body: Self.renamed + "&_resume_token=\(resume)",
                                       type: Self.form, headers: json)
        #expect(final.status == 200 && final.object["status"] as? String == "final" && final.headers["location"] == "/submissions/\(id)",
                "\(final.status) \(final.headers) \(final.text)")
        #expect(try scratch.rows(#"select status || ' ' || json_extract(values_json, '$.name') from submissions"#)
            .trimmingCharacters(in: .whitespacesAndNewlines) == "final Ann Leigh")
    }

    @Test func theCrossSiteRuleHoldsForDraftPosts() throws {
        let scratch = try Scratch()
        let server = try ServerProcess(scratch)
        defer { server.stop() }
        let (cookie, token) = try ServeCrossSiteE2ETests.page(server)
        // Save draft from a hostile page, or without the page's token: nothing is stored.
        let hostile = try server.request("POST", "/forms/signup/submissions", body: Self.typed + "&_save_draft=1", type: Self.form,
                                         headers: ["Origin": "http://evil.example", "Cookie": "formctl_page=\(cookie)"], followingRedirects: false)
        #expect(hostile.status == 403)
        let tokenless = try server.request("POST", "/forms/signup/submissions", body: Self.typed + "&_save_draft=1", type: Self.form,
                                           headers: Self.browser(server, cookie: cookie), followingRedirects: false)
        #expect(tokenless.status == 403 && tokenless.text.contains("out of date"), "\(tokenless.status)")
        #expect(try scratch.rows("select count(*) from submissions").trimmingCharacters(in: .whitespacesAndNewlines) == "0")

        let draft = try Self.saveDraft(server, cookie: cookie, token: token)
        let (otherCookie, otherToken) = try ServeCrossSiteE2ETests.page(server)
        #expect(otherCookie != cookie)
        let withResume = Self.renamed + "&_resume_token=\(draft.resume)"
        let attempts = [
            // A hostile page that has learnt the draft's address still cannot post through a visitor.
            try server.request("POST", "/forms/signup/drafts/\(draft.id)", body: withResume + "&_page_token=\(token)", type: Self.form,
                               headers: ["Origin": "http://evil.example", "Cookie": "formctl_page=\(cookie)"], followingRedirects: false),
            try server.request("POST", "/forms/signup/drafts/\(draft.id)", body: withResume, type: Self.form,
                               headers: Self.browser(server, cookie: cookie), followingRedirects: false),
            try server.request("POST", "/forms/signup/drafts/\(draft.id)", body: withResume + "&_page_token=\(otherToken)&_save_draft=1",
                               type: Self.form, headers: Self.browser(server, cookie: cookie), followingRedirects: false),
        ]
        for attempt in attempts { #expect(attempt.status == 403, "\(attempt.status) \(attempt.text)") }
        #expect(try scratch.rows(#"select count(*) from submissions where status = 'draft' and values_json like '%"Ann Lee"%'"#)
            .trimmingCharacters(in: .whitespacesAndNewlines) == "1")
        // With its token the page's own post goes through.
        let own = try server.request("POST", "/forms/signup/drafts/\(draft.id)", body: withResume + "&_page_token=\(token)&_save_draft=1",
                                     type: Self.form, headers: Self.browser(server, cookie: cookie), followingRedirects: false)
        #expect(own.status == 303 && own.headers["location"] == draft.path)
        #expect(try scratch.rows("select count(*) from submissions where values_json like '%Ann Leigh%'").trimmingCharacters(in: .whitespacesAndNewlines) == "1")
        #expect(server.stop() == 0)
    }
}
