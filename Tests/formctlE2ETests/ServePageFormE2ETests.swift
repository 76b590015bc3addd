import Foundation
import Testing

/// The page of a form written as a new user writes one (a proposal: two repeats that need two
/// items each, a select section, a Send button beside a Save for later one): its submit
/// button says what the form's button says, a select section's title is read once, the
/// repeats open with the items they need, a repeat's error stands at its fieldset, and a form
/// post asking for JSON is answered in JSON.
@Suite(.serialized) struct ServePageFormE2ETests {
    static let form = "application/x-www-form-urlencoded"

    static let proposal = """
        {
          "title": "Talk proposal",
          "sections": [
            { "title": "Speaker", "elements": [
                { "type": "entry", "key": "name", "title": "Name", "required": true } ] },
            { "title": "Co-speakers", "bind": "iterate:cospeakers", "minimumItems": 2, "addTitle": "Add a co-speaker",
              "elementTemplate": { "type": "entry", "key": "email", "bind": "textValue:email", "title": "Email", "required": true } },
            { "title": "Outline", "bind": "iterate:outline", "minimumItems": 2,
              "elementTemplate": { "type": "entry", "key": "point", "bind": "textValue:point", "title": "Point" } },
            { "type": "QSelectSection", "key": "track", "title": "Track", "items": ["Swift", "Linux"], "values": ["swift", "linux"] },
            { "elements": [
                { "type": "button", "key": "send", "title": "Send proposal", "controllerAction": "onPropose" },
                { "type": "button", "key": "later", "title": "Save for later", "controllerAction": "saveDraft" } ] }
          ]
        }
        """

    /// A server of `proposal`, its `onPropose` routed to a program that leaves a file behind.
    static func serve(_ scratch: Scratch) throws -> ServerProcess {
        try FileManager.default.createDirectory(atPath: scratch.path("forms"), withIntermediateDirectories: true)
        _ = try scratch.write("forms/proposal.json", proposal)
        return try ServerProcess(scratch, formsDirectory: scratch.path("forms"), extra: ["--action", "onPropose=touch \(scratch.path("proposed"))"])
    }

    static let answers = "name=Ann&cospeakers.0.email=bo%40example.com&cospeakers.1.email=cy%40example.com"
        + "&outline.0.point=Why&outline.1.point=How&track=1"

    @Test func thePageSaysTheFormsButtonAndTheSelectSectionsTitleOnce() throws {
        let scratch = try Scratch()
        let server = try Self.serve(scratch)
        defer { server.stop() }
        let page = try server.request("GET", "/forms/proposal", headers: ["Accept": "text/html"])
        #expect(page.text.contains(#"<button type="submit" id="submit">Send proposal</button>"#), "\(page.text)")
        #expect(page.text.contains(#"name="_save_draft" value="1" formnovalidate>Save for later</button>"#), "\(page.text)")
        #expect(page.text.components(separatedBy: "<legend>Track").count == 2, "\(page.text)")
        // The buttons' own section shows nothing: no empty fieldset.
        #expect(!page.text.contains("<fieldset></fieldset>"), "\(page.text)")

        // Submitting runs the one button that submits, though a Save for later button is beside it.
        let sent = try server.request("POST", "/forms/proposal/submissions", body: Self.answers, type: Self.form, headers: ["Accept": "text/html"])
        #expect(sent.status == 201, "\(sent.status) \(sent.text)")
        #expect(FileManager.default.fileExists(atPath: scratch.path("proposed")), "\(server.log)")
    }

