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
}
