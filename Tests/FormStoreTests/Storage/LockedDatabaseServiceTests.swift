import Foundation
import Testing
@testable import FormStore

/// A service on the SQLite store while another process holds the write lock: the requests that
/// write wait (suspended, not blocking a thread), and everything else goes on.
@Suite(.serialized) struct LockedDatabaseServiceTests {
    @Test func submitsWaitingOnALockNeitherStallOtherTasksNorReads() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("service.sqlite")
        let storage = try SQLiteStorage(path: path, busyTimeout: .seconds(20))
        let version = try await storage.register(formName: "svc", definitionJSON: "{}", contentHash: SHA256.hex(of: "{}"))
        _ = try await storage.save(SubmissionWrite(version: .id(version.id), status: .final, valuesJSON: #"{"n":"before"}"#))

        let holder = try FaultWriter.Child(["hold-lock", path, "2"])
        #expect(holder.waitFor(line: "locked"))
        let locked = ContinuousClock.now
        // Four submits, more than the cooperative pool has threads on a small machine.
        let submits = Task {
            try await withThrowingTaskGroup(of: Duration.self) { group in
                for n in 0..<4 {
                    group.addTask {
                        _ = try await storage.save(SubmissionWrite(version: .id(version.id), status: .final, valuesJSON: #"{"n":\#(n)}"#))
                        return ContinuousClock.now - locked
                    }
                }
                return try await group.reduce(into: [Duration]()) { $0.append($1) }
            }
        }
        // A request that does not write: a 10 ms ticker, and reads, while the submits wait.
        var worstLateness = Duration.zero
        var readsDuringLock = 0
        for tick in 0..<120 {
            let before = ContinuousClock.now
            try await Task.sleep(for: .milliseconds(10))
            worstLateness = max(worstLateness, ContinuousClock.now - before - .milliseconds(10))
            if tick % 20 == 0 {
                #expect(try await storage.count(SubmissionQuery(formName: "svc")) == 1, "the waiting submits are not visible yet")
                readsDuringLock += 1
            }
        }
        let waited = try await submits.value
        _ = holder.finish()
        #expect(waited.count == 4)
        #expect(waited.allSatisfy { $0 >= .milliseconds(1_500) }, "the submits waited for the lock: \(waited)")
        #expect(readsDuringLock == 6)
        // A generous bound for a loaded CI machine; Scripts/bench-service.sh measures the real figure.
        #expect(worstLateness < .milliseconds(300), "a 10 ms ticker was late by \(worstLateness)")
        #expect(try await storage.count(SubmissionQuery(formName: "svc")) == 5)
        await storage.close()
    }
}
