import Foundation
import PostgresTestServer
import Testing

/// Final submissions changed on the record over HTTP: `PUT /submissions/ID` (an edit with a
/// `write` token, `If-Match` and `Idempotency-Key`), `GET /submissions/ID/history`, `POST
/// /submissions/ID/review` and `DELETE /submissions/ID` (an `admin` token's), and the listing's
/// `?review=`: every old value kept, conflicts answered with the current revision, a deleted
/// submission out of sight but for an admin.
@Suite(.serialized) struct ServeEditE2ETests {
    static func bearer(_ token: String, _ more: [String: String] = [:]) -> [String: String] {
        more.merging(["Authorization": "Bearer \(token)"]) { a, _ in a }
    }

    /// A server on `scratch` with a read, a write and an admin token for signup, and one
    /// write and one admin token for survey.
    struct Served {
        let server: ServerProcess
        let read: String, write: String, admin: String, surveyWrite: String, surveyAdmin: String

        init(_ scratch: Scratch) throws {
            read = try ServeTokensE2ETests.create(scratch, ["--form", "signup", "--scope", "read", "--name", "reader"])
            write = try ServeTokensE2ETests.create(scratch, ["--form", "signup", "--scope", "write", "--name", "editor"])
            admin = try ServeTokensE2ETests.create(scratch, ["--form", "signup", "--scope", "admin", "--name", "lead"])
            surveyWrite = try ServeTokensE2ETests.create(scratch, ["--form", "survey", "--scope", "write"])
            surveyAdmin = try ServeTokensE2ETests.create(scratch, ["--form", "survey", "--scope", "admin", "--name", "other-lead"])
            server = try ServerProcess(scratch)
        }

        /// Submits Ann and returns her id.
        func submitAnn() throws -> Int {
            let created = try server.request("POST", "/forms/signup/submissions", body: ServeE2ETests.ann)
            #expect(created.status == 201, "\(created.text)")
            return try #require(created.object["id"] as? Int)
        }
    }

    static func data(_ reply: ServerProcess.Reply) -> [String: Any] { reply.object["data"] as? [String: Any] ?? [:] }

    static func revisions(_ history: ServerProcess.Reply) -> [[String: Any]] { history.object["revisions"] as? [[String: Any]] ?? [] }

