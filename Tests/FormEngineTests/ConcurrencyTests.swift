import Foundation
import FormCore
import FormEngine
import FormStore
import Testing

@Suite("FormEngine under concurrency")
struct ConcurrencyTests {
    /// 8 tasks submit 1,000 forms each through one engine: all 8,000 are stored.
    @Test func eightTasksSubmittingLoseNothing() async throws {
        let harness = try TestEngine()
        let form = try harness.form("""
            {"sections": [{"elements": [
              {"type": "entry", "key": "who", "required": true},
              {"type": "decimal", "key": "n", "minimumValue": 0}
            ]}]}
            """, name: "load")
        let engine = harness.engine
        try await withThrowingTaskGroup(of: Void.self) { group in
            for task in 0..<8 {
                group.addTask {
                    for n in 0..<1000 {
                        let session = try engine.makeSession(for: form)
                        try session.set(.string("task\(task)"), forKey: "who")
                        try session.set(.int(n), forKey: "n")
                        try await engine.submit(session)
                    }
                }
            }
            try await group.waitForAll()
        }
        #expect(try await engine.storage.count(formName: "load", status: .final) == 8000)
        var seen = Set<String>()
        for try await row in engine.storage.export(SubmissionQuery(formName: "load")) {
            seen.insert(row.valuesJSON)
        }
        #expect(seen.count == 8000, "every (task, n) pair is stored exactly once")
        #expect(try await engine.storage.forms().first?.versions == 1, "one definition, one version")
    }
}
