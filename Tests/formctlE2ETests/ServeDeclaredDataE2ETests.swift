import FormEngine
import FormServer
import Foundation
import Testing

/// `formctl serve` with forms/order.json, which declares its data and has no data file: served
/// with its defaults, `?data=` of the wrong class refused with 400 naming the path, and a
/// `NAME-data.json` of the wrong class leaving the form out with a warning naming both files.
@Suite(.serialized) struct ServeDeclaredDataE2ETests {
    static func query(_ json: String) -> String {
        json.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? json
    }

    @Test func theFormIsServedWithItsDefaultsAndStoresThem() throws {
        let scratch = try Scratch()
        let server = try ServerProcess(scratch)
        defer { server.stop() }
        let definition = try server.request("GET", "/forms/order", headers: ["Accept": "application/json"])
        #expect(definition.status == 200, "\(definition.text)")
        let sections = try #require(definition.object["sections"] as? [[String: Any]], "\(definition.text)")
        let elements = try #require(sections.first?["elements"] as? [[String: Any]])
        #expect(elements.first { $0["key"] as? String == "name" }?["textValue"] as? String == "Guest", "\(definition.text)")
        // Data that fits replaces the defaults it names.
        let bound = try server.request("GET", "/forms/order?data=" + Self.query(#"{"customerName": "Ann", "user": {"name": "Ann", "age": 40}}"#),
                                       headers: ["Accept": "application/json"])
        let boundElements = (bound.object["sections"] as? [[String: Any]])?.first?["elements"] as? [[String: Any]]
        #expect(bound.status == 200 && boundElements?.first { $0["key"] as? String == "name" }?["textValue"] as? String == "Ann", "\(bound.text)")
        let created = try server.request("POST", "/forms/order/submissions", body: #"{"size": "M"}"#)
        #expect(created.status == 201, "\(created.text)")
        let stored = try scratch.rows(
            "select json_extract(values_json, '$.name') || ',' || json_extract(values_json, '$.size') || ',' || json_extract(values_json, '$.quantity') from submissions")
        #expect(stored == "Guest,1,1\n", "\(stored)")
        #expect(server.stop() == 0)
    }

    @Test func dataOfTheWrongClassInTheQueryIs400NamingThePath() throws {
        let scratch = try Scratch()
        let server = try ServerProcess(scratch)
        defer { server.stop() }
        let refused = try server.request("GET", "/forms/order?data=" + Self.query(#"{"user": {"name": "Ann", "age": "forty"}}"#),
                                         headers: ["Accept": "application/json"])
        #expect(refused.status == 400, "\(refused.text)")
        #expect(refused.object["error"] as? String
            == #"the data parameter does not fit the data the form declares: user.age: expected Int, found "forty""#, "\(refused.text)")
        let errors = try #require(refused.object["errors"] as? [[String: String]], "\(refused.text)")
        #expect(errors == [["path": "user.age", "message": #"expected Int, found "forty""#]], "\(refused.text)")
        #expect(server.stop() == 0)
    }

    @Test func aDataFileOfTheWrongClassLeavesTheFormOutNamingBothFiles() throws {
        let scratch = try Scratch()
        let forms = scratch.path("forms")
        try FileManager.default.createDirectory(atPath: forms, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: CommandRunner.exampleForm("order.json"), toPath: forms + "/order.json")
        _ = try scratch.write("forms/order-data.json", #"{"sizes": ["S", 2]}"#)
        let result = try scratch.formctl(["serve", forms, "--port", "0"])
        #expect(result.exitCode == 1, "\(result)")
        #expect(result.stderrLines.contains(
            #"warning: \#(forms)/order.json: not served: \#(forms)/order-data.json: error: sizes[1]: expected String, found 2"#), "\(result)")
        #expect(result.stderrLines.contains("formctl: no form to serve in \(forms)"), "\(result)")
    }

    /// A service loading the same directory gets the same warning, and the other forms.
    @Test func theOtherFormsOfTheDirectoryAreStillServed() async throws {
        let scratch = try Scratch()
        let forms = scratch.path("forms")
        try FileManager.default.createDirectory(atPath: forms, withIntermediateDirectories: true)
        for name in ["order.json", "signup.json"] {
            try FileManager.default.copyItem(atPath: CommandRunner.exampleForm(name), toPath: forms + "/" + name)
        }
        _ = try scratch.write("forms/order-data.json", #"{"user": {"age": 40}}"#)
        let engine = try FormEngine(databasePath: scratch.db)
        let served = try await ServedForms.load(directory: forms, engine: engine)
        #expect(served.names == ["signup"], "\(served.warnings)")
        // A member the described class requires is missing: the path says which.
        #expect(served.warnings == ["\(forms)/order.json: not served: \(forms)/order-data.json: error: user.name: expected String, found nothing"])
        await engine.close()
    }
}
