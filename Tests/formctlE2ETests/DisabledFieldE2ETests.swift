import Foundation
import Testing

/// A price the form shows as disabled cannot be set by whoever sends the answers: `fill`,
/// `import` and serve's JSON body and HTML form post refuse `price` with the same message,
/// and store nothing of the line or request; the form's own price, sent back unchanged, passes.
@Suite(.serialized) struct DisabledFieldE2ETests {
    static let form = """
        {"title": "Order", "sections": [{"elements": [
          {"type": "entry", "key": "item", "required": true},
          {"type": "decimal", "key": "price", "numberValue": 10, "enabled": false},
          {"type": "boolean", "key": "gift", "boolValue": false},
          {"type": "entry", "key": "note", "enabled": "@{gift}"}]}]}
        """
    static let message = "price: is not enabled: the form sets its value, and an answer cannot change it"

    static func storedPrices(_ scratch: Scratch) throws -> [Int] {
        try scratch.formctl(["dump", "--format", "ndjson"]).stdout.split(separator: "\n")
            .compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
            .compactMap { ($0["data"] as? [String: Any])?["price"] as? Int }
    }

    @Test func fillAndImportRefuseAnAnswerToADisabledField() throws {
        let scratch = try Scratch()
        let form = try scratch.write("order.json", Self.form)
        let cheap = #"{"item": "mug", "price": 0}"#
        let filled = try scratch.formctl(["fill", form, "--answers", try scratch.write("cheap.json", cheap)])
        #expect(filled.exitCode == 1 && filled.stderr.contains(Self.message), "\(filled)")
        let overridden = try scratch.formctl(["fill", form, "--set", "item=mug", "--set", "price=0"])
        #expect(overridden.exitCode == 1 && overridden.stderr.contains(Self.message), "\(overridden)")
        let lines = [cheap, #"{"item": "cup", "price": 10}"#, #"{"item": "pot", "gift": true, "note": "for Ada"}"#]
        let imported = try scratch.formctl(["import", form, try scratch.write("lines.ndjson", lines.joined(separator: "\n") + "\n")])
        #expect(imported.exitCode == 1 && imported.stderr.contains("line 1: " + Self.message), "\(imported)")
        #expect(try Self.storedPrices(scratch) == [10, 10])
    }

    @Test func serveRefusesItAsJSONAndAsAFormPost() throws {
        let scratch = try Scratch()
        let forms = scratch.path("forms")
        try FileManager.default.createDirectory(atPath: forms, withIntermediateDirectories: false)
        _ = try scratch.write("forms/order.json", Self.form)
        let server = try ServerProcess(scratch, formsDirectory: forms)
        defer { server.stop() }
        let json = try server.request("POST", "/forms/order/submissions", body: #"{"item": "mug", "price": 0}"#)
        let errors = json.object["errors"] as? [[String: String]]
        #expect(json.status == 422 && errors?.first?["path"] == "price" && errors?.first?["rule"] == "enabled", "\(json.status) \(json.text)")
        let posted = try server.request("POST", "/forms/order/submissions", body: "item=mug&price=0",
                                        type: "application/x-www-form-urlencoded", headers: ["Accept": "application/json"])
        #expect(posted.status == 422 && posted.text.contains("is not enabled"), "\(posted.status) \(posted.text)")
        let state = try server.request("POST", "/forms/order/state", body: #"{"item": "mug", "note": "hi"}"#)
        let fields = state.object["fields"] as? [[String: Any]]
        let note = fields?.first { $0["key"] as? String == "note" }
        #expect((note?["errors"] as? [[String: String]])?.first?["rule"] == "enabled", "\(state.text)")
        let echoed = try server.request("POST", "/forms/order/submissions", body: #"{"item": "mug", "price": 10, "gift": true, "note": "hi"}"#)
        #expect(echoed.status == 201, "\(echoed.status) \(echoed.text)")
        #expect(try Self.storedPrices(scratch) == [10])
    }

    /// The page a browser gets sends nothing for a disabled field: a ticked read-only box's
    /// "unticked" stand-in is disabled with it (it sent "false", which the server then refused
    /// as a change, so the page could never be submitted), and the browser's post is stored.
    @Test func theBrowsersPostOfAPageWithADisabledTickedBoxIsStored() throws {
        let scratch = try Scratch()
        let forms = scratch.path("forms")
        try FileManager.default.createDirectory(atPath: forms, withIntermediateDirectories: false)
        _ = try scratch.write("forms/terms.json", """
            {"title": "Terms", "sections": [{"elements": [{"type": "entry", "key": "name", "required": true},
              {"type": "boolean", "key": "agreed", "boolValue": true, "enabled": false}]}]}
            """)
        let server = try ServerProcess(scratch, formsDirectory: forms)
        defer { server.stop() }
        let page = try server.request("GET", "/forms/terms", headers: ["Accept": "text/html"])
        #expect(page.text.contains(#"<input type="hidden" name="agreed" value="false" disabled>"#), "\(page.text)")
        #expect(page.text.contains(#"value="true" checked disabled>"#), "\(page.text)")
        let token = try #require(page.text.firstMatch(of: /name="_page_token" value="([^"]+)"/)?.1)
        let cookie = try #require(page.headers["set-cookie"]?.firstMatch(of: /formctl_page=([A-Za-z0-9_-]{43})/)?.1)
        let browser = ["Origin": "http://127.0.0.1:\(server.port)", "Cookie": "formctl_page=\(cookie)"]
        // What a browser sends: the enabled inputs only.
        let posted = try server.request("POST", "/forms/terms/submissions", body: "_page_token=\(token)&name=Ann",
                                        type: "application/x-www-form-urlencoded", headers: browser)
        #expect(posted.status == 201, "\(posted.status) \(posted.text)")
        #expect(try scratch.rows("select values_json from submissions").trimmingCharacters(in: .newlines) == #"{"name":"Ann","agreed":true}"#)
    }
}
