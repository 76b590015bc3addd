import Foundation
import Testing
import TestSupport

@testable import FormCore

/// README's list of the dates, times and date-times values take and refuse, each example a row
/// here: a spelling added to the list without a row, or a row that stops holding, fails.
@Suite struct DateReadmeListTests {
    /// What `mode` stores for `text`, nil when it is refused.
    static func stored(_ text: String, mode: String) throws -> String? {
        try DateSpellingTests.stored(text, mode: mode)?.stringValue
    }

    static let taken: [(String, String, String)] = [
        ("2026-11-22", "Date", "2026-11-22"), ("2026/11/22", "Date", "2026-11-22"), ("2026-3-5", "Date", "2026-03-05"),
        ("2026/3/15", "Date", "2026-03-15"), ("20261122", "Date", "2026-11-22"), ("2026-W48-3", "Date", "2026-11-25"),
        ("2026W483", "Date", "2026-11-25"), ("2026-329", "Date", "2026-11-25"), ("2026329", "Date", "2026-11-25"),
        ("9:30", "Time", "09:30:00"), ("09:30:05", "Time", "09:30:05"), ("09:30:05.250", "Time", "09:30:05"),
        ("9:30 pm", "Time", "21:30:00"), ("9 pm", "Time", "21:00:00"), ("15", "Time", "15:00:00"), ("T15", "Time", "15:00:00"),
        ("1530", "Time", "15:30:00"), ("153005", "Time", "15:30:05"), ("T15:30", "Time", "15:30:00"),
        ("2026-11-22 10:00", "DateAndTime", "2026-11-22T10:00:00Z"), ("2026-11-22T15", "DateAndTime", "2026-11-22T15:00:00Z"),
        ("20261122T153000", "DateAndTime", "2026-11-22T15:30:00Z"),
        ("2026-11-22T17:00+02:00", "DateAndTime", "2026-11-22T15:00:00Z"), ("20261122T1700+0200", "DateAndTime", "2026-11-22T15:00:00Z"),
        ("2026-11-22 17:00 +02", "DateAndTime", "2026-11-22T15:00:00Z"), ("2026-11-22T17:00:30+02:00:30", "DateAndTime", "2026-11-22T15:00:00Z"),
        ("20261122T170030+020030", "DateAndTime", "2026-11-22T15:00:00Z"), ("2026-11-22T10:00-05:00", "DateAndTime", "2026-11-22T15:00:00Z"),
        ("2026-11-22T15:00Z", "DateAndTime", "2026-11-22T15:00:00Z"), ("2026-11-22", "DateAndTime", "2026-11-22T00:00:00Z"),
        ("2026-11-22T15:30:00+01:00", "Time", "14:30:00"),
        // Hour-only and basic times, week and ordinal dates, joined with a time.
        ("2026-11-22 3 pm", "DateAndTime", "2026-11-22T15:00:00Z"), ("2026-W48-3T10:00Z", "DateAndTime", "2026-11-25T10:00:00Z"),
        ("2026-329 10:00", "DateAndTime", "2026-11-25T10:00:00Z"), ("2026/3/5 9:05", "DateAndTime", "2026-03-05T09:05:00Z"),
        ("2026-W01-1", "Date", "2025-12-29"), ("2020-W53-7", "Date", "2021-01-03"), ("2026-W53-1", "Date", "2026-12-28"),
        ("2020-366", "Date", "2020-12-31"), ("2026-w48-3", "Date", "2026-11-25"),
    ]

    static let refused: [(String, String)] = [
        ("22/11/2026", "Date"), ("11/22/2026", "Date"), ("22.11.2026", "Date"), ("26-11-22", "Date"), ("+12026-11-22", "Date"),
        ("2026", "Date"), ("2026-11", "Date"), ("2026-W48", "Date"), ("2026-11/22", "Date"), ("2026-02-30", "Date"),
        ("2025-W53-1", "Date"), ("2026-366", "Date"), ("24:00", "Time"), ("23:59:60", "Time"), ("10:30.5", "Time"),
        ("2026-11-22T10:00 CET", "DateAndTime"), ("10:00Z", "Time"), ("10:00+02:00", "Time"), ("2026-11-22", "Time"),
        ("2026-W48-3", "Time"), ("10:00", "Date"), ("10:00", "DateAndTime"), ("tomorrow", "Date"), ("Nov 22 2026", "Date"),
        ("2026-W54-1", "Date"), ("2026-W48-8", "Date"), ("2026-000", "Date"), ("2026-1122", "Date"), ("930", "Time"),
        ("2026-11-22T10:00+25:00", "DateAndTime"), ("2026-11-22T", "DateAndTime"), ("2026-11-22T10:00+02:0030", "DateAndTime"),
    ]

    /// Words of the passage that are not examples: modes, formats, messages, the parts of a
    /// date and time the rows above show whole.
    static let words: Set<String> = Set([
        "mode", "Date", "Time", "DateAndTime", "dateValue", "YYYY-MM-DD", "HH:MM:SS", "YYYY-MM-DDTHH:MM:SSZ",
        "must be a date as YYYY-MM-DD", "must be a time as HH:MM[:SS]", "T", "Z", "-",
    ]).union(partsShownWhole)

    /// Zones README names alone, each in a row's whole value.
    static let partsShownWhole: Set<String> = ["+02:00", "+0200", "+02", "+02:00:30", "+020030", "CET"]

    /// The backticked examples of README's passage on dates (from "Dates, times and date-times"
    /// to the end of the refused list).
    static func readmeExamples() throws -> [String] {
        let readme = try String(contentsOfFile: RepositoryFiles.path("README.md"), encoding: .utf8)
        let start = try #require(readme.range(of: "Dates, times and date-times are read by one reader"))
        let end = try #require(readme.range(of: "`Nov 22 2026`).", range: start.upperBound..<readme.endIndex))
        let passage = readme[start.lowerBound..<end.upperBound]
        return passage.split(separator: "`", omittingEmptySubsequences: false).enumerated()
            .filter { $0.offset % 2 == 1 }.map { String($0.element) }
    }

    @Test func everyExampleInTheReadmeIsARow() throws {
        let examples = try Self.readmeExamples()
        #expect(examples.count > 40)
        let rows = Set(Self.taken.map { $0.0 } + Self.refused.map { $0.0 })
        for example in examples where !rows.contains(example) {
            #expect(Self.words.contains(example), "README's '\(example)' has no row")
        }
        for part in Self.partsShownWhole {
            #expect(rows.contains { $0.contains(part) }, "no row shows '\(part)' in a whole value")
        }
    }

    @Test(arguments: taken)
    func takenAsTheReadmeSays(text: String, mode: String, stored: String) throws {
        #expect(try Self.stored(text, mode: mode) == stored)
    }

    @Test(arguments: refused)
    func refusedAsTheReadmeSays(text: String, mode: String) throws {
        #expect(try Self.stored(text, mode: mode) == nil)
    }
}
