import Foundation
import Testing

/// `dump --format csv` for spreadsheets: cells that would run as formulas are neutralised
/// (unless --raw-csv), numbers stay numbers, and a big form's definition is read once.
@Suite struct DumpCSVSafetyE2ETests {
    static let form = """
        {"sections": [{"elements": [
          {"type": "multiline", "key": "note"}, {"type": "decimal", "key": "amount"}, {"type": "multiline", "key": "code"}
        ]}]}
        """

    @Test func formulaCellsAreNeutralisedAndNumbersAreNot() throws {
        let scratch = try Scratch()
        let form = try scratch.write("money.json", Self.form)
        let lines = [
            #"{"note": "=HYPERLINK(\"http://evil\",\"x\")", "amount": -5, "code": "-12"}"#,
            #"{"note": "+1+2", "amount": -1.5, "code": "@SUM(A1)"}"#,
            #"{"note": "\tindented", "amount": 3, "code": "\r\n carriage"}"#,
            #"{"note": "plain, with comma", "amount": 0, "code": "a=b"}"#,
        ]
        let file = try scratch.write("in.ndjson", lines.joined(separator: "\n"))
        #expect(try scratch.formctl(["import", form, file]).exitCode == 0)
        // The engine stores no leading line break (it drops blank lines before the text), but a row
        // written before that rule, or by another program, may still hold one.
        _ = try scratch.rows(#"update submissions set values_json = replace(values_json, '"code":" carriage"', '"code":"\r\n carriage"')"#)
        let safe = try scratch.formctl(["dump", "--format", "csv"])
        let records = try CSVTestParser.parse(safe.stdout)
        #expect(records.map { Array($0.suffix(3)) } == [
            ["note", "amount", "code"],
            [#"'=HYPERLINK("http://evil","x")"#, "-5", "'-12"],
            ["'+1+2", "-1.5", "'@SUM(A1)"],
            ["'\tindented", "3", "'\r\n carriage"],
            ["plain, with comma", "0", "a=b"],
        ], "\(safe.stdout)")
        let raw = try scratch.formctl(["dump", "--format", "csv", "--raw-csv"])
        let rawRecords = try CSVTestParser.parse(raw.stdout)
        #expect(rawRecords[1].suffix(3) == [#"=HYPERLINK("http://evil","x")"#, "-5", "-12"], "\(raw.stdout)")
        let help = try CommandRunner.run(["dump", "--help"])
        #expect(help.stdout.contains("--raw-csv") && help.stdout.contains("OWASP"), "\(help)")
    }

    @Test func aFormOfManyFieldsOnOneLineDumpsQuickly() throws {
        let scratch = try Scratch()
        let elements = (0..<8_000).map { #"{"type":"entry","key":"k\#($0)"}"# }.joined(separator: ",")
        let form = try scratch.write("wide.json", #"{"sections":[{"elements":[\#(elements)]}]}"#)
        let file = try scratch.write("in.ndjson", #"{"k0": "first", "k7999": "last"}"# + "\n")
        #expect(try CommandRunner.run(["import", form, file, "--db", scratch.db], directory: scratch.directory, timeout: 60).exitCode == 0)
        let dumped = try CommandRunner.run(["dump", "--format", "csv", "--db", scratch.db], directory: scratch.directory, timeout: 60)
        let records = try CSVTestParser.parse(dumped.stdout)
        #expect(records.first?.count == DumpCSVColumnsE2ETests.metadata.count + 8_000)
        #expect(records.last?[DumpCSVColumnsE2ETests.metadata.count] == "first" && records.last?.last == "last")
    }
}
