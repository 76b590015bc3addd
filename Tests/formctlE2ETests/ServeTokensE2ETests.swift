import Foundation
import Glibc
import Testing

/// `formctl token create|list|revoke` and what the tokens allow on `formctl serve`: read reads
/// the form's submissions, write also changes its drafts and submits to it when it is private,
/// admin without a form covers every form; the token file is an admin token, read whatever
/// its line ending, with a warning when other users can read it.
@Suite(.serialized) struct ServeTokensE2ETests {
    /// Creates a token and returns it (stdout, one line).
    static func create(_ scratch: Scratch, _ arguments: [String]) throws -> String {
        let made = try scratch.formctl(["token", "create"] + arguments)
        #expect(made.exitCode == 0, "\(made)")
        let lines = made.stdout.split(separator: "\n")
        #expect(lines.count == 1 && made.stderr.contains("shown only this once"), "\(made)")
        return String(lines.first ?? "")
    }

    @Test func createPrintsOnceListHidesAndRevokeWorks() throws {
        let scratch = try Scratch()
        let ci = try Self.create(scratch, ["--form", "signup", "--scope", "read", "--name", "ci"])
        let everything = try Self.create(scratch, ["--scope", "admin"])
        #expect(ci.count == 43 && ci != everything)
        let listed = try scratch.formctl(["token", "list"])
        #expect(listed.exitCode == 0 && listed.stdout.contains("ci") && listed.stdout.contains("signup") && listed.stdout.contains("read"), "\(listed)")
        #expect(listed.stdout.contains("admin") && !listed.stdout.contains(ci) && !listed.stdout.contains(everything), "\(listed)")
        let rows = try scratch.rows("select * from access_tokens")
        #expect(!rows.contains(ci) && !rows.contains(everything), "only hashes are stored")

        #expect(try scratch.formctl(["token", "create", "--scope", "read"]).exitCode == 2, "read and write need --form")
        let taken = try scratch.formctl(["token", "create", "--form", "signup", "--scope", "write", "--name", "ci"])
        #expect(taken.exitCode == 2 && taken.stderr.contains("exists already"), "\(taken)")
        #expect(try scratch.formctl(["token", "create", "--form", "signup", "--scope", "write", "--name", "42"]).exitCode == 2)
        #expect(try scratch.formctl(["token", "create", "--form", "signup", "--scope", "owner"]).exitCode == 2)

        let revoked = try scratch.formctl(["token", "revoke", "ci"])
        #expect(revoked.exitCode == 0 && revoked.stdout.contains("revoked token 'ci'"), "\(revoked)")
        #expect(try scratch.formctl(["token", "revoke", "ci"]).exitCode == 1)
        #expect(try scratch.formctl(["token", "revoke", "2"]).exitCode == 0, "by id")
        #expect(try scratch.formctl(["token", "list"]).stdout.isEmpty)
    }