    @Test func anEditKeepsTheOldValuesAndTheHistoryShowsTheDifference() throws {
        let scratch = try Scratch()
        let served = try Served(scratch)
        let server = served.server
        defer { server.stop() }
        let id = try served.submitAnn()
        let byEditor = try server.request("POST", "/forms/signup/submissions", body: ServeE2ETests.ann, headers: Self.bearer(served.write))
        let byEditorID = try #require(byEditor.object["id"] as? Int, "\(byEditor.text)")
        let submitted = try server.request("GET", "/submissions/\(byEditorID)/history", headers: Self.bearer(served.read))
        #expect(Self.revisions(submitted).first?["actor"] as? String == "editor", "a submit with a token is that token's: \(submitted.text)")
        let forged = try server.request("POST", "/forms/signup/submissions", body: ServeE2ETests.ann, headers: Self.bearer("x" + served.write))
        #expect(forged.status == 401, "a token that is not one is not taken as a name: \(forged.text)")
        let shown = try server.request("GET", "/submissions/\(id)", headers: Self.bearer(served.read))
        #expect(shown.status == 200 && shown.headers["etag"] == #""1""#, "\(shown.headers) \(shown.text)")
        #expect(shown.object["revision"] as? Int == 1 && (shown.object["review"] as? [String: Any])?["state"] as? String == "received", "\(shown.text)")

        let change = #"{"email":"ann.lee@example.com","_reason":"typo in the email"}"#
        #expect(try server.request("PUT", "/submissions/\(id)", body: change).status == 401)
        let byReader = try server.request("PUT", "/submissions/\(id)", body: change, headers: Self.bearer(served.read))
        #expect(byReader.status == 403 && byReader.text.contains("write access to form 'signup'"), "\(byReader.text)")
        let edited = try server.request("PUT", "/submissions/\(id)", body: change, headers: Self.bearer(served.write, ["If-Match": #""1""#]))
        #expect(edited.status == 200 && edited.headers["etag"] == #""2""#, "\(edited.status) \(edited.headers) \(edited.text)")
        #expect(edited.object["revision"] as? Int == 2 && edited.object["id"] as? Int == id, "\(edited.text)")
        #expect(Self.data(edited)["email"] as? String == "ann.lee@example.com" && Self.data(edited)["name"] as? String == "Ann Lee", "\(edited.text)")
        #expect(Self.data(edited)["_reason"] == nil, "the request's own members are not values")

        let history = try server.request("GET", "/submissions/\(id)/history", headers: Self.bearer(served.read))
        #expect(history.status == 200, "\(history.text)")
        let revisions = Self.revisions(history)
        #expect(revisions.count == 2, "\(history.text)")
        #expect((revisions.first?["data"] as? [String: Any])?["email"] as? String == "ann@example.com", "the old value is kept: \(history.text)")
        let second = try #require(revisions.last)
        #expect(second["actor"] as? String == "editor" && second["reason"] as? String == "typo in the email", "\(second)")
        let changes = try #require(second["changes"] as? [[String: Any]])
        #expect(changes.count == 1 && changes.first?["path"] as? String == "email", "\(changes)")
        #expect(changes.first?["old"] as? String == "ann@example.com" && changes.first?["new"] as? String == "ann.lee@example.com", "\(changes)")
        #expect(history.object["deleted"] is NSNull && !history.text.contains("correct-horse"), "\(history.text)")

        // An edit that fails validation changes nothing: every error, and the same revision.
        let invalid = try server.request("PUT", "/submissions/\(id)", body: #"{"email":"nope","name":"A"}"#, headers: Self.bearer(served.write))
        #expect(invalid.status == 422, "\(invalid.text)")
        let errors = try #require(invalid.object["errors"] as? [[String: String]])
        #expect(errors.contains { $0["path"] == "email" } && errors.contains { $0["path"] == "name" }, "\(errors)")
        let after = try server.request("GET", "/submissions/\(id)", headers: Self.bearer(served.read))
        #expect(after.headers["etag"] == #""2""# && Self.data(after)["email"] as? String == "ann.lee@example.com", "\(after.text)")
        #expect(Self.revisions(try server.request("GET", "/submissions/\(id)/history", headers: Self.bearer(served.read))).count == 2)

        // What the request itself gets wrong is a 400 naming it; a draft is changed at its own address.
        let badTag = try server.request("PUT", "/submissions/\(id)", body: "{}", headers: Self.bearer(served.write, ["If-Match": "2"]))
        #expect(badTag.status == 400 && badTag.text.contains("If-Match"), "\(badTag.text)")
        let badFlag = try server.request("PUT", "/submissions/\(id)", body: #"{"_toLatest":"yes"}"#, headers: Self.bearer(served.write))
        #expect(badFlag.status == 400 && badFlag.text.contains("_toLatest"), "\(badFlag.text)")
        let badQuery = try server.request("PUT", "/submissions/\(id)?toLatest=yes", body: "{}", headers: Self.bearer(served.write))
        #expect(badQuery.status == 400 && badQuery.text.contains("toLatest is true or false, not 'yes'"), "\(badQuery.text)")
        let draft = try server.request("POST", "/forms/signup/submissions?draft=true", body: #"{"name":"Cy Young"}"#)
        let draftID = try #require(draft.object["id"] as? Int)
        let draftEdit = try server.request("PUT", "/submissions/\(draftID)", body: "{}", headers: Self.bearer(served.write))
        #expect(draftEdit.status == 409 && draftEdit.text.contains("/forms/signup/submissions/\(draftID)"), "\(draftEdit.text)")
        #expect(server.stop() == 0)
        #expect(!server.log.contains("correct-horse"))
    }

    /// A directory holding form `note` as given.
    static func noteForms(_ scratch: Scratch, _ name: String, _ definition: String) throws -> String {
        let forms = scratch.path(name)
        try FileManager.default.createDirectory(atPath: forms, withIntermediateDirectories: true)
        _ = try scratch.write("\(name)/note.json", definition)
        return forms
    }

    @Test func anEditIsValidatedAgainstItsOwnVersionUnlessAskedToMoveToTheLatest() throws {
        let scratch = try Scratch()
        let first = try Self.noteForms(scratch, "v1", #"{"title":"Note","sections":[{"elements":[{"type":"entry","key":"text","required":true}]}]}"#)
        let second = try Self.noteForms(scratch, "v2", #"{"title":"Note","sections":[{"elements":[{"type":"entry","key":"text","required":true},{"type":"entry","key":"author","required":true}]}]}"#)
        let old = try ServerProcess(scratch, formsDirectory: first)
        let created = try old.request("POST", "/forms/note/submissions", body: #"{"text":"hi"}"#)
        let id = try #require(created.object["id"] as? Int, "\(created.text)")
        #expect(old.stop() == 0)
        let server = try ServerProcess(scratch, formsDirectory: second)
        defer { server.stop() }
        let admin = Self.bearer(server.token)
        let kept = try server.request("PUT", "/submissions/\(id)", body: #"{"text":"hello"}"#, headers: admin)
        #expect(kept.status == 200 && kept.object["version"] as? Int == 1 && kept.object["revision"] as? Int == 2, "\(kept.text)")
        let moved = try server.request("PUT", "/submissions/\(id)?toLatest=true", body: "{}", headers: admin)
        #expect(moved.status == 422 && moved.text.contains(#""path":"author""#), "the latest version asks for the author: \(moved.text)")
        let latest = try server.request("PUT", "/submissions/\(id)", body: #"{"author":"Ann","_toLatest":true}"#, headers: admin)
        #expect(latest.status == 200 && latest.object["version"] as? Int == 2 && latest.object["revision"] as? Int == 3, "\(latest.text)")
        let history = try server.request("GET", "/submissions/\(id)/history", headers: admin)
        #expect(Self.revisions(history).map { $0["version"] as? Int } == [1, 1, 2], "\(history.text)")
    }

    @Test func twoEditsOfOneRevisionAtOnceGiveOneSuccessAndOneConflictWithTheCurrentRevision() throws {
        let scratch = try Scratch()
        let served = try Served(scratch)
        let server = served.server
        defer { server.stop() }
        let id = try served.submitAnn()
        let port = server.port
        let write = served.write
        let group = DispatchGroup()
        let lock = NSLock()
        nonisolated(unsafe) var replies: [String: ServerProcess.Reply] = [:]
        for email in ["one@example.com", "two@example.com"] {
            DispatchQueue.global().async(group: group) {
                let reply = try? ServerProcess.request(port: port, "PUT", "/submissions/\(id)", body: #"{"email":"\#(email)"}"#,
                                                       headers: Self.bearer(write, ["If-Match": #""1""#]))
                lock.withLock { replies[email] = reply }
            }
        }
        #expect(group.wait(timeout: .now() + 30) == .success)
        let answered = replies.compactMapValues { $0 }
        #expect(answered.count == 2)
        let winner = try #require(answered.first { $0.value.status == 200 })
        let loser = try #require(answered.first { $0.value.status == 409 }, "\(answered.mapValues(\.text))")
        #expect(loser.value.object["revision"] as? Int == 2 && loser.value.headers["etag"] == #""2""#, "\(loser.value.text)")
        let current = try #require(loser.value.object["submission"] as? [String: Any])
        #expect(current["revision"] as? Int == 2 && (current["data"] as? [String: Any])?["email"] as? String == winner.key, "\(loser.value.text)")
        // No lost update: the winner's value is the current one, the first one is kept before it.
        let history = try server.request("GET", "/submissions/\(id)/history", headers: Self.bearer(served.read))
        let revisions = Self.revisions(history)
        #expect(revisions.count == 2 && (revisions.last?["data"] as? [String: Any])?["email"] as? String == winner.key, "\(history.text)")
        // Redone on the current revision, the loser's change goes through.
        let redone = try server.request("PUT", "/submissions/\(id)", body: #"{"email":"\#(loser.key)"}"#,
                                        headers: Self.bearer(served.write, ["If-Match": #""2""#]))
        #expect(redone.status == 200 && redone.headers["etag"] == #""3""#, "\(redone.text)")
    }

    @Test func aRetriedEditWithTheSameKeyGetsTheSameAnswerAndStoresOneRevision() throws {
        let scratch = try Scratch()
        let served = try Served(scratch)
        let server = served.server
        defer { server.stop() }
        let id = try served.submitAnn()
        // If-Match "1": run a second time, the edit would be a 409, since the first made revision 2.
        let headers = Self.bearer(served.write, ["If-Match": #""1""#, "Idempotency-Key": "edit-7c1e"])
        let body = #"{"plan":"free","_reason":"downgraded"}"#
        let first = try server.request("PUT", "/submissions/\(id)", body: body, headers: headers)
        #expect(first.status == 200 && first.headers["etag"] == #""2""#, "\(first.text)")
        let again = try server.request("PUT", "/submissions/\(id)", body: body, headers: headers)
        #expect(again.status == 200 && again.body == first.body && again.headers["etag"] == #""2""#, "\(again.status) \(again.headers) \(again.text)")
        let history = try server.request("GET", "/submissions/\(id)/history", headers: Self.bearer(served.read))
        #expect(Self.revisions(history).count == 2, "\(history.text)")
        let other = try server.request("PUT", "/submissions/\(id)", body: #"{"plan":"pro"}"#, headers: headers)
        #expect(other.status == 422 && other.text.contains("Idempotency-Key"), "\(other.text)")
        // The same body made of another revision is another request too.
        let otherRevision = try server.request("PUT", "/submissions/\(id)", body: body, headers: headers.merging(["If-Match": #""2""#]) { _, b in b })
        #expect(otherRevision.status == 422 && otherRevision.text.contains("Idempotency-Key"), "\(otherRevision.text)")
        #expect(Self.revisions(try server.request("GET", "/submissions/\(id)/history", headers: Self.bearer(served.read))).count == 2)
    }

    @Test func aReviewRoundTripsAndTheListingFiltersByIt() throws {
        let scratch = try Scratch()
        let served = try Served(scratch)
        let server = served.server
        defer { server.stop() }
        let id = try served.submitAnn()
        let other = try served.submitAnn()
        let issue = #"{"state":"hasIssues","comment":"check the guest's email"}"#
        let byWriter = try server.request("POST", "/submissions/\(id)/review", body: issue, headers: Self.bearer(served.write))
        #expect(byWriter.status == 403 && byWriter.text.contains("admin access"), "\(byWriter.text)")
        let flagged = try server.request("POST", "/submissions/\(id)/review", body: issue, headers: Self.bearer(served.admin))
        #expect(flagged.status == 200, "\(flagged.text)")
        let review = flagged.object["review"] as? [String: Any]
        #expect(review?["state"] as? String == "hasIssues" && review?["comment"] as? String == "check the guest's email", "\(flagged.text)")
        let approved = try server.request("POST", "/submissions/\(id)/review", body: #"{"state":"approved"}"#, headers: Self.bearer(served.admin))
        #expect(approved.status == 200 && (approved.object["review"] as? [String: Any])?["state"] as? String == "approved", "\(approved.text)")
        #expect((approved.object["review"] as? [String: Any])?["comment"] == nil, "a review without a comment clears it: \(approved.text)")

        // A token without a name is named by its id: the sixth one made here.
        let unnamed = try ServeTokensE2ETests.create(scratch, ["--form", "signup", "--scope", "admin"])
        #expect(try server.request("POST", "/submissions/\(id)/review", body: #"{"state":"approved"}"#, headers: Self.bearer(unnamed)).status == 200)

        let history = try server.request("GET", "/submissions/\(id)/history", headers: Self.bearer(served.read))
        let reviews = try #require(history.object["reviews"] as? [[String: Any]])
        #expect(reviews.map { $0["state"] as? String } == ["hasIssues", "approved", "approved"], "\(history.text)")
        #expect(reviews.first?["comment"] as? String == "check the guest's email", "\(history.text)")
        #expect(reviews.map { $0["actor"] as? String } == ["lead", "lead", "token 6"], "\(history.text)")
        #expect(reviews.allSatisfy { $0["revision"] as? Int == 1 }, "\(history.text)")

        for bad in [#"{"state":"fine"}"#, #"{"comment":"x"}"#, #"{"state":"approved","score":5}"#, #"{"state":"approved","comment":"a\u001bb"}"#] {
            let refused = try server.request("POST", "/submissions/\(id)/review", body: bad, headers: Self.bearer(served.admin))
            #expect(refused.status == 400, "\(bad): \(refused.text)")
        }
        let draft = try server.request("POST", "/forms/signup/submissions?draft=true", body: #"{"name":"Cy Young"}"#)
        let draftID = try #require(draft.object["id"] as? Int)
        #expect(try server.request("POST", "/submissions/\(draftID)/review", body: #"{"state":"approved"}"#, headers: Self.bearer(served.admin)).status == 409)

        let listed = try server.request("GET", "/forms/signup/submissions?review=approved", headers: Self.bearer(served.read))
        let rows = listed.text.split(separator: "\n")
        #expect(listed.status == 200 && rows.count == 1 && rows.first?.contains(#""id":\#(id)"#) == true, "\(listed.text)")
        #expect(rows.first?.contains(#""revision":1"#) == true && rows.first?.contains(#""review":{"state":"approved"}"#) == true, "\(listed.text)")
        let received = try server.request("GET", "/forms/signup/submissions?review=received", headers: Self.bearer(served.read))
        #expect(received.text.split(separator: "\n").count == 1 && received.text.contains(#""id":\#(other)"#), "\(received.text)")
        let unknown = try server.request("GET", "/forms/signup/submissions?review=fine", headers: Self.bearer(served.read))
        #expect(unknown.status == 400 && unknown.text.contains("review is one of received, hasIssues, approved, rejected"), "\(unknown.text)")
    }

    @Test func aDeletedSubmissionIsGoneButForAnAdminWhoSeesItsHistory() throws {
        let scratch = try Scratch()
        let served = try Served(scratch)
        let server = served.server
        defer { server.stop() }
        let id = try served.submitAnn()
        let kept = try served.submitAnn()
        #expect(try server.request("DELETE", "/submissions/\(id)", headers: Self.bearer(served.write)).status == 403)
        let escape = try server.request("DELETE", "/submissions/\(kept)?reason=a%1B%5B2Jb", headers: Self.bearer(served.admin))
        #expect(escape.status == 400 && escape.text.contains("reason contains a control character at character 2"), "\(escape.text)")
        let deleted = try server.request("DELETE", "/submissions/\(id)?reason=sent%20twice", headers: Self.bearer(served.admin))
        #expect(deleted.status == 204, "\(deleted.text)")
        let missing = try server.request("GET", "/submissions/9999", headers: Self.bearer(served.read))
        for (method, path, token) in [("GET", "/submissions/\(id)", served.read), ("GET", "/submissions/\(id)/history", served.read),
                                      ("PUT", "/submissions/\(id)", served.write), ("DELETE", "/submissions/\(id)", served.admin)] {
            let reply = try server.request(method, path, body: method == "PUT" ? "{}" : nil, headers: Self.bearer(token))
            #expect(reply.status == 404 && reply.text == missing.text.replacingOccurrences(of: "9999", with: "\(id)"), "\(method) \(path): \(reply.text)")
        }
        let listed = try server.request("GET", "/forms/signup/submissions?status=all", headers: Self.bearer(served.admin))
        #expect(!listed.text.contains(#""id":\#(id),"#) && listed.text.contains(#""id":\#(kept),"#), "\(listed.text)")

        let shown = try server.request("GET", "/submissions/\(id)", headers: Self.bearer(served.admin))
        let deletion = try #require(shown.object["deleted"] as? [String: Any], "\(shown.text)")
        #expect(deletion["actor"] as? String == "lead" && deletion["reason"] as? String == "sent twice", "\(shown.text)")
        #expect(Self.data(shown)["name"] as? String == "Ann Lee", "the last values stay readable: \(shown.text)")
        let history = try server.request("GET", "/submissions/\(id)/history", headers: Self.bearer(server.token))
        #expect(history.status == 200 && (history.object["deleted"] as? [String: Any])?["actor"] as? String == "lead", "\(history.text)")
        // An admin sees it, but it is not there to change.
        #expect(try server.request("PUT", "/submissions/\(id)", body: #"{"name":"Ann Lea"}"#, headers: Self.bearer(server.token)).status == 404)
        #expect(try server.request("POST", "/submissions/\(id)/review", body: #"{"state":"approved"}"#, headers: Self.bearer(served.admin)).status == 404)
        #expect(Self.revisions(history).count == 1)
    }

    @Test func anotherFormsTokensGetTheSame404AsAMissingSubmission() throws {
        let scratch = try Scratch()
        let served = try Served(scratch)
        let server = served.server
        defer { server.stop() }
        let id = try served.submitAnn()
        let requests: [(String, String, String?, String)] = [
            ("PUT", "", "{}", served.surveyWrite), ("GET", "/history", nil, served.surveyWrite),
            ("POST", "/review", #"{"state":"approved"}"#, served.surveyAdmin), ("DELETE", "", nil, served.surveyAdmin),
        ]
        for (method, tail, body, token) in requests {
            let foreign = try server.request(method, "/submissions/\(id)\(tail)", body: body, headers: Self.bearer(token))
            let missing = try server.request(method, "/submissions/9999\(tail)", body: body, headers: Self.bearer(token))
            #expect(foreign.status == 404 && missing.status == 404, "\(method) \(tail): \(foreign.text)")
            #expect(foreign.text == missing.text.replacingOccurrences(of: "9999", with: "\(id)"), "\(foreign.text) / \(missing.text)")
        }
        let untouched = try server.request("GET", "/submissions/\(id)/history", headers: Self.bearer(served.read))
        #expect(Self.revisions(untouched).count == 1 && (untouched.object["reviews"] as? [Any])?.isEmpty == true && untouched.object["deleted"] is NSNull)
    }

    @Test(.enabled(if: PostgresTestServer.unavailableReason == nil, "PostgreSQL tests skipped"))
    func editReviewAndDeleteOnPostgreSQL() throws {
        let scratch = try Scratch()
        let url = try PostgresTestServer.shared().createDatabase()
        let made = try CommandRunner.run(["token", "create", "--form", "signup", "--scope", "read", "--db", url], directory: scratch.directory)
        #expect(made.exitCode == 0, "\(made)")
        let read = made.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        let server = try ServerProcess(scratch, extra: ["--db", url])
        defer { server.stop() }
        let admin = Self.bearer(server.token)
        let created = try server.request("POST", "/forms/signup/submissions", body: ServeE2ETests.ann)
        let id = try #require(created.object["id"] as? Int, "\(created.text)")
        let edited = try server.request("PUT", "/submissions/\(id)", body: #"{"email":"ann.lee@example.com"}"#, headers: Self.bearer(server.token, ["If-Match": #""1""#]))
        #expect(edited.status == 200 && edited.headers["etag"] == #""2""#, "\(edited.text)")
        let stale = try server.request("PUT", "/submissions/\(id)", body: #"{"email":"x@example.com"}"#, headers: Self.bearer(server.token, ["If-Match": #""1""#]))
        #expect(stale.status == 409 && stale.object["revision"] as? Int == 2, "\(stale.text)")
        #expect(try server.request("PUT", "/submissions/\(id)", body: #"{"email":"nope"}"#, headers: admin).status == 422)
        let reviewed = try server.request("POST", "/submissions/\(id)/review", body: #"{"state":"rejected","comment":"duplicate"}"#, headers: admin)
        #expect(reviewed.status == 200 && (reviewed.object["review"] as? [String: Any])?["comment"] as? String == "duplicate", "\(reviewed.text)")
        let history = try server.request("GET", "/submissions/\(id)/history", headers: Self.bearer(read))
        let changes = Self.revisions(history).last?["changes"] as? [[String: Any]]
        #expect(Self.revisions(history).count == 2 && changes?.first?["old"] as? String == "ann@example.com", "\(history.text)")
        #expect(Self.revisions(history).map { $0["actor"] as? String } == [nil, "--token-file"], "\(history.text)")
        #expect((history.object["reviews"] as? [[String: Any]])?.first?["actor"] as? String == "--token-file", "\(history.text)")
        #expect(try server.request("DELETE", "/submissions/\(id)", headers: admin).status == 204)
        #expect(try server.request("GET", "/submissions/\(id)", headers: Self.bearer(read)).status == 404)
        #expect(try server.request("GET", "/forms/signup/submissions", headers: Self.bearer(read)).text.isEmpty)
        let kept = try server.request("GET", "/submissions/\(id)/history", headers: admin)
        #expect(kept.status == 200 && Self.revisions(kept).count == 2 && kept.object["deleted"] is [String: Any], "\(kept.text)")
    }
}
