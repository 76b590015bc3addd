import FormCore
import FormEngine
import Foundation
import Testing
import TestSupport

/// `since` and `until` (serve's listing, `dump --since/--until`) bound rows to the
/// millisecond, the precision their `created_at` is stored and listed with: the last
/// `created_at` a client read is the next `since`, and nothing before it comes back.
@Suite struct QueryTimeBoundTests {
    @Test(arguments: [
        ("2026-11-26T05:31:31.024Z", 1_795_671_091.024), ("2026-11-26T05:31:31.5Z", 1_795_671_091.5),
        ("2026-11-26 05:31:31,999+01:00", 1_795_667_491.999), ("2026-11-26T05:31:31.1239Z", 1_795_671_091.123),
        ("2026-11-26T05:31:31Z", 1_795_671_091), ("2026-11-26", 1_795_651_200),
    ])
    func aBoundKeepsItsMilliseconds(_ text: String, _ seconds: Double) throws {
        let date = try #require(SubmissionQuery.time(text))
        #expect(abs(date.timeIntervalSince1970 - seconds) < 0.0001, "\(text): \(date.timeIntervalSince1970)")
    }

    @Test func theLastCreatedAtReadIsTheNextSince() async throws {
        let scratch = try TemporaryDirectory(prefix: "formengine-since")
        let engine = try FormEngine(databasePath: scratch.path("since.sqlite"))
        let form = try engine.loadForm(definition: try FormDefinition(json: #"{"sections": [{"elements": [{"type": "entry", "key": "n"}]}]}"#),
                                       name: "since")
        var stored: [Submission] = []
        for n in 0..<3 {
            stored.append(try await engine.submit(SubmissionRequest(answers: ["n": .string("\(n)")]), to: form))
            try await Task.sleep(for: .milliseconds(3))
        }
        func ids(since: String? = nil, until: String? = nil) async throws -> [Int64] {
            var query = SubmissionQuery(formName: "since")
            query.createdFrom = try since.map { try #require(SubmissionQuery.time($0)) }
            query.createdBefore = try until.map { try #require(SubmissionQuery.time($0)) }
            return try await engine.submissions(query).submissions.map(\.id)
        }
        let format = ISO8601DateFormatter()
        format.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        func text(_ date: Date, plus milliseconds: Double = 0) -> String {
            format.string(from: Date(timeIntervalSince1970: (date.timeIntervalSince1970 * 1000).rounded() / 1000 + milliseconds / 1000))
        }
        #expect(try await ids(since: text(stored[0].createdAt)) == stored.map(\.id))
        // A millisecond after the first row: it is not listed again.
        #expect(try await ids(since: text(stored[0].createdAt, plus: 1)) == [stored[1].id, stored[2].id])
        #expect(try await ids(until: text(stored[1].createdAt)) == [stored[0].id])
        #expect(try await ids(until: text(stored[1].createdAt, plus: 1)) == [stored[0].id, stored[1].id])
    }
}
