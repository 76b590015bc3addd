import FormStore
import Foundation
import StoreFixtures
import Testing

/// json and ndjson rows are copied out of the database in batches of 1,024 on the store's
/// thread and rendered in two halves at once: the lines still come whole, in order, each its
/// own row's; a damaged row in a batch's second half stops the dump after every line before
/// it; and a row the fast path cannot copy as it is (a timestamp past its month's end) is
/// read again whole and written as every other read gives it.
@Suite struct DumpRoundsE2ETests {
    /// The dump database with its first final row copied until there are 1,300 final rows:
    /// two batches, the last one short.
    static func many() throws -> (Scratch, [StoredSubmission]) {
        let (scratch, _) = try DumpE2ETests.populated()
        _ = try scratch.rows("""
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n
                                    WHERE i < 1300 - (SELECT count(*) FROM submissions WHERE status = 'final'))
            INSERT INTO submissions (uuid, form_id, form_version_id, status, created_at, updated_at, values_json)
            SELECT lower(hex(randomblob(16))), s.form_id, s.form_version_id, 'final',
                   '2026-02-' || printf('%02d', 1 + i % 28) || 'T10:00:00.' || printf('%03d', i % 1000) || 'Z',
                   '2026-03-01T10:00:00.000Z', json_set(s.values_json, '$.name', 'Copy ' || i)
            FROM n, (SELECT * FROM submissions WHERE status = 'final' ORDER BY id LIMIT 1) s
            """)
        let store = try SubmissionStore(path: scratch.db)
        let finals = try store.submissions().filter { $0.status == .final }.sorted { $0.id < $1.id }
        #expect(finals.count == 1300)
        return (scratch, finals)
    }

    @Test func everyLineIsItsOwnRowInOrder() throws {
        let (scratch, finals) = try Self.many()
        let ndjson = try scratch.formctl(["dump", "--format", "ndjson"])
        #expect(ndjson.exitCode == 0, "\(ndjson.stderr)")
        let lines = ndjson.stdout.split(separator: "\n").map(String.init)
        try #require(lines.count == finals.count)
        for (line, stored) in zip(lines, finals) {
            let object = try DumpE2ETests.object(line)
            try DumpE2ETests.expectMatches(object, stored)
        }
        let json = try scratch.formctl(["dump", "--format", "json"])
        #expect(json.exitCode == 0, "\(json.stderr)")
        let array = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [NSDictionary])
        #expect(array.map { ($0["id"] as? NSNumber)?.int64Value } == finals.map(\.id))
        #expect(json.stdout.hasPrefix("[\n{\"id\":") && json.stdout.hasSuffix("}\n]\n"))
    }

    /// Row 800 is in the first batch's second half, rendered beside the first half.
    @Test func aDamagedRowInALaterRoundStopsAfterEveryLineBeforeIt() throws {
        let (scratch, finals) = try Self.many()
        let damaged = finals[799].id
        _ = try scratch.rows(#"UPDATE submissions SET values_json = '{"name":"Eve"},"id":99' WHERE id = \#(damaged)"#)
        let ndjson = try scratch.formctl(["dump", "--format", "ndjson"])
        #expect(ndjson.exitCode == 3, "\(ndjson.stderr)")
        #expect(ndjson.stderr.contains("submission \(damaged) holds values that are not valid JSON"), "\(ndjson.stderr)")
        let lines = ndjson.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 800 && lines[799].isEmpty)
        #expect(try lines.dropLast().map { (try DumpE2ETests.object(String($0))["id"] as? NSNumber)?.int64Value } == finals.prefix(799).map(\.id))
        let json = try scratch.formctl(["dump", "--format", "json"])
        #expect(json.exitCode == 3 && !json.stdout.contains("]") && !json.stdout.contains("Eve"))
        #expect(json.stdout.components(separatedBy: "\n{\"id\":").count == 800)
    }

    @Test func aRowTheFastPathCannotCopyIsWrittenAsShowGivesIt() throws {
        let (scratch, finals) = try Self.many()
        let odd = finals[1100].id
        _ = try scratch.rows("UPDATE submissions SET created_at = '2026-02-30T10:00:00.000Z' WHERE id = \(odd)")
        let ndjson = try scratch.formctl(["dump", "--format", "ndjson"])
        #expect(ndjson.exitCode == 0, "\(ndjson.stderr)")
        let lines = ndjson.stdout.split(separator: "\n").map(String.init)
        try #require(lines.count == finals.count)
        let object = try DumpE2ETests.object(lines[1100])
        #expect((object["id"] as? NSNumber)?.int64Value == odd)
        #expect(object["created_at"] as? String == "2026-03-02T10:00:00.000Z")
        let shown = try scratch.formctl(["show", String(odd)])
        #expect(shown.stdout.contains("2026-03-02T10:00:00.000Z") && !shown.stdout.contains("2026-02-30"), "\(shown)")
        #expect((try DumpE2ETests.object(lines[1101])["id"] as? NSNumber)?.int64Value == finals[1101].id)
    }
}
