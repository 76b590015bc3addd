import FormStorePostgres
import Foundation
import PostgresTestServer
import Synchronization
import Testing
@testable import FormStore
import Secrets

/// PostgreSQL under several processes and faults: nothing lost, nothing half-written.
@Suite(.enabled(if: PostgresTestServer.unavailableReason == nil,
                "PostgreSQL tests skipped: \(PostgresTestServer.unavailableReason ?? "")"))
struct PostgresFaultTests {
    /// Every row of form `form`, counted by the `"writer"` or `"batch"` field of its values.
    static func rows(in url: String, form: String, by field: String) async throws -> [String: Int] {
        let storage = try await PostgresStorage(url: url)
        var counts: [String: Int] = [:]
        for try await row in storage.export(SubmissionQuery(formName: form)) {
            let object = try JSONSerialization.jsonObject(with: Data(row.valuesJSON.utf8)) as? [String: Any]
            guard let key = object?[field] else {
                Issue.record("row without \(field): \(row.valuesJSON)")
                continue
            }
            counts["\(key)", default: 0] += 1
        }
        await storage.close()
        return counts
    }

    @Test func fourWriterProcessesLoseNothing() async throws {
        // A new database: the four processes also race to migrate it.
        let url = try PostgresTestServer.shared().createDatabase()
        let writers = try (0..<4).map { try FaultWriter.Child(["writer", url, "1000", "w\($0)"]) }
        for writer in writers {
            let result = writer.finish()
            #expect(result.status == 0, "writer failed: \(result.stderr)")
        }
        #expect(try await Self.rows(in: url, form: "load", by: "writer") == ["w0": 1000, "w1": 1000, "w2": 1000, "w3": 1000])
        let storage = try await PostgresStorage(url: url)
        #expect(try await storage.forms().map(\.versions) == [1])
        let migrations = try await storage.migrationStatus()
        #expect(!migrations.isEmpty && migrations.allSatisfy(\.applied))
        await storage.close()
    }

    @Test func writerKilledMidCopyLeavesOnlyCommittedBatches() async throws {
        let url = try PostgresTestServer.shared().createDatabase()
        let child = try FaultWriter.Child(["bulk", url, "3", "1000"])
        #expect(child.waitFor(line: "committed 2"))
        #expect(child.waitFor(line: "in-flight"))
        // Let the COPY's rows start streaming to the server, then kill the writer mid-way. A
        // blocking sleep: with every test of the run sharing two cores' worth of Swift's pool, a
        // Task.sleep could resume many seconds late, after the COPY has finished.
        usleep(300_000)
        child.kill()
        #expect(child.process.terminationReason == .uncaughtSignal)
        #expect(try await Self.rows(in: url, form: "bulk", by: "batch") == ["0": 1000, "1": 1000, "2": 1000])
        // The killed writer's transaction died with its connection: writing goes on.
        let storage = try await PostgresStorage(url: url)
        let version = try #require(try await storage.latestVersion(formName: "bulk"))
        #expect(try await storage.saveFinalBatch(formVersionID: version.id, valuesJSON: [#"{"batch":"after"}"#]) == 1)
        await storage.close()
    }

    @Test func aServerThatStopsGivesUnavailableAndThenServesAgain() async throws {
        let server = try PostgresTestServer()
        defer { server.destroy() }
        let storage = try await PostgresStorage(url: server.url(database: "postgres"), tables: try TableNames(prefix: "stop_"))
        let version = try await storage.register(formName: "s", definitionJSON: "{}", contentHash: SHA256.hex(of: "{}"))
        #expect(try await storage.saveFinalBatch(formVersionID: version.id, valuesJSON: ["{}", "{}"]) == 2)
        try server.stop()
        let down = await #expect(throws: StorageError.self) {
            try await storage.saveFinalBatch(formVersionID: version.id, valuesJSON: ["{}"])
        }
        #expect(down?.kind == .unavailable && down?.isTransient == true, "\(String(describing: down))")
        #expect(down?.description.contains(server.directory) == true, "names the server: \(String(describing: down))")
        try server.start()
        // Broken connections were dropped, not handed out again.
        #expect(try await storage.count(SubmissionQuery()) == 2)
        #expect(try await storage.saveFinalBatch(formVersionID: version.id, valuesJSON: ["{}"]) == 1)
        await storage.close()
    }

    /// A 201 is only as good as the commit behind it. `commit_delay` makes every commit wait
    /// 50 ms before its WAL is written (when another transaction is open, as with 8 writers it
    /// always is), so a store that answered before the commit was confirmed answers inside that
    /// window, and stopping the server at once loses rows it answered for.
    @Test func everyAcknowledgedWriteSurvivesAnImmediateStop() async throws {
        let server = try PostgresTestServer(settings: [("fsync", "on"), ("commit_delay", "50000"), ("commit_siblings", "1")])
        defer { server.destroy() }
        let url = server.url(database: "postgres")
        let storage = try await PostgresStorage(url: url)
        let version = try await storage.register(formName: "acked", definitionJSON: "{}", contentHash: SHA256.hex(of: "{}"))
        // Writers 0-5 save one row at a time, writers 6 and 7 batches of 10 (import's COPY).
        let acknowledged = Acknowledged()
        // Unstructured writers, waited for with a bound: a statement PostgresNIO wrote to a
        // connection the stop was closing may never be answered, and a task group would wait
        // for that writer forever. A writer still waiting has acknowledged nothing more.
        for writer in 0..<8 {
            Task {
                defer { acknowledged.finished.withLock { $0 += 1 } }
                for round in 0... {
                    let tags = writer < 6 ? ["\(writer)-\(round)"] : (0..<10).map { "\(writer)-\(round)-\($0)" }
                    do {
                        if writer < 6 {
                            _ = try await storage.save(SubmissionWrite(version: .id(version.id), status: .final,
                                                                       valuesJSON: #"{"tag":"\#(tags[0])"}"#, draftID: nil))
                        } else {
                            _ = try await storage.saveFinalBatch(formVersionID: version.id,
                                                                 valuesJSON: tags.map { #"{"tag":"\#($0)"}"# })
                        }
                    } catch {
                        return
                    }
                    acknowledged.tags.withLock { $0 += tags }
                }
            }
        }
        while acknowledged.tags.withLock({ $0.count }) < 300 { try await Task.sleep(for: .milliseconds(5)) }
        do { try server.stop(mode: "immediate") } catch { Issue.record("pg_ctl stop failed: \(error)") }
        let stopped = ContinuousClock.now
        while acknowledged.finished.withLock({ $0 }) < 8, ContinuousClock.now - stopped < .seconds(30) {
            try await Task.sleep(for: .milliseconds(20))
        }
        // What a writer acknowledged from here on would be after the count below was taken.
        let counted = acknowledged.tags.withLock { $0 }
        await storage.close()
        try server.start()
        let found = try await Self.rows(in: url, form: "acked", by: "tag")
        let lost = counted.filter { found[$0] == nil }
        #expect(counted.count >= 300)
        #expect(lost.isEmpty, "\(lost.count) acknowledged writes lost: \(lost.prefix(20))")
    }
}

/// The writes a store has answered for, shared by the writers of a test.
private final class Acknowledged: Sendable {
    let tags = Mutex<[String]>([])
    /// Writers that have stopped (each stops at its first failure).
    let finished = Mutex(0)
}
