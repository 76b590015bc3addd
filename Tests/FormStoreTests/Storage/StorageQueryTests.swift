import Foundation
import Testing
@testable import FormStore
import Secrets

/// What a service asks of the store (by form, version, status, uuid, time ranges; ordered;
/// paged by keyset; exported as a stream), the same on both backends.
@Suite struct StorageQueryTests {
    /// Forms a (versions 1 and 2) and b, finals and drafts, each row a millisecond or more
    /// apart; the draft written first is updated last (to 11).
    static func seed(_ store: any SubmissionStorage) async throws -> [StoredSubmission] {
        func write(_ form: String, _ json: String, _ status: SubmissionStatus, _ value: String) async throws -> StoredSubmission {
            let row = try await store.save(SubmissionWrite(version: StorageWriteTests.definition(form, json), status: status, valuesJSON: value))
            try await Task.sleep(for: .milliseconds(3))
            return row
        }
        var rows = [try await write("a", "{}", .draft, "1")]
        rows.append(try await write("a", "{}", .final, "2"))
        rows.append(try await write("b", "{}", .final, "3"))
        rows.append(try await write("a", #"{"v":2}"#, .final, "4"))
        rows.append(try await write("a", #"{"v":2}"#, .draft, "5"))
        rows[0] = try await store.save(SubmissionWrite(version: .id(rows[0].formVersionID), status: .draft, valuesJSON: "11", draftID: rows[0].id))
        return rows
    }

    /// Every page of `query`, `limit` rows at a time, following the cursors (through their text form).
    static func allPages(_ store: any SubmissionStorage, _ query: SubmissionQuery) async throws -> [String] {
        var query = query
        var values: [String] = []
        while true {
            let page = try await store.page(query)
            #expect(page.submissions.count <= query.limit)
            values += page.submissions.map(\.valuesJSON)
            guard let next = page.next else { return values }
            // Through the token a service hands to its clients and takes back.
            let parsed: SubmissionCursor? = SubmissionCursor(next.description)
            #expect(parsed == next)
            query.after = parsed
        }
    }

    @Test(arguments: Backend.allCases) func filtersMatchAndCountAlike(_ backend: Backend) async throws {
        let database = try StoreUnderTest(backend)
        let store = try await database.open()
        let rows = try await Self.seed(store)
        let cases: [(SubmissionQuery, [String])] = [
            (SubmissionQuery(), ["11", "2", "3", "4", "5"]),
            (SubmissionQuery(formName: "a"), ["11", "2", "4", "5"]),
            (SubmissionQuery(formName: "a", version: 2), ["4", "5"]),
            (SubmissionQuery(formVersionID: rows[1].formVersionID), ["11", "2"]),
            (SubmissionQuery(status: .draft), ["11", "5"]),
            (SubmissionQuery(formName: "a", status: .final), ["2", "4"]),
            (SubmissionQuery(uuid: rows[2].uuid), ["3"]),
            (SubmissionQuery(createdFrom: rows[1].createdAt, createdBefore: rows[3].createdAt), ["2", "3"]),
            (SubmissionQuery(updatedFrom: rows[4].updatedAt), ["11", "5"]),
            (SubmissionQuery(formName: "zzz"), []),
        ]
        for (query, expected) in cases {
            #expect(try await Self.allPages(store, query) == expected, "\(query)")
            #expect(try await store.count(query) == expected.count, "\(query)")
        }
        #expect(try await store.submission(uuid: rows[3].uuid)?.valuesJSON == "4")
        #expect(try await store.count(formName: "a", status: .draft) == 2)
        #expect(try await store.forms() == [FormSummary(name: "a", versions: 2, latestVersion: 2, finalCount: 2, draftCount: 2),
                                          FormSummary(name: "b", versions: 1, latestVersion: 1, finalCount: 1, draftCount: 0)])
        await store.close()
    }

    @Test(arguments: Backend.allCases) func everyOrderPagesByKeysetWithoutRepeatsOrGaps(_ backend: Backend) async throws {
        let database = try StoreUnderTest(backend)
        let store = try await database.open()
        _ = try await Self.seed(store)
        let expected: [(SubmissionQuery.Order, Bool, [String])] = [
            (.id, false, ["11", "2", "3", "4", "5"]),
            (.id, true, ["5", "4", "3", "2", "11"]),
            (.createdAt, false, ["11", "2", "3", "4", "5"]),
            (.createdAt, true, ["5", "4", "3", "2", "11"]),
            (.updatedAt, false, ["2", "3", "4", "5", "11"]),
            (.updatedAt, true, ["11", "5", "4", "3", "2"]),
        ]
        for (order, descending, values) in expected {
            for limit in [1, 2, 5, 100] {
                let query = SubmissionQuery(order: order, descending: descending, limit: limit)
                #expect(try await Self.allPages(store, query) == values, "\(order) descending \(descending) limit \(limit)")
            }
        }
        // Rows added after a page was read come on later pages, never twice.
        let first = try await store.page(SubmissionQuery(limit: 2))
        let late = try await store.save(SubmissionWrite(version: StorageWriteTests.definition("b", "{}"), status: .final, valuesJSON: "6"))
        let rest = try await Self.allPages(store, SubmissionQuery(limit: 2, after: first.next))
        #expect(first.submissions.map(\.valuesJSON) + rest == ["11", "2", "3", "4", "5", late.valuesJSON])

        let cursor = try #require(first.next)
        let misused = await #expect(throws: StorageError.self) {
            try await store.page(SubmissionQuery(order: .createdAt, after: cursor))
        }
        #expect(misused?.kind == .invalidRequest)
        #expect(SubmissionCursor("createdAt.a.not-a-time.3") == nil && SubmissionCursor("id.a..x") == nil)
        await store.close()
    }

    @Test(arguments: Backend.allCases) func exportStreamsOneSnapshotAtTheConsumersPace(_ backend: Backend) async throws {
        let database = try StoreUnderTest(backend)
        let store = try await database.open()
        let version = try await store.register(formName: "e", definitionJSON: "{}", contentHash: SHA256.hex(of: "{}"))
        _ = try await store.saveFinalBatch(formVersionID: version.id, valuesJSON: (0..<3_000).map { #"{"n":\#($0)}"# })
        var seen = 0
        var writtenDuringExport = false
        for try await row in store.export(SubmissionQuery(formName: "e")) {
            #expect(row.valuesJSON == #"{"n":\#(seen)}"#)
            seen += 1
            if seen == 10 {
                // A write while the export is open: it commits, and the export does not see it.
                _ = try await store.saveFinalBatch(formVersionID: version.id, valuesJSON: [#"{"n":"late"}"#])
                writtenDuringExport = true
            }
        }
        #expect(seen == 3_000 && writtenDuringExport)
        #expect(try await store.count(SubmissionQuery(formName: "e")) == 3_001)

        // Stopping early gives the connection back: more exports than connections still run.
        for _ in 0..<20 {
            for try await _ in store.export(SubmissionQuery(formName: "e")) { break }
        }
        var descending: [String] = []
        for try await row in store.export(SubmissionQuery(formName: "e", order: .id, descending: true, limit: 1)) {
            descending.append(row.valuesJSON)
            if descending.count == 2 { break }
        }
        #expect(descending == [#"{"n":"late"}"#, #"{"n":2999}"#], "export ignores the limit and keeps the order")
        await store.close()
    }
}