    @Test func aRepeatOpensWithItsMinimumAndItsErrorStandsAtItsFieldset() throws {
        let scratch = try Scratch()
        let server = try Self.serve(scratch)
        defer { server.stop() }
        let page = try server.request("GET", "/forms/proposal", headers: ["Accept": "text/html"]).text
        for name in ["cospeakers.0.email", "cospeakers.1.email", "outline.0.point", "outline.1.point"] {
            #expect(page.contains(#"name="\#(name)""#), "\(name) in \(page)")
        }
        #expect(!page.contains("cospeakers.2.email"), "\(page)")
        // Removing an item would go below the minimum: no remove button yet.
        #expect(!page.contains("remove:cospeakers"), "\(page)")
        let added = try server.request("POST", "/forms/proposal/submissions", body: Self.answers + "&_action=add%3Acospeakers",
                                       type: Self.form, headers: ["Accept": "text/html"]).text
        #expect(added.contains(#"name="cospeakers.2.email""#) && added.contains("remove:cospeakers.2"), "\(added)")

        // One outline point where two are needed: the error at the Outline fieldset, not listed by key.
        let short = Self.answers.replacingOccurrences(of: "&outline.1.point=How", with: "")
        let refused = try server.request("POST", "/forms/proposal/submissions", body: short, type: Self.form, headers: ["Accept": "text/html"])
        #expect(refused.status == 422, "\(refused.status)")
        let fieldset = #"<fieldset class="invalid" aria-describedby="error-outline"><legend>Outline</legend>"#
            + #"<p class="error" id="error-outline">must have at least 2 items (has 1)</p>"#
        #expect(refused.text.contains(fieldset), "\(refused.text)")
        #expect(!refused.text.contains("outline:") && refused.text.contains("Please correct 1"), "\(refused.text)")
    }

    @Test func aFormPostAskingForJSONIsAnsweredInJSONAndAnyOtherWithThePage() throws {
        let scratch = try Scratch()
        let server = try Self.serve(scratch)
        defer { server.stop() }
        let json = try server.request("POST", "/forms/proposal/submissions", body: Self.answers, type: Self.form,
                                      headers: ["Accept": "application/json"])
        #expect(json.status == 201 && json.headers["content-type"]?.hasPrefix("application/json") == true, "\(json.status) \(json.text)")
        #expect(json.object["form"] as? String == "proposal" && json.object["status"] as? String == "final", "\(json.text)")
        #expect(json.headers["location"] == "/submissions/\(json.object["id"] as? Int ?? 0)", "\(json.headers)")

        // The page's own fields mean what they mean on the page: Save draft saves a draft, and
        // the page's key answers a second post with the first one's answer, storing nothing more.
        let saved = try server.request("POST", "/forms/proposal/submissions", body: Self.answers + "&_save_draft=1", type: Self.form,
                                       headers: ["Accept": "application/json"])
        #expect(saved.status == 201 && saved.object["status"] as? String == "draft" && saved.object["resume_token"] != nil,
                "\(saved.text)")
        let keyed = Self.answers + "&_idempotency_key=page-key-1"
        let once = try server.request("POST", "/forms/proposal/submissions", body: keyed, type: Self.form, headers: ["Accept": "application/json"])
        let twice = try server.request("POST", "/forms/proposal/submissions", body: keyed, type: Self.form, headers: ["Accept": "application/json"])
        #expect(once.status == 201 && twice.status == 201, "\(once.text) \(twice.text)")
        #expect(once.object["id"] as? Int == twice.object["id"] as? Int, "stored twice: \(once.text) \(twice.text)")

        let refused = try server.request("POST", "/forms/proposal/submissions", body: "name=", type: Self.form,
                                         headers: ["Accept": "application/json"])
        #expect(refused.status == 422 && refused.headers["content-type"]?.hasPrefix("application/json") == true, "\(refused.text)")
        let paths = (refused.object["errors"] as? [[String: Any]] ?? []).compactMap { $0["path"] as? String }
        #expect(paths.contains("name") && paths.contains("cospeakers"), "\(refused.text)")

        // A page for a browser's Accept, for text/html preferred, for none at all.
        for accept in ["text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8", "text/html, application/json;q=0.5", nil] {
            let page = try server.request("POST", "/forms/proposal/submissions", body: Self.answers, type: Self.form,
                                          headers: accept.map { ["Accept": $0] } ?? [:])
            #expect(page.status == 201 && page.headers["content-type"]?.hasPrefix("text/html") == true, "\(accept ?? "none"): \(page.text)")
        }
    }
}
