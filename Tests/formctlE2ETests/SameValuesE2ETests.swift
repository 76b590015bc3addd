import Foundation
import FormCore
import FormEngine
import Testing

/// The same answers are stored as the same values whichever way they come: an HTML form post,
/// the JSON API, an answers file, a draft, `--set`, the terminal, an import and the library. Blank text is
/// null, line breaks are LF, a one-line field is trimmed, a multi-line one keeps its lines.
@Suite(.serialized) struct SameValuesE2ETests {
    static let form = #"""
        {"title": "Notes", "sections": [{"elements": [
          {"type": "entry", "key": "name", "title": "Name"},
          {"type": "entry", "key": "nickname", "title": "Nickname"},
          {"type": "entry", "key": "city", "title": "City"},
          {"type": "multiline", "key": "notes", "title": "Notes"}
        ]}]}
        """#

    /// Padded, empty, only spaces, and lines as a browser sends them (CRLF, blank lines after).
    static let given: KeyValuePairs<String, String> = [
        "name": "  Ann Lee  ", "nickname": "", "city": "   ", "notes": "First line\r\n  second line\r\n\r\n",
    ]

    static let stored = #"{"name":"Ann Lee","nickname":null,"city":null,"notes":"First line\n  second line"}"#

    static var answers: String {
        "{" + given.map { "\(FormValue.string($0.key).jsonString()): \(FormValue.string($0.value).jsonString())" }.joined(separator: ", ") + "}"
    }

    /// What a person types at the prompts of `fill --accessible`: each field's line, the notes'
    /// lines ended by an empty one, then `s` at the summary.
    static let typed = "  Ann Lee  \n\n   \nFirst line\n  second line\n\ns\n"

    @Test func everyChannelStoresTheSameValues() async throws {
        let scratch = try Scratch()
        let forms = scratch.path("forms")
        try FileManager.default.createDirectory(atPath: forms, withIntermediateDirectories: true)
        let definition = try scratch.write("forms/notes.json", Self.form)
        var channels: [String] = []

        do {
            let server = try ServerProcess(scratch, formsDirectory: forms)
            defer { server.stop() }
            let page = try server.request("GET", "/forms/notes", headers: ["Accept": "text/html"])
            let token = try #require(page.text.firstMatch(of: /name="_page_token" value="([^"]+)"/)?.1)
            let cookie = try #require(page.headers["set-cookie"]?.firstMatch(of: /formctl_page=([A-Za-z0-9_-]{43})/)?.1)
            let body = Self.given.map { "\($0.key)=\(Self.formEncoded($0.value))" }.joined(separator: "&") + "&_page_token=\(token)"
            let posted = try server.request("POST", "/forms/notes/submissions", body: body, type: "application/x-www-form-urlencoded",
                                            headers: ["Origin": "http://127.0.0.1:\(server.port)", "Cookie": "formctl_page=\(cookie)"])
            #expect(posted.status == 201, "\(posted.status) \(posted.text)")
            channels.append("HTML form")
            let sent = try server.request("POST", "/forms/notes/submissions", body: Self.answers)
            #expect(sent.status == 201, "\(sent.status) \(sent.text)")
            channels.append("JSON API")
        }

        let file = try scratch.write("answers.json", Self.answers)
        let filled = try scratch.formctl(["fill", definition, "--answers", file])
        #expect(filled.exitCode == 0, "\(filled)")
        channels.append("fill --answers")

        let draft = try scratch.formctl(["fill", definition, "--answers", file, "--draft"])
        #expect(draft.exitCode == 0, "\(draft)")
        channels.append("fill --draft")

        let set = try scratch.formctl(["fill", definition, "--no-input"] + Self.given.flatMap { ["--set", "\($0.key)=\($0.value)"] })
        #expect(set.exitCode == 0, "\(set)")
        channels.append("fill --set")

        let terminal = try Self.onTerminal(["fill", definition, "--accessible", "--db", scratch.db], typing: Self.typed, in: scratch)
        #expect(terminal.contains("saved submission"), "\(terminal.debugDescription)")
        channels.append("terminal")

        let lines = try scratch.write("answers.ndjson", Self.answers + "\n")
        let imported = try scratch.formctl(["import", definition, lines])
        #expect(imported.exitCode == 0, "\(imported)")
        channels.append("import")

        let engine = try FormEngine(databasePath: scratch.db)
        _ = try await engine.submit(SubmissionRequest(answers: try FormValue(json: Self.answers)), to: try engine.loadForm(path: definition))
        channels.append("library")

        let rows = try scratch.rows("select values_json from submissions order by id").split(separator: "\n").map(String.init)
        #expect(rows.count == channels.count, "\(rows)")
        for (channel, row) in zip(channels, rows) {
            #expect(try FormValue(json: row) == FormValue(json: Self.stored), "\(channel) stored \(row)")
        }
    }

    /// `+` for a space and `%XX` for everything but letters and digits, as a browser posts a form.
    static func formEncoded(_ text: String) -> String {
        text.utf8.map { byte in
            switch byte {
            case UInt8(ascii: " "): return "+"
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                return String(UnicodeScalar(byte))
            default: return "%" + String(byte, radix: 16, uppercase: true).leftPadded(2)
            }
        }.joined()
    }

    /// `formctl ARGUMENTS` on a pseudo-terminal (script(1)) with `typing` as the keyboard: what
    /// the terminal showed.
    static func onTerminal(_ arguments: [String], typing: String, in scratch: Scratch) throws -> String {
        let command = ([try CommandRunner.binaryPath()] + arguments).map { "'\($0)'" }.joined(separator: " ")
        return try CommandRunner.run(["-qec", command, "/dev/null"], stdin: typing, directory: scratch.directory,
                                     executable: "/usr/bin/script").stdout
    }
}

extension String {
    fileprivate func leftPadded(_ width: Int) -> String { count >= width ? self : String(repeating: "0", count: width - count) + self }
}
