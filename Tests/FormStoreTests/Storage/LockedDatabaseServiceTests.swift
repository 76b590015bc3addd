import Foundation
import TestSupport
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

        let holder = try FaultWriter.Child(["hold-lock", path, "3"])
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
        // A request that does not write: a 10 ms ticker, and reads, for 2 s of the 3 s the
        // lock is held (by the clock, so a slow machine ends the loop while the lock is held).
        var worstLateness = Duration.zero
        var reads = 0
        while ContinuousClock.now - locked < .seconds(2) {
            let before = ContinuousClock.now
            try await Task.sleep(for: .milliseconds(10))
            worstLateness = max(worstLateness, ContinuousClock.now - before - .milliseconds(10))
            if ContinuousClock.now - locked < .milliseconds(1_500) {
                #expect(try await storage.count(SubmissionQuery(formName: "svc")) == 1, "the waiting submits are not visible yet")
                reads += 1
            }
        }
        let waited = try await submits.value
        _ = holder.finish()
        #expect(waited.count == 4)
        #expect(waited.allSatisfy { $0 >= .seconds(2) }, "the submits waited for the lock: \(waited)")
        #expect(reads >= 1)
        // Blocked threads would hold the ticker for the whole wait (seconds); the bound is loose
        // for a loaded 2-core CI machine running the other tests at the same time.
        // Scripts/bench-service.sh measures the real figure.
        #expect(worstLateness < .seconds(1), "a 10 ms ticker was late by \(worstLateness)")
        #expect(try await storage.count(SubmissionQuery(formName: "svc")) == 5)
        await storage.close()
    }
}
