import Foundation
import Testing
@testable import FormStore
import Secrets

/// A process killed while its saves are stored in groups, on both backends: every save it was
/// told was stored is there, and nothing is half there (a row without its kept answer or its
/// outbox event, or an answer without its row).
@Suite struct SaveGroupFaultTests {
    @Test(arguments: Backend.allCases) func aWriterKilledMidGroupKeepsEveryAcknowledgedSaveWhole(_ backend: Backend) async throws {
        let database = try StoreUnderTest(backend)
        let child = try FaultWriter.Child(["group-writer", database.location, "12"])
        var acknowledged: Set<String> = []
        var groups = 0
        // Enough saves for groups to have formed, then SIGKILL while the next ones are under way.
        while acknowledged.count < 600 || groups < 3, let line = child.nextLine() {
            let parts = line.split(separator: " ")
            guard parts.count == 4, parts[0] == "acked", let seen = Int(parts[3]) else { continue }
            acknowledged.insert("\(parts[1]) \(parts[2])")
            groups = max(groups, seen)
        }
        child.kill()
        #expect(child.process.terminationReason == .uncaughtSignal, "\(child.finish().stderr)")
        // Saves told as stored whose lines were still in the pipe.
        while let line = child.nextLine() {
            let parts = line.split(separator: " ")
            if parts.count == 4, parts[0] == "acked" { acknowledged.insert("\(parts[1]) \(parts[2])") }
        }
        #expect(groups >= 3, "the saves were stored in groups")

        let store = try await database.open()
        var stored: [String: Int64] = [:]
        for try await row in store.export(SubmissionQuery(formName: "group")) {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(row.valuesJSON.utf8)) as? [String: Int])
            let tag = "\(object["task"] ?? -1) \(object["i"] ?? -1)"
            #expect(stored[tag] == nil, "\(tag) stored twice")
            stored[tag] = row.id
        }
        let missing = acknowledged.subtracting(stored.keys)
        #expect(missing.isEmpty, "acknowledged but not stored: \(missing.sorted().prefix(10))")
        // Every third save of a task was made under a key: its answer is there with its row.
        var answered: [String: Int64] = [:]
        for line in try database.sql("SELECT key || ' ' || submission_id FROM idempotency_keys").split(separator: "\n") {
            let parts = line.split(separator: " ")
            answered[String(parts[0])] = Int64(parts[1])
        }
        var keyed = 0
        for (tag, id) in stored {
            let parts = tag.split(separator: " ")
            guard let i = Int(parts[1]), i % 3 == 0 else { continue }
            keyed += 1
            #expect(answered["key-\(parts[0])-\(i)"] == id, "row \(tag) without its kept answer")
        }
        #expect(answered.count == keyed, "an answer kept without its row")
        let eventless = try database.sql("""
            SELECT count(*) FROM submissions s WHERE (SELECT count(*) FROM outbox_events e WHERE e.submission_id = s.id) <> 1
            """).trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(eventless == "0", "rows without exactly one outbox event")
        // The store goes on writing.
        let version = try #require(try await store.latestVersion(formName: "group"))
        _ = try await store.save(SubmissionWrite(version: .id(version.id), status: .final, valuesJSON: #"{"after":1}"#))
        await store.close()
    }
}
