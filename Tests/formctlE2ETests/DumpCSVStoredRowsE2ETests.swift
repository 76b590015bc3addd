import FormStore
import Foundation
import StoreFixtures
import Testing

/// `dump --format csv` reads most stored rows straight into their cells and leaves the rest
/// (escapes it does not decode itself, a member given twice, a value where the columns have an
/// object) to the parsed values: either way a row gives the same cells.
@Suite struct DumpCSVStoredRowsE2ETests {
    static func values(_ dumped: CommandRunner.Result) throws -> [[String]] {
        #expect(dumped.exitCode == 0, "\(dumped)")
        return try CSVTestParser.parse(dumped.stdout).map { Array($0.dropFirst(DumpCSVColumnsE2ETests.metadata.count)) }
    }

    /// Versions whose columns differ, in one range: each row fills the columns of its version,
    /// newest version's order first, whatever order its members come in.
    @Test func versionsWithDifferentColumnsInOneRange() throws {
        let scratch = try Scratch()
        let store = try SubmissionStore(path: scratch.db)
        let first = try store.register(formName: "moves", definitionJSON: DumpCSVColumnsE2ETests.definition(["name", "age", "city"]))
        _ = try store.saveFinal(formVersionID: first.id, valuesJSON: #"{"name":"Ann","age":31,"city":"Oslo, \"N\""}"#)
        let second = try store.register(formName: "moves", definitionJSON: DumpCSVColumnsE2ETests.definition(["email", "name", "city"]))
        _ = try store.saveFinal(formVersionID: second.id, valuesJSON: #"{"name":"Bo\nB","email":"bo@example.com","city":"=1+1"}"#)
        _ = try store.saveFinal(formVersionID: first.id, valuesJSON: #"{ "city" : "Rome" , "name" : "Cy" }"#)
        let rows = try Self.values(try scratch.formctl(["dump", "--format", "csv"]))
        #expect(rows == [
            ["email", "name", "city", "age"],
            ["", "Ann", #"Oslo, "N""#, "31"],
            ["bo@example.com", "Bo\nB", "'=1+1", ""],
            ["", "Cy", "Rome", ""],
        ], "\(rows)")
        let raw = try Self.values(try scratch.formctl(["dump", "--format", "csv", "--raw-csv", "--version", "2"]))
        #expect(raw == [["email", "name", "city"], ["bo@example.com", "Bo\nB", "=1+1"]], "\(raw)")
    }

    /// Values of every kind, in rows read straight and rows that need the parser.
    @Test func everyKindOfValueGivesTheSameCells() throws {
        let scratch = try Scratch()
        let store = try SubmissionStore(path: scratch.db)
        let version = try store.register(formName: "kinds", definitionJSON: DumpCSVColumnsE2ETests.definition(["a", "b", "c", "d"]))
        for values in [
            #"{"a":"caf\u00e9 \ud83d\ude80","b":-5,"c":2.5,"d":true}"#,
            #"{"a":"tab\there \"q\" \\ \/","b":0,"c":null,"d":false,"a":"again"}"#,
            #"{"a":"x","b":[1,{"k":"v, w"}],"c":12345678901234,"d":{"deep":"y"}}"#,
            #"{"a":"-1","b":1e3,"c":"","unknown":null}"#,
        ] {
            _ = try store.saveFinal(formVersionID: version.id, valuesJSON: values)
        }
        let rows = try Self.values(try scratch.formctl(["dump", "--format", "csv"]))
        // A null with no column of the form's still gets one, as the rows show it.
        #expect(rows == [
            ["a", "b", "c", "d", "d.deep", "unknown"],
            ["café 🚀", "-5", "2.5", "true", "", ""],
            ["again", "0", "", "false", "", ""],
            ["x", #"[1,{"k":"v, w"}]"#, "12345678901234", "", "y", ""],
            ["'-1", "1000.0", "", "", "", ""],
        ], "\(rows)")
    }
}
