import Foundation
import Testing

/// `serve --watch`: a form edited while the server runs is served as saved within 2 seconds
/// of the write, at the version its content gives; an edit that does not load leaves the last
/// good one served and logs the error with its place; a removed form stops being served and a
/// new one is served. Without --watch, the forms stay as they were loaded.
@Suite(.serialized) struct ServeWatchE2ETests {
    static func definition(title: String, label: String = "Name") -> String {
        """
        {
          "title": "\(title)",
          "sections": [ { "elements": [
            { "type": "entry", "key": "name", "title": "\(label)", "bind": "textValue:name" } ] } ]
        }
        """
    }

    static func start(_ scratch: Scratch, watching: Bool = true) throws -> ServerProcess {
        try FileManager.default.createDirectory(atPath: scratch.path("forms"), withIntermediateDirectories: true)
        _ = try scratch.write("forms/talk.json", definition(title: "Talk"))
        return try ServerProcess(scratch, formsDirectory: scratch.path("forms"), extra: watching ? ["--watch"] : [])
    }

    /// The forms listed, by name, with their titles and versions.
    static func listed(_ server: ServerProcess) throws -> [String: (title: String?, version: Int)] {
        let list = try server.request("GET", "/forms")
        let forms = (try list.json() as? [[String: Any]]) ?? []
        return Dictionary(uniqueKeysWithValues: forms.map { ($0["name"] as? String ?? "", ($0["title"] as? String, $0["version"] as? Int ?? 0)) })
    }

    /// Waits up to 2 seconds from `written` for `condition`; true when it held in time.
    static func within2Seconds(of written: Date, _ condition: () throws -> Bool) rethrows -> Bool {
        while Date().timeIntervalSince(written) < 2 {
            if try condition() { return true }
            usleep(50_000)
        }
        return try condition()
    }

    /// Writes `text` over `path` in place (truncated, then written), as some editors save.
    static func overwrite(_ path: String, _ text: String) throws {
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try handle.truncate(atOffset: 0)
        try handle.write(contentsOf: Data(text.utf8))
        try handle.close()
    }

