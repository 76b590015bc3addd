import Foundation
import Testing

/// Dates are read by one reader whatever the source: `--set`, `--answers` and `import` store the
/// same canonical text for the same spelling, and refuse a date alone for a time the same way.
@Suite struct DateSourcesE2ETests {
    static let form = #"""
        {"sections": [{"elements": [
          {"type": "date", "key": "day", "mode": "Date"},
          {"type": "date", "key": "at", "mode": "DateAndTime"},
          {"type": "date", "key": "start", "mode": "Time"}]}]}
        """#

    @Test func everySourceStoresTheSameCanonicalText() throws {
        let scratch = try Scratch()
        let form = try scratch.write("when.json", Self.form)
        let set = try scratch.formctl(["fill", form, "--set", "day=2026/3/5", "--set", "at=20261122T153000+020030", "--set", "start=T15", "--json"])
        #expect(set.exitCode == 0, "\(set)")
        let answers = try scratch.write("a.json", #"{"day": "2026-W48-3", "at": "2026-329 10:00", "start": "1530"}"#)
        let answered = try scratch.formctl(["fill", form, "--answers", answers, "--json"])
        #expect(answered.exitCode == 0, "\(answered)")
        let imported = try scratch.formctl(["import", form, "-"], stdin: #"{"day": "20261122", "at": "2026-11-22T15", "start": "9 pm"}"# + "\n")
        #expect(imported.exitCode == 0, "\(imported)")
        let rows = try scratch.rows(
            "select json_extract(values_json, '$.day') || ' ' || json_extract(values_json, '$.at') || ' ' || json_extract(values_json, '$.start') from submissions order by id")
        #expect(rows.split(separator: "\n") == [
            "2026-03-05 2026-11-22T13:29:30Z 15:00:00",
            "2026-11-25 2026-11-25T10:00:00Z 15:30:00",
            "2026-11-22 2026-11-22T15:00:00Z 21:00:00",
        ], "\(rows)")
    }

    @Test func aDateAloneForATimeIsRefusedEverywhere() throws {
        let scratch = try Scratch()
        let form = try scratch.write("when.json", Self.form)
        let set = try scratch.formctl(["fill", form, "--set", "start=2026-11-22"])
        #expect(set.exitCode == 1 && set.stderr.contains("start: must be a time as HH:MM[:SS]"), "\(set)")
        let imported = try scratch.formctl(["import", form, "-"], stdin: #"{"start": "2026-11-22"}"# + "\n")
        #expect(imported.exitCode == 1, "\(imported)")
        #expect(imported.stderrLines.first == "line 1: start: must be a time as HH:MM[:SS]", "\(imported)")
    }
}
