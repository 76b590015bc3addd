import Foundation
import Glibc
import Testing

/// Examples/forms-service: a Hummingbird application of its own with its own API key, mounting
/// FormServer's routes under /forms. Behind the key, every address the routes send out (links,
/// form actions, assets, redirects, Location, the OpenAPI server, the page cookie) keeps the
/// prefix, and a browser's post and the JSON API work under it.
@Suite(.serialized) struct FormsServiceE2ETests {
    static let key = "service-key-0123456789abcdef"
    static let form = "application/x-www-form-urlencoded"

    static func rows(_ scratch: Scratch, _ sql: String) throws -> String {
        try scratch.rows(sql).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The example service on 127.0.0.1 and a free port, stopped with SIGTERM.
    final class Service {
        let process = Process()
        let port: Int
        let output: URL

        init(_ scratch: Scratch) throws {
            let formctl = URL(fileURLWithPath: try CommandRunner.binaryPath())
            output = URL(fileURLWithPath: scratch.path("service.log"))
            _ = FileManager.default.createFile(atPath: output.path, contents: nil)
            process.executableURL = formctl.deletingLastPathComponent().appendingPathComponent("forms-service")
            process.arguments = [RepositoryFilesForms.directory, scratch.db, "0"]
            process.environment = ["FORMS_SERVICE_KEY": FormsServiceE2ETests.key]
            process.standardOutput = try FileHandle(forWritingTo: output)
            process.standardError = process.standardOutput
            try process.run()
            port = try ServerProcess.listeningPort(of: process, log: output, name: "forms-service")
        }

        /// With the service's key unless `key` says otherwise.
        func request(_ method: String, _ path: String, body: String? = nil, type: String? = "application/json", key: String? = FormsServiceE2ETests.key,
                     headers: [String: String] = [:], followingRedirects: Bool = true) throws -> ServerProcess.Reply {
            var headers = headers
            if let key { headers["X-API-Key"] = key }
            return try ServerProcess.request(port: port, method, path, body: body, type: type, headers: headers, followingRedirects: followingRedirects)
        }

        func stop() -> Int32 {
            if process.isRunning { kill(process.processIdentifier, SIGTERM) }
            process.waitUntilExit()
            return process.terminationStatus
        }

        deinit { if process.isRunning { process.terminate() } }
    }

    @Test func everyMountedRouteRefusesARequestWithoutTheServicesKey() throws {
        let scratch = try Scratch()
        let service = try Service(scratch)
        defer { _ = service.stop() }
        for (method, path) in [("GET", "/forms/forms"), ("GET", "/forms/forms/signup"), ("POST", "/forms/forms/signup/state"),
                               ("POST", "/forms/forms/signup/submissions"), ("GET", "/forms/openapi.json"), ("GET", "/forms/assets/form.js")] {
            for key in [nil, "service-key-0123456789abcdeX"] {
                let reply = try service.request(method, path, body: method == "POST" ? ServeE2ETests.ann : nil, key: key)
                #expect(reply.status == 401, "\(method) \(path) with key \(key ?? "none"): \(reply.status) \(reply.text)")
            }
        }
        #expect(try Self.rows(scratch, "select count(*) from submissions") == "0")
        // With the key, the same routes answer.
        #expect(try service.request("GET", "/forms/forms").status == 200)
        #expect(try service.request("GET", "/forms/assets/form.js").status == 200)
    }

    @Test func thePagesLinksFormActionAssetsAndCookieCarryThePrefix() throws {
        let scratch = try Scratch()
        let service = try Service(scratch)
        defer { _ = service.stop() }
        let page = try service.request("GET", "/forms/forms/signup", headers: ["Accept": "text/html"])
        #expect(page.status == 200, "\(page.text)")
        #expect(page.text.contains(#"<form id="form" method="post" action="/forms/forms/signup/submissions""#), "\(page.text)")
        #expect(page.text.contains(#"data-forms="/forms/forms""#))
        #expect(page.text.contains(#"href="/forms/assets/form.css""#) && page.text.contains(#"src="/forms/assets/form.js""#))
        // No address of the page leaves the prefix.
        for attribute in ["action", "href", "src", "data-forms"] {
            for match in page.text.matches(of: try Regex<(Substring, Substring)>(#"\#(attribute)="([^"]*)""#)) {
                #expect(match.1.hasPrefix("/forms/"), "\(attribute)=\"\(match.1)\" is outside /forms")
            }
        }
        let cookie = try #require(page.headers["set-cookie"])
        #expect(cookie.contains("Path=/forms;"), "\(cookie)")
        // The script the page loads posts to the address the page gives, not to a fixed one.
        let script = try service.request("GET", "/forms/assets/form.js")
        #expect(script.text.contains(#"form.getAttribute("data-forms") + "/""#) && !script.text.contains(#""/forms"#), "\(script.text)")
    }

    @Test func aBrowsersPostThroughThePrefixStoresAndRedirectsUnderIt() throws {
        let scratch = try Scratch()
        let service = try Service(scratch)
        defer { _ = service.stop() }
        let page = try service.request("GET", "/forms/forms/signup", headers: ["Accept": "text/html"])
        let cookie = String(try #require(page.headers["set-cookie"]?.firstMatch(of: /formctl_page=([A-Za-z0-9_-]{43})/)?.1))
        let token = try ServePageDraftE2ETests.hidden("_page_token", in: page.text)
        let browser = ["Origin": "http://127.0.0.1:\(service.port)", "Cookie": "formctl_page=\(cookie)"]

        // The page script's call, to the address the page names: the live state, under the prefix.
        let state = try service.request("POST", "/forms/forms/signup/state", body: "plan=team&_page_token=\(token)", type: Self.form,
                                        headers: browser)
        #expect(state.status == 200 && state.text.contains(#""path":"company""#), "\(state.status) \(state.text)")

        let stored = try service.request("POST", "/forms/forms/signup/submissions", body: ServeBodyE2ETests.ann + "&_page_token=\(token)",
                                         type: Self.form, headers: browser)
        #expect(stored.status == 201, "\(stored.text)")
        #expect(stored.text.contains(#"<a href="/forms/forms/signup">Fill in another</a>"#), "\(stored.text)")
        #expect(stored.text.contains(#"href="/forms/assets/form.css""#))
        #expect(try Self.rows(scratch, "select status from submissions") == "final")

        // Save draft: 303 to the draft's page under the prefix, whose form posts back under it.
        let saved = try service.request("POST", "/forms/forms/signup/submissions",
                                        body: ServeBodyE2ETests.ann + "&_page_token=\(token)&_save_draft=1", type: Self.form, headers: browser,
                                        followingRedirects: false)
        #expect(saved.status == 303, "\(saved.status) \(saved.text)")
        let location = try #require(saved.headers["location"])
        let match = try #require(location.wholeMatch(of: /\/forms\/forms\/signup\/drafts\/(\d+)\?resume=[A-Za-z0-9_-]{43}/), "\(location)")
        let draft = try service.request("GET", location, headers: ["Cookie": "formctl_page=\(cookie)"])
        #expect(draft.status == 200, "\(draft.text)")
        #expect(draft.text.contains(#"action="/forms/forms/signup/drafts/\#(match.1)""#), "\(draft.text)")
        #expect(try Self.rows(scratch, "select count(*) from submissions where status = 'draft'") == "1")

        // The Origin check holds under the prefix: a page elsewhere cannot post through a visitor.
        let crossSite = try service.request("POST", "/forms/forms/signup/submissions", body: ServeBodyE2ETests.ann + "&_page_token=\(token)",
                                            type: Self.form, headers: ["Origin": "http://evil.example", "Cookie": "formctl_page=\(cookie)"])
        #expect(crossSite.status == 403, "\(crossSite.text)")
        #expect(try Self.rows(scratch, "select count(*) from submissions") == "2")
    }

    @Test func theJSONAPIAndItsDocumentAnswerUnderThePrefix() throws {
        let scratch = try Scratch()
        let service = try Service(scratch)
        defer { _ = service.stop() }
        let list = try service.request("GET", "/forms/forms")
        #expect(list.status == 200 && list.text.contains(#""name":"signup""#), "\(list.text)")
        let definition = try service.request("GET", "/forms/forms/signup")
        #expect(definition.status == 200 && definition.headers["content-type"]?.hasPrefix("application/json") == true, "\(definition.text)")

        let created = try service.request("POST", "/forms/forms/signup/submissions", body: ServeE2ETests.ann)
        #expect(created.status == 201, "\(created.text)")
        let id = try #require(created.object["id"] as? Int)
        #expect(created.headers["location"] == "/forms/submissions/\(id)", "\(created.headers)")
        let invalid = try service.request("POST", "/forms/forms/signup/submissions", body: #"{"name":"A","email":"nope"}"#)
        #expect(invalid.status == 422, "\(invalid.text)")
        let missing = try service.request("GET", "/forms/forms/nothing")
        #expect(missing.status == 404 && missing.text.contains("GET /forms/forms lists them"), "\(missing.text)")

        let document = try service.request("GET", "/forms/openapi.json").object
        let servers = try #require(document["servers"] as? [[String: Any]], "\(document.keys)")
        #expect(servers.first?["url"] as? String == "/forms")
        // Health and metrics are formctl serve's, not the mounted routes': a service has its own.
        #expect((document["paths"] as? [String: Any])?["/healthz"] == nil && (document["paths"] as? [String: Any])?["/metrics"] == nil)
        // The mount's own root leads to its list of forms, under the prefix.
        let root = try service.request("GET", "/forms", followingRedirects: false)
        #expect(root.status == 302 && root.headers["location"] == "/forms/forms", "\(root.status) \(root.headers)")
        #expect(service.stop() == 0)
    }

    /// The service's own `GET /export.csv` exports through FormEngine: behind its key, the
    /// rows the mounted routes stored, as `formctl dump --format csv` writes them; an unknown
    /// form is a 404 before any row.
    @Test func theServicesOwnExportReadsWhatTheRoutesStored() throws {
        let scratch = try Scratch()
        let service = try Service(scratch)
        defer { _ = service.stop() }
        #expect(try service.request("GET", "/export.csv?form=signup", key: nil).status == 401)
        let created = try service.request("POST", "/forms/forms/signup/submissions", body: ServeE2ETests.ann)
        #expect(created.status == 201, "\(created.text)")
        let csv = try service.request("GET", "/export.csv?form=signup")
        #expect(csv.status == 200 && csv.headers["content-type"]?.hasPrefix("text/csv") == true, "\(csv.status) \(csv.headers)")
        let lines = csv.text.components(separatedBy: "\r\n").filter { !$0.isEmpty }
        #expect(lines.count == 2, "\(csv.text)")
        #expect(lines.first?.hasPrefix("_id,_uuid,_form,_version,_status,_created_at,_updated_at") == true, "\(csv.text)")
        #expect(csv.text.contains("ann@example.com") && !csv.text.contains("correct-horse-42"), "\(csv.text)")
        let unknown = try service.request("GET", "/export.csv?form=nothing")
        #expect(unknown.status == 404, "\(unknown.status) \(unknown.text)")
        #expect(service.stop() == 0)
    }
}
