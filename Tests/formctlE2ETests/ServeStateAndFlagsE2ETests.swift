import Foundation
import Testing

/// What `/state` says of answers it cannot use, and the page's `_save_draft` field read as the
/// flag it is: found by trying serve as a careless client would.
@Suite(.serialized) struct ServeStateAndFlagsE2ETests {
    /// `/state` lists each answer's error once (it listed the fill's errors twice), and an error
    /// of a repeat or of no field at all (a repeat given as text) is in the state too.
    @Test func stateListsEachErrorOnceAndTheRepeatsOwn() throws {
        let scratch = try Scratch()
        let server = try ServerProcess(scratch)
        defer { server.stop() }
        let state = try server.request("POST", "/forms/signup/state", body: #"{"values": {"name": ["Ann"], "guests": "x"}}"#)
        let fields = state.object["fields"] as? [[String: Any]]
        let name = fields?.first { $0["key"] as? String == "name" }
        #expect((name?["errors"] as? [[String: String]])?.map { $0["rule"] } == ["type"], "\(state.text)")
        let guests = (state.object["repeats"] as? [[String: Any]])?.first { $0["path"] as? String == "guests" }
        #expect((guests?["errors"] as? [[String: String]])?.first?["rule"] == "type", "\(state.text)")
        #expect(state.object["errors"] as? [Any] != nil, "\(state.text)")
    }

    /// `_save_draft` is a flag like `?draft`: `0` submits (it saved a draft), anything but
    /// true/false/1/0 is a 400.
    @Test func saveDraftIsAFlag() throws {
        let scratch = try Scratch()
        let server = try ServerProcess(scratch)
        defer { server.stop() }
        let ann = "name=Ann+Lee&email=ann%40example.com&password=correct-horse-42&passwordConfirmation=correct-horse-42&plan=pro"
        let json = ["Accept": "application/json"]
        let zero = try server.request("POST", "/forms/signup/submissions", body: ann + "&_save_draft=0",
                                      type: "application/x-www-form-urlencoded", headers: json)
        #expect(zero.status == 201 && zero.object["status"] as? String == "final", "\(zero.status) \(zero.text)")
        let one = try server.request("POST", "/forms/signup/submissions", body: "name=Ann&_save_draft=1",
                                     type: "application/x-www-form-urlencoded", headers: json)
        #expect(one.status == 201 && one.object["status"] as? String == "draft", "\(one.status) \(one.text)")
        let other = try server.request("POST", "/forms/signup/submissions", body: "name=Ann&_save_draft=maybe",
                                       type: "application/x-www-form-urlencoded", headers: json)
        #expect(other.status == 400, "\(other.status) \(other.text)")
    }

    /// A radio section is drawn as radios (it was drawn as checkboxes, which let a person tick
    /// two and be refused for it); a select section allowing several keeps its checkboxes, and
    /// the browser's post of each is stored.
    @Test func aRadioSectionIsDrawnAsRadios() throws {
        let scratch = try Scratch()
        let forms = scratch.path("forms")
        try FileManager.default.createDirectory(atPath: forms, withIntermediateDirectories: false)
        _ = try scratch.write("forms/rs.json", """
            {"title": "R", "sections": [{"type": "QRadioSection", "key": "size", "title": "Size", "items": ["S", "M", "L"]},
              {"type": "QSelectSection", "key": "tags", "title": "Tags", "items": ["A", "B"], "multipleAllowed": true}]}
            """)
        let server = try ServerProcess(scratch, formsDirectory: forms)
        defer { server.stop() }
        let page = try server.request("GET", "/forms/rs", headers: ["Accept": "text/html"]).text
        #expect(page.contains(#"<input type="radio" id="field-size-2""#) && !page.contains(#"type="checkbox" id="field-size"#), "\(page)")
        #expect(page.contains(#"<input type="checkbox" id="field-tags-2""#), "\(page)")
        let posted = try server.request("POST", "/forms/rs/submissions", body: "size=&size=2&tags=&tags=1&tags=2",
                                        type: "application/x-www-form-urlencoded", headers: ["Accept": "application/json"])
        #expect(posted.status == 201, "\(posted.status) \(posted.text)")
        #expect(try scratch.rows("select values_json from submissions").trimmingCharacters(in: .newlines) == #"{"size":[1],"tags":[0,1]}"#)
    }
}