    @Test func anEditedFormIsServedAsANewVersionWithin2Seconds() throws {
        let scratch = try Scratch()
        let server = try Self.start(scratch)
        defer { server.stop() }
        #expect(try Self.listed(server)["talk"]?.version == 1)

        // Saved by renaming a new file over it.
        var written = Date()
        _ = try scratch.write("forms/talk.json", Self.definition(title: "Talk proposal"))
        #expect(try Self.within2Seconds(of: written) { try Self.listed(server)["talk"]?.title == "Talk proposal" }, "\(server.log)")
        #expect(try Self.listed(server)["talk"]?.version == 2)
        let page = try server.request("GET", "/forms/talk", headers: ["Accept": "text/html"])
        #expect(page.text.contains("<h1>Talk proposal</h1>"), "\(page.text)")
        // A submission is stored at the version served.
        let stored = try server.request("POST", "/forms/talk/submissions", body: #"{"name": "Ann"}"#)
        #expect(stored.status == 201 && stored.object["version"] as? Int == 2, "\(stored.text)")

        // Saved in place; going back to the first text is the first version again (by content).
        written = Date()
        try Self.overwrite(scratch.path("forms/talk.json"), Self.definition(title: "Talk"))
        #expect(try Self.within2Seconds(of: written) { try Self.listed(server)["talk"]?.version == 1 }, "\(server.log)")
        #expect(server.log.contains("forms/talk.json reloaded: form talk, version 1 (was 2)"), "\(server.log)")
    }

    @Test func aBrokenEditKeepsTheLastGoodVersionServedAndLogsWhere() throws {
        let scratch = try Scratch()
        let server = try Self.start(scratch)
        defer { server.stop() }
        let broken = Self.definition(title: "Talk").replacingOccurrences(of: #""bind": "textValue:name" }"#, with: #""bind": "textValue:name" "#)
        let written = Date()
        _ = try scratch.write("forms/talk.json", broken)
        #expect(Self.within2Seconds(of: written) { server.log.contains("not reloaded") }, "\(server.log)")
        let line = try #require(server.log.split(separator: "\n").first { $0.contains("not reloaded") })
        #expect(line.contains("forms/talk.json: not reloaded, version 1 is still served: ") && line.contains(":4:"), "\(line)")
        #expect(try Self.listed(server)["talk"]?.version == 1)
        let stored = try server.request("POST", "/forms/talk/submissions", body: #"{"name": "Ann"}"#)
        #expect(stored.status == 201 && stored.object["version"] as? Int == 1, "\(stored.text)")

        // Mended: served again, and said once.
        let mended = Date()
        _ = try scratch.write("forms/talk.json", Self.definition(title: "Talk", label: "Speaker"))
        #expect(try Self.within2Seconds(of: mended) { try Self.listed(server)["talk"]?.version == 2 }, "\(server.log)")
        #expect(server.log.components(separatedBy: "not reloaded").count == 2, "\(server.log)")
    }

    @Test func aRemovedFormStopsBeingServedAndANewOneIsServed() throws {
        let scratch = try Scratch()
        let server = try Self.start(scratch)
        defer { server.stop() }
        var written = Date()
        _ = try scratch.write("forms/poll.json", Self.definition(title: "Poll"))
        #expect(try Self.within2Seconds(of: written) { try Self.listed(server)["poll"]?.title == "Poll" }, "\(server.log)")
        #expect(try server.request("GET", "/openapi.json").text.contains(#""poll""#))
        #expect(server.log.contains("forms/poll.json: serving form poll, version 1"), "\(server.log)")

        written = Date()
        try FileManager.default.removeItem(atPath: scratch.path("forms/talk.json"))
        #expect(try Self.within2Seconds(of: written) { try server.request("GET", "/forms/talk").status == 404 }, "\(server.log)")
        #expect(try Self.listed(server).keys.sorted() == ["poll"])
        #expect(server.log.contains("forms/talk.json removed: form talk (version 1) is no longer served"), "\(server.log)")
    }

    @Test func aChangedDataOrStringsFileIsServedToo() throws {
        let scratch = try Scratch()
        try FileManager.default.createDirectory(atPath: scratch.path("forms"), withIntermediateDirectories: true)
        _ = try scratch.write("forms/thanks.json", """
            { "title": "Thanks", "language": "en", "sections": [ { "elements": [ { "type": "label", "title": "@{localized('thanks')}" } ] } ] }
            """)
        _ = try scratch.write("forms/thanks.strings.json", #"{"en": {"thanks": "Thanks!"}}"#)
        let server = try Self.start(scratch)
        defer { server.stop() }
        var written = Date()
        _ = try scratch.write("forms/talk-data.json", #"{"name": "Ann"}"#)
        let value = { () throws -> Any? in
            let state = try server.request("POST", "/forms/talk/state", body: "{}")
            return ((state.object["fields"] as? [[String: Any]])?.first { $0["key"] as? String == "name" })?["value"]
        }
        #expect(try Self.within2Seconds(of: written) { try value() as? String == "Ann" }, "\(server.log)")

        #expect(try server.request("GET", "/forms/thanks", headers: ["Accept": "text/html"]).text.contains("Thanks!"))
        written = Date()
        _ = try scratch.write("forms/thanks.strings.json", #"{"en": {"thanks": "Thank you for your proposal"}}"#)
        #expect(try Self.within2Seconds(of: written) {
            try server.request("GET", "/forms/thanks", headers: ["Accept": "text/html"]).text.contains("Thank you for your proposal")
        }, "\(server.log)")
    }

    @Test func withoutWatchTheFormsStayAsLoaded() throws {
        let scratch = try Scratch()
        let server = try Self.start(scratch, watching: false)
        defer { server.stop() }
        _ = try scratch.write("forms/talk.json", Self.definition(title: "Talk proposal"))
        usleep(1_500_000)
        #expect(try Self.listed(server)["talk"]?.title == "Talk")
    }
}
