import Foundation
import Testing

/// forms/order.json declares all the data it binds (`data` and `classes` at its root), so
/// every command uses it without a data file, its defaults bound; a data file holding the
/// wrong class is refused by every command, the message naming the data file and the path.
@Suite struct DeclaredDataE2ETests {
    static var order: String { CommandRunner.exampleForm("order.json") }
    /// Data of the wrong class twice over: an Int given as text, and a member of a declared
    /// custom class given as text.
    static let wrongData = #"{"quantity": "two", "user": {"name": "Ann", "age": "forty"}}"#
    static let refusals = [
        #"bad-data.json: error: quantity: expected Int, found "two""#,
        #"bad-data.json: error: user.age: expected Int, found "forty""#,
    ]

    /// Asserts the command refused the data file with exit 1, naming the file and each path.
    func expectRefused(_ result: CommandRunner.Result, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(result.exitCode == 1, "\(result)", sourceLocation: sourceLocation)
        for refusal in Self.refusals {
            #expect(result.stderrLines.contains { $0.hasSuffix(refusal) && $0.hasPrefix("/") }, "\(result)", sourceLocation: sourceLocation)
        }
        // The definition is not what is wrong: no message places the data's paths in it.
        #expect(!result.stderr.contains("order.json"), "\(result)", sourceLocation: sourceLocation)
    }

    @Test func theOutlineShowsTheDeclaredDefaultsWithoutADataFile() throws {
        let result = try CommandRunner.run(["render", Self.order])
        #expect(result.exitCode == 0, "\(result)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        // A section title reading declared names is shown as a person filling the form sees it.
        #expect(lines.contains("== Hello, Guest =="), "\(result)")
        #expect(lines.contains("  Name [name] (entry): Guest"), "\(result)")
        #expect(lines.contains("  Size [size] (radio): (none of S | M | L)"), "\(result)")
        #expect(lines.contains("  Quantity [quantity] (decimal): 1"), "\(result)")
        #expect(lines.contains("  I am a member [member] (boolean): no"), "\(result)")
        #expect(lines.contains("   (repeats 2 × over shipping)"), "\(result)")
        #expect(lines.contains("  standard (label): 4.5"), "\(result)")
        #expect(lines.contains { $0.hasPrefix("  express (label): 12") }, "\(result)")
    }

    @Test func theRenderedJSONHoldsTheDefaultsAndFillsAgain() throws {
        let scratch = try Scratch()
        let result = try CommandRunner.run(["render", Self.order, "--format", "json"])
        #expect(result.exitCode == 0, "\(result)")
        let rendered = try #require(try JSONSerialization.jsonObject(with: result.stdoutData) as? [String: Any])
        let sections = try #require(rendered["sections"] as? [[String: Any]])
        let elements = try #require(sections.first?["elements"] as? [[String: Any]])
        #expect(elements.first { $0["key"] as? String == "name" }?["textValue"] as? String == "Guest", "\(result.stdout)")
        #expect(elements.first { $0["key"] as? String == "size" }?["items"] as? [String] == ["S", "M", "L"], "\(result.stdout)")
        // The rendered form is a definition of its own: filled, it stores the defaults.
        let file = try scratch.write("rendered.json", result.stdout)
        let filled = try scratch.formctl(["fill", file, "--set", "size=L"])
        #expect(filled.exitCode == 0, "\(filled)")
        #expect(try scratch.rows("select json_extract(values_json, '$.name') || ',' || json_extract(values_json, '$.quantity') from submissions")
            == "Guest,1\n")
    }

    @Test func fillAndImportStoreTheDefaultsWithoutADataFile() throws {
        let scratch = try Scratch()
        let filled = try scratch.formctl(["fill", Self.order, "--set", "size=S"])
        #expect(filled.exitCode == 0, "\(filled)")
        let lines = try scratch.write("orders.ndjson", [#"{"size": "M"}"#, #"{"name": "Ann", "size": "L", "quantity": 3, "member": true, "memberNumber": "A-7"}"#]
            .joined(separator: "\n") + "\n")
        let imported = try scratch.formctl(["import", Self.order, lines])
        #expect(imported.exitCode == 0 && imported.stderrLines.last == "imported 2 of 2 lines", "\(imported)")
        let stored = try scratch.rows(
            "select json_extract(values_json, '$.name') || ',' || json_extract(values_json, '$.size') || ',' || json_extract(values_json, '$.quantity') || ',' || json_extract(values_json, '$.member') from submissions order by id")
        // A radio stores the index of the item chosen (S, M, L: 0, 1, 2), as QuickDialog does.
        #expect(stored.split(separator: "\n") == ["Guest,0,1,0", "Guest,1,1,0", "Ann,2,3,1"], "\(stored)")
    }

    @Test func aDataFileOfTheWrongClassIsRefusedByEveryCommandNamingThePath() throws {
        let scratch = try Scratch()
        let data = try scratch.write("bad-data.json", Self.wrongData)
        expectRefused(try CommandRunner.run(["render", Self.order, "--data", data]))
        expectRefused(try CommandRunner.run(["render", Self.order, "--data", data, "--format", "json"]))
        expectRefused(try scratch.formctl(["fill", Self.order, "--data", data, "--set", "size=S"]))
        let lines = try scratch.write("orders.ndjson", #"{"size": "M"}"# + "\n")
        expectRefused(try scratch.formctl(["import", Self.order, lines, "--data", data]))
        #expect(try scratch.rows("select count(*) from submissions") == "0\n")
        // An edit binds the data it is given too; the submission keeps its values.
        #expect(try scratch.formctl(["import", Self.order, lines]).exitCode == 0)
        expectRefused(try scratch.formctl(["edit", "1", "--set", "size=L", "--data", data]))
        expectRefused(try scratch.formctl(["edit", "1", "--to-latest", "--data", data]))
        #expect(try scratch.rows("select json_extract(values_json, '$.size') || ',' || revision from submissions") == "1,1\n")
    }

    @Test func dataOnStandardInputIsNamedSo() throws {
        let result = try CommandRunner.run(["render", Self.order, "--data", "-"], stdin: #"{"isMember": "yes"}"#)
        #expect(result.exitCode == 1, "\(result)")
        #expect(result.stderrLines.contains(#"standard input: error: isMember: expected Bool, found "yes""#), "\(result)")
        let checked = try CommandRunner.run(["check", Self.order, "--data", "-"], stdin: #"{"isMember": "yes"}"#)
        #expect(checked.exitCode == 1, "\(checked)")
        #expect(checked.stderrLines.contains(#"standard input: error: isMember: expected Bool, found "yes""#), "\(checked)")
    }
}
