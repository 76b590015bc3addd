import Foundation
import Synchronization
import Testing

/// `formctl serve` against the real server on 127.0.0.1: every endpoint and status, the token,
/// limits, the HTML page without JavaScript, and secrets absent from responses, the log and
/// the database.
@Suite(.serialized) struct ServeE2ETests {
    static let ann = #"{"name":"Ann Lee","email":"ann@example.com","password":"correct-horse-42","passwordConfirmation":"correct-horse-42","plan":"pro","guests":[{"email":"bo@example.com"}]}"#

    @Test func formsDefinitionsAndTheOpenAPIDocument() throws {
        let scratch = try Scratch()
        let server = try ServerProcess(scratch)
        defer { server.stop() }
        let forms = try #require(try server.request("GET", "/forms").json() as? [[String: Any]])
        // feedback.strings.json is feedback's translations, not a form.
        #expect(forms.map { $0["name"] as? String } == ["feedback", "order", "signup", "survey"])
        // Each title in the request's language, the form's default for a language it lacks.
        let german = try #require(try server.request("GET", "/forms", headers: ["Accept-Language": "de"]).json() as? [[String: Any]])
        #expect(german.map { $0["title"] as? String } == ["Feedback zur Konferenz", "Order", "Sign up", "Team survey"], "\(german)")
        // The login sample's button names an action nobody routed: it is left out, and said so.
        #expect(server.log.contains("loginform.json: not served: no handler for action 'onLogin' (route it with --action NAME=PROGRAM)"), "\(server.log)")
        #expect(forms.first { $0["name"] as? String == "signup" }?["title"] as? String == "Sign up")
        let definition = try server.request("GET", "/forms/survey", headers: ["Accept": "application/json"])
        #expect(definition.status == 200 && definition.headers["content-type"]?.hasPrefix("application/json") == true)
        // Bound to survey-data.json: the tools are expanded, one element per tool.
        #expect(definition.text.contains("tools.SwiftPM.score"), "\(definition.text.prefix(300))")
        let unknown = try server.request("GET", "/forms/nope")
        #expect(unknown.status == 404 && (unknown.object["error"] as? String)?.contains("no form named 'nope'") == true)
        let document = try server.request("GET", "/openapi.json").object
        let paths = try #require(document["paths"] as? [String: Any])
        let nameParameter = (document["components"] as? [String: Any]).flatMap { $0["parameters"] as? [String: Any] }?["name"] as? [String: Any]
        #expect((nameParameter?["schema"] as? [String: Any])?["enum"] as? [String] == ["feedback", "order", "signup", "survey"])
        #expect(Set(paths.keys) == ["/forms", "/forms/{name}", "/forms/{name}/state", "/forms/{name}/submissions",
                                    "/forms/{name}/submissions/{id}", "/forms/{name}/drafts/{id}", "/submissions/{id}", "/submissions/{id}/history",
                                    "/submissions/{id}/files/{keyPath}", "/submissions/{id}/review", "/openapi.json",
                                    "/healthz", "/readyz", "/metrics"])
        #expect(server.stop() == 0)
    }

    @Test func submissionsDraftsAndEveryError() throws {
        let scratch = try Scratch()
        let server = try ServerProcess(scratch)
        defer { server.stop() }
        let created = try server.request("POST", "/forms/signup/submissions", body: Self.ann)
        #expect(created.status == 201, "\(created.text)")
        #expect(created.object["id"] as? Int == 1 && created.object["status"] as? String == "final" && created.object["version"] as? Int == 1)
        #expect(created.headers["location"] == "/submissions/1")
        let invalid = try server.request("POST", "/forms/signup/submissions", body: #"{"name":"A","email":"nope"}"#)
        #expect(invalid.status == 422)
        let errors = try #require(invalid.object["errors"] as? [[String: String]])
        #expect(errors.contains { $0["path"] == "email" && $0["rule"] == "email" })
        #expect(errors.contains { $0["path"] == "name" && $0["rule"] == "minLength" })
        #expect(errors.contains { $0["path"] == "password" && $0["rule"] == "required" })
        let draft = try server.request("POST", "/forms/signup/submissions?draft=true", body: #"{"name":"Cy Young"}"#)
        #expect(draft.status == 201 && draft.object["status"] as? String == "draft", "\(draft.text)")
        let draftID = try #require(draft.object["id"] as? Int)
        let resume = ["Resume-Token": try #require(draft.object["resume_token"] as? String)]
        let stillInvalid = try server.request("PUT", "/forms/signup/submissions/\(draftID)", body: #"{"email":"cy@example.com"}"#, headers: resume)
        #expect(stillInvalid.status == 422, "\(stillInvalid.text)")
        let finalized = try server.request("PUT", "/forms/signup/submissions/\(draftID)", body: Self.ann.replacingOccurrences(of: "Ann Lee", with: "Cy Young"),
                                           headers: resume)
        #expect(finalized.status == 200 && finalized.object["status"] as? String == "final" && finalized.object["id"] as? Int == draftID)
        let noDraft = try server.request("PUT", "/forms/signup/submissions/99", body: Self.ann)
        #expect(noDraft.status == 404, "\(noDraft.text)")
        // Bad requests are 4xx that say what to send.
        #expect(try server.request("POST", "/forms/signup/submissions", body: "{not json").status == 400)
        #expect(try server.request("POST", "/forms/signup/submissions", body: "[1]").status == 400)
        #expect(try server.request("POST", "/forms/signup/submissions", body: "x", type: "text/plain").status == 415)
        // The media type is matched whole, in any case, its parameters aside: not by its first letters.
        #expect(try server.request("POST", "/forms/signup/submissions", body: Self.ann, type: "application/jsonx").status == 415)
        #expect(try server.request("POST", "/forms/signup/submissions", body: Self.ann, type: "Application/JSON; charset=utf-8").status == 201)
        // JSON sent as a form (curl -d): said so, and the body (a password in it) is not quoted back.
        let jsonAsForm = try server.request("POST", "/forms/signup/submissions", body: "  " + Self.ann, type: "application/x-www-form-urlencoded")
        #expect(jsonAsForm.status == 415 && jsonAsForm.text.contains("looks like JSON") && !jsonAsForm.text.contains("correct-horse-42"),
                "\(jsonAsForm.text)")
        #expect(try server.request("POST", "/forms/nope/submissions", body: Self.ann).status == 404)
        // An address or method no route answers: a 404 that says so (it was empty), without the address.
        for (method, path) in [("DELETE", "/forms"), ("GET", "/FORMS/%3Cscript%3E")] {
            let unrouted = try server.request(method, path)
            #expect(unrouted.status == 404 && unrouted.text.contains("no route answers \(method)") && unrouted.text.contains("/openapi.json")
                    && !unrouted.text.contains("script"), "\(method) \(path): \(unrouted.text)")
        }
        #expect(try server.request("PUT", "/forms/signup/submissions/abc", body: Self.ann).status == 400)
        // Secrets: not in any response, the database or the log.
        let stored = try scratch.rows("select values_json from submissions")
        #expect(stored.contains("Ann Lee") && stored.contains("Cy Young") && !stored.contains("correct-horse"))
        #expect(server.stop() == 0)
        #expect(!server.log.contains("correct-horse") && !server.log.contains(server.token))
        #expect(server.log.contains(#"{"method":"POST","path":"/forms/signup/submissions","status":201"#), "\(server.log)")
    }

    @Test func stateShowsConditionalFieldsAndErrorsSoFar() throws {
        let scratch = try Scratch()
        let server = try ServerProcess(scratch)
        defer { server.stop() }
        func field(_ path: String, _ values: String) throws -> [String: Any] {
            let reply = try server.request("POST", "/forms/signup/state", body: #"{"values": \#(values)}"#)
            #expect(reply.status == 200, "\(reply.text)")
            let fields = try #require(reply.object["fields"] as? [[String: Any]])
            return try #require(fields.first { $0["path"] as? String == path })
        }
        #expect(try field("company", #"{"plan": "free"}"#)["visible"] as? Bool == false)
        let company = try field("company", #"{"plan": "team"}"#)
        #expect(company["visible"] as? Bool == true && company["required"] as? Bool == true)
        let email = try field("email", #"{"email": "nope"}"#)
        #expect((email["errors"] as? [[String: String]])?.first?["rule"] == "email")
        #expect(try field("password", #"{"password": "secret-value-1"}"#)["value"] is NSNull)
        #expect(try server.request("POST", "/forms/signup/state", body: #"{"values": [1]}"#).status == 400)
        // A label's computed value, as the page shows it: a thin client needs no expressions.
        let reply = try server.request("POST", "/forms/signup/state", body: #"{"values": {"name": "Ann Lee"}}"#)
        let summary = (reply.object["fields"] as? [[String: Any]])?.first { $0["title"] as? String == "Summary" }
        #expect(summary?["value"] as? String == "Welcome, Ann Lee!", "\(reply.text)")
    }

    @Test func readingSubmissionsNeedsTheToken() throws {
        let scratch = try Scratch()
        let server = try ServerProcess(scratch)
        defer { server.stop() }
        _ = try server.request("POST", "/forms/signup/submissions", body: Self.ann)
        _ = try server.request("POST", "/forms/signup/submissions?draft=true", body: #"{"name":"Cy"}"#)
        #expect(try server.request("GET", "/forms/signup/submissions").status == 401)
        #expect(try server.request("GET", "/submissions/1", headers: ["Authorization": "Bearer wrong-token-0123456789"]).status == 401)
        let auth = ["Authorization": "Bearer \(server.token)"]
        let listed = try server.request("GET", "/forms/signup/submissions", headers: auth)
        #expect(listed.status == 200 && listed.headers["content-type"] == "application/x-ndjson")
        let lines = listed.text.split(separator: "\n")
        #expect(lines.count == 1 && lines[0].contains(#""name":"Ann Lee""#) && !listed.text.contains("correct-horse"))
        let all = try server.request("GET", "/forms/signup/submissions?status=all&order=created&desc=true", headers: auth)
        #expect(all.text.split(separator: "\n").count == 2 && all.text.hasPrefix(#"{"id":2"#), "\(all.text)")
        #expect(try server.request("GET", "/forms/signup/submissions?status=nope", headers: auth).status == 400)
        // since and until take what dump --since and --until take.
        let ranged = try server.request("GET", "/forms/signup/submissions?status=all&since=2000/01/01&until=2100-01-01%2010:00", headers: auth)
        #expect(ranged.status == 200 && ranged.text.split(separator: "\n").count == 2, "\(ranged.text)")
        #expect(try server.request("GET", "/forms/signup/submissions?until=tomorrow", headers: auth).status == 400)
        let one = try server.request("GET", "/submissions/1", headers: auth)
        #expect(one.status == 200 && (one.object["data"] as? [String: Any])?["email"] as? String == "ann@example.com")
        #expect(try server.request("GET", "/submissions/42", headers: auth).status == 404)
    }

    @Test func limitsBodySizeAndActionsThatCancel() throws {
        let scratch = try Scratch()
        let forms = scratch.path("forms")
        try FileManager.default.createDirectory(atPath: forms, withIntermediateDirectories: true)
        _ = try scratch.write("forms/order.json", """
            {"title": "Order", "sections": [{"elements": [
              {"type": "entry", "key": "item", "required": true},
              {"type": "button", "key": "send", "title": "Send", "controllerAction": "check"}]}]}
            """)
        _ = try scratch.write("forms/broken.json", "{\"sections\": [")
        let server = try ServerProcess(scratch, formsDirectory: forms, extra: [
            "--max-body", "2048", "--action", #"check=sh -c "grep -q forbidden && { echo 'that item is not sold' >&2; exit 1; } || exit 0""#,
        ])
        defer { server.stop() }
        #expect(server.log.contains("broken.json: not served"), "\(server.log)")
        #expect(try server.request("POST", "/forms/order/submissions", body: #"{"item":"tea"}"#).status == 201)
        let cancelled = try server.request("POST", "/forms/order/submissions", body: #"{"item":"forbidden"}"#)
        #expect(cancelled.status == 409 && cancelled.object["error"] as? String == "that item is not sold", "\(cancelled.text)")
        let big = try server.request("POST", "/forms/order/submissions", body: #"{"item":""# + String(repeating: "x", count: 4000) + "\"}")
        #expect(big.status == 413, "\(big.status) \(big.text)")
    }

    @Test func theHTMLPageWorksWithoutJavaScript() throws {
        let scratch = try Scratch()
        let server = try ServerProcess(scratch)
        defer { server.stop() }
        let page = try server.request("GET", "/forms/signup", headers: ["Accept": "text/html"])
        #expect(page.status == 200 && page.headers["content-type"]?.hasPrefix("text/html") == true)
        for needle in [#"<label for="field-email">"#, #"<input type="email" id="field-email" name="email""#,
                       #"<input type="password" id="field-password""#, #"<input type="radio" id="field-plan-3" name="plan" value="team">"#,
                       #"<div class="field" data-path="company" hidden>"#, #"<input type="date" id="field-birthDate""#,
                       #"value="add:guests""#, #"<script src="/assets/form.js" defer>"#] {
            #expect(page.text.contains(needle), "missing \(needle)")
        }
        let form = "name=Ann+Lee&email=nope&password=correct-horse-42&passwordConfirmation=correct-horse-42&plan=team&company=Acme&seats=3&newsletter=false"
        let wrong = try server.request("POST", "/forms/signup/submissions", body: form, type: "application/x-www-form-urlencoded")
        #expect(wrong.status == 422)
        #expect(wrong.text.contains(#"aria-invalid="true" aria-describedby="error-email""#) && wrong.text.contains(#"<p class="error" id="error-email">"#))
        // What was typed comes back, except the secrets.
        #expect(wrong.text.contains(#"name="name" value="Ann Lee""#) && wrong.text.contains(#"<div class="field" data-path="company">"#))
        #expect(!wrong.text.contains("correct-horse"))
        let added = try server.request("POST", "/forms/signup/submissions", body: form + "&_action=add%3Aguests", type: "application/x-www-form-urlencoded")
        #expect(added.status == 200 && added.text.contains(#"name="guests.0.email""#) && added.text.contains(#"value="remove:guests.0""#))
        let right = try server.request("POST", "/forms/signup/submissions", body: form.replacingOccurrences(of: "email=nope", with: "email=ann%40example.com"),
                                       type: "application/x-www-form-urlencoded")
        #expect(right.status == 201 && right.text.contains(#"<p id="result" role="status">Saved submission 1</p>"#), "\(right.text)")
        #expect(try scratch.rows("select values_json from submissions").contains(#""company":"Acme","seats":3"#))
        #expect(try server.request("GET", "/assets/form.js").text.contains("/state"))
        #expect(try server.request("GET", "/assets/form.css").status == 200)
    }

    /// The order form of the limits tests, with an action the test routes to a program.
    static func orderForms(_ scratch: Scratch) throws -> String {
        let forms = scratch.path("order-forms")
        try FileManager.default.createDirectory(atPath: forms, withIntermediateDirectories: true)
        _ = try scratch.write("order-forms/order.json", """
            {"title": "Order", "sections": [{"elements": [
              {"type": "entry", "key": "item", "required": true},
              {"type": "button", "key": "send", "title": "Send", "controllerAction": "check"}]}]}
            """)
        return forms
    }

    @Test func aBusyStoreIs503WithRetryAfterAndASlowRequestTimesOut() throws {
        let scratch = try Scratch()
        let server = try ServerProcess(scratch, formsDirectory: try Self.orderForms(scratch), extra: [
            "--busy-timeout", "0.2", "--request-timeout", "1", "--action", "check=sh -c 'read -r line; case $line in *slow*) sleep 3;; esac'",
        ])
        defer { server.stop() }
        #expect(try server.request("POST", "/forms/order/submissions", body: #"{"item":"tea"}"#).status == 201)
        // Another process holds SQLite's write lock for two seconds.
        let holder = try SQLiteLockHolder.start(database: scratch.db, seconds: 2)
        let busy = try server.request("POST", "/forms/order/submissions", body: #"{"item":"tea"}"#)
        #expect(busy.status == 503 && busy.headers["retry-after"] == "1", "\(busy.status) \(busy.text)")
        holder.waitUntilExit()
        let slow = try server.request("POST", "/forms/order/submissions", body: #"{"item":"slow"}"#)
        #expect(slow.status == 503 && (slow.object["error"] as? String)?.contains("longer than 1 s") == true, "\(slow.status) \(slow.text)")
    }

    @Test func sigtermFinishesTheWriteInFlight() throws {
        let scratch = try Scratch()
        let server = try ServerProcess(scratch, formsDirectory: try Self.orderForms(scratch), extra: [
            "--action", "check=sh -c 'sleep 1'",
        ])
        let port = server.port
        let status = Mutex<Int?>(nil)
        let done = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            let reply = try? ServerProcess.request(port: port, "POST", "/forms/order/submissions", body: #"{"item":"tea"}"#)
            status.withLock { $0 = reply?.status ?? -1 }
            done.signal()
        }
        usleep(300_000)  // the request is in the action now
        #expect(server.stop() == 0)
        _ = done.wait(timeout: .now() + 10)
        #expect(status.withLock { $0 } == 201)
        #expect(try scratch.rows("select count(*) from submissions").trimmingCharacters(in: .whitespacesAndNewlines) == "1")
    }
}