    @Test func scopesAreEnforcedOnTheReadingEndpointsDraftsAndPrivateForms() throws {
        let scratch = try Scratch()
        let signupRead = try Self.create(scratch, ["--form", "signup", "--scope", "read", "--name", "reader"])
        let signupWrite = try Self.create(scratch, ["--form", "signup", "--scope", "write"])
        let surveyWrite = try Self.create(scratch, ["--form", "survey", "--scope", "write"])
        let admin = try Self.create(scratch, ["--scope", "admin"])
        func bearer(_ token: String) -> [String: String] { ["Authorization": "Bearer \(token)"] }
        let server = try ServerProcess(scratch, extra: ["--private", "survey"])
        defer { server.stop() }

        // A private form takes submissions only with write access to it.
        #expect(try server.request("POST", "/forms/survey/submissions?draft=true", body: "{}").status == 401)
        #expect(try server.request("POST", "/forms/survey/submissions?draft=true", body: "{}", headers: bearer(signupWrite)).status == 403)
        #expect(try server.request("POST", "/forms/survey/submissions?draft=true", body: "{}", headers: bearer(signupRead)).status == 403)
        let survey = try server.request("POST", "/forms/survey/submissions?draft=true", body: "{}", headers: bearer(surveyWrite))
        #expect(survey.status == 201, "\(survey.text)")
        let surveyID = try #require(survey.object["id"] as? Int)
        // Other forms stay open to anyone.
        let signup = try server.request("POST", "/forms/signup/submissions", body: ServeE2ETests.ann)
        #expect(signup.status == 201)
        let signupID = try #require(signup.object["id"] as? Int)

        // read: this form's submissions only; another form's row is the same 404 as none.
        #expect(try server.request("GET", "/forms/signup/submissions").status == 401)
        #expect(try server.request("GET", "/forms/signup/submissions", headers: bearer("x" + signupRead)).status == 401)
        let listed = try server.request("GET", "/forms/signup/submissions", headers: bearer(signupRead))
        #expect(listed.status == 200 && listed.text.contains("Ann Lee"), "\(listed.text)")
        #expect(try server.request("GET", "/forms/survey/submissions", headers: bearer(signupRead)).status == 403)
        #expect(try server.request("GET", "/submissions/\(signupID)", headers: bearer(signupRead)).status == 200)
        let foreign = try server.request("GET", "/submissions/\(surveyID)", headers: bearer(signupRead))
        let missing = try server.request("GET", "/submissions/9999", headers: bearer(signupRead))
        #expect(foreign.status == 404 && missing.status == 404)
        #expect(try server.request("GET", "/forms/survey/submissions?status=all", headers: bearer(admin)).text.contains(#""id":\#(surveyID)"#))
        #expect(try server.request("GET", "/forms/survey/submissions?status=all", headers: bearer(server.token)).status == 200)
        // The scheme's name is case-insensitive (RFC 9110): `bearer` and `BEARER` are `Bearer`.
        for scheme in ["bearer", "BEARER"] {
            let lower = try server.request("GET", "/forms/signup/submissions", headers: ["Authorization": "\(scheme) \(signupRead)"])
            #expect(lower.status == 200, "\(scheme): \(lower.text)")
        }
        #expect(try server.request("GET", "/forms/signup/submissions", headers: ["Authorization": "Basic \(signupRead)"]).status == 401)
        // A flag that is neither true nor false is refused, not read as false: `?draft=yes` would
        // have stored a final submission (or finalized a draft).
        for query in ["draft=yes", "draft=TRUE", "draft"] {
            let refused = try server.request("POST", "/forms/signup/submissions?\(query)", body: ServeE2ETests.ann)
            #expect(refused.status == 400 && refused.text.contains("draft is true or false"), "\(query): \(refused.text)")
        }
        let unordered = try server.request("GET", "/forms/signup/submissions?desc=maybe", headers: bearer(signupRead))
        #expect(unordered.status == 400 && unordered.text.contains("desc is true or false"), "\(unordered.text)")
        let newestFirst = try server.request("GET", "/forms/signup/submissions?desc=1&status=all", headers: bearer(admin))
        #expect(newestFirst.status == 200, "\(newestFirst.text)")
        #expect(try server.request("GET", "/forms/signup/submissions?status=all", headers: bearer(admin)).text.components(separatedBy: "\"id\":").count == 2,
                "the refused posts stored nothing")

        // write: any draft of its form without the draft's resume token; read is not enough.
        let draft = try server.request("POST", "/forms/signup/submissions?draft=true", body: #"{"name":"Cy Young"}"#)
        let draftID = try #require(draft.object["id"] as? Int)
        #expect(try server.request("PUT", "/forms/signup/submissions/\(draftID)?draft=true", body: "{}", headers: bearer(signupRead)).status == 404)
        #expect(try server.request("PUT", "/forms/signup/submissions/\(draftID)?draft=true", body: "{}", headers: bearer(surveyWrite)).status == 404)
        let changed = try server.request("PUT", "/forms/signup/submissions/\(draftID)?draft=true", body: #"{"name":"Dee Dee"}"#,
                                         headers: bearer(signupWrite))
        #expect(changed.status == 200, "\(changed.text)")

        // Revoked, a token stops working at once, on the running server too.
        #expect(try scratch.formctl(["token", "revoke", "reader"]).exitCode == 0)
        #expect(try server.request("GET", "/forms/signup/submissions", headers: bearer(signupRead)).status == 401)
    }

    @Test func aTokenFileWithACRLFEndingWorksAndOneOthersCanReadIsWarnedAbout() throws {
        let scratch = try Scratch()
        let token = "crlf-token-0123456789abcdef"
        let file = try scratch.write("crlf-token", "  \(token) \r\n")
        chmod(file, 0o600)
        let server = try ServerProcess(scratch, tokenFile: file)
        let reply = try server.request("GET", "/forms/signup/submissions", headers: ["Authorization": "Bearer \(token)"])
        #expect(reply.status == 200, "\(reply.status) \(reply.text)")
        #expect(server.stop() == 0)
        #expect(!server.log.contains("warning: --token-file"), "\(server.log)")

        chmod(file, 0o644)
        let open = try ServerProcess(scratch, tokenFile: file)
        #expect(try open.request("GET", "/forms/signup/submissions", headers: ["Authorization": "Bearer \(token)"]).status == 200)
        #expect(open.stop() == 0)
        #expect(open.log.contains("warning: --token-file \(file) can be read by other users (mode 644): chmod 600 it"), "\(open.log)")
        #expect(!open.log.contains(token))
    }

    @Test func privateNamesAServedForm() throws {
        let scratch = try Scratch()
        let refused = try scratch.formctl(["serve", RepositoryFilesForms.directory, "--port", "0", "--private", "nope"])
        #expect(refused.exitCode == 2 && refused.stderr.contains("--private nope: no such form"), "\(refused)")
    }
}
