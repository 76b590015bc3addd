import Foundation
import FormCore
import FormEngine
import FormStore
import PostgresTestServer
import TestSupport
import Testing

/// `FormEngine.events`: every operation's event, in the order the changes were made, resumed
/// after a sequence, seen by another engine on the same SQLite file, woken by this engine's own
/// writes, and ended promptly by cancellation or by a storage error.
@Suite("Engine events")
struct EventTests {
    typealias Backend = EditHistoryTests.Backend

    /// The first `count` events of `events`, or fewer when `limit` passes first: the
    /// iteration is then cancelled, which ends it.
    static func first(_ count: Int, of events: SubmissionEvents, within limit: Duration = .seconds(20)) async throws
        -> [SubmissionEvent]
    {
        let collector = Task {
            var collected: [SubmissionEvent] = []
            for try await event in events {
                collected.append(event)
                if collected.count == count { break }
            }
            return collected
        }
        let timer = Task {
            try await Task.sleep(for: limit)
            collector.cancel()
        }
        defer { timer.cancel() }
        return try await collector.value
    }

    @Test(arguments: EditHistoryTests.backends)
    func everyOperationWritesOneEventInTheOrderOfTheChanges(backend: Backend) async throws {
        let (engine, scratch) = try await EditHistoryTests.engine(backend)
        _ = scratch
        let start = try await engine.lastEventSequence()
        let (form, ann) = try await EditHistoryTests.submitAnn(engine)
        let draft = try await engine.submit(SubmissionRequest(answers: ["name": "Dee"], status: .draft), to: form)
        let (session, _) = try await engine.resumeDraft(id: draft.id, form: form)
        try session.set("4321", forKey: "pin")
        let finalized = try await engine.submit(session, resumingDraft: draft.id)
        #expect(finalized.id == draft.id && finalized.status == .final)
        _ = try await engine.edit(id: ann.id, SubmissionEdit(answers: ["name": "Ann Lee"], reason: "typo"))
        _ = try await engine.review(id: ann.id, state: .approved)
        #expect(try await engine.delete(id: draft.id))
        let importer = try await engine.makeImporter(for: form, options: .init(batchSize: 2, workers: 1)) { line, errors in
            Issue.record("line \(line) refused: \(errors)")
        }
        for (number, name) in ["Imp One", "Imp Two", "Imp Three"].enumerated() {
            try await AttachmentPathTests.add(#"{"name": "\#(name)", "pin": "1111"}"#, number: number + 1, to: importer)
        }
        try await importer.finish()
        #expect(importer.stored == 3)

        let expected: [(SubmissionEventType, Int64, Int)] = [
            (.created, ann.id, 1), (.draftSaved, draft.id, 1), (.finalized, draft.id, 1), (.updated, ann.id, 2),
            (.reviewed, ann.id, 2), (.deleted, draft.id, 1), (.created, draft.id + 1, 1), (.created, draft.id + 2, 1),
            (.created, draft.id + 3, 1),
        ]
        let events = try await Self.first(expected.count, of: engine.events(after: start))
        #expect(events.map(\.type) == expected.map(\.0), "\(events)")
        #expect(events.map(\.submissionID) == expected.map(\.1))
        #expect(events.map(\.revision) == expected.map(\.2))
        #expect(events.allSatisfy { $0.formName == "party" })
        #expect(events.map(\.sequence) == events.map(\.sequence).sorted() && Set(events.map(\.sequence)).count == events.count)
        #expect(Set(events.map(\.id)).count == events.count && events.allSatisfy { $0.id.hasPrefix("evt_") && $0.id.count == 36 })
        #expect(events.first?.submissionUUID == ann.uuid && events.dropFirst().first?.submissionUUID == draft.uuid)
        #expect(events.last?.sequence == (try await engine.lastEventSequence()))
        await engine.close()
    }

    @Test func iterationResumesAfterASequenceAndStartsAtTheLastEventWithoutOne() async throws {
        let (engine, scratch) = try await EditHistoryTests.engine(.sqlite)
        _ = scratch
        let (form, _) = try await EditHistoryTests.submitAnn(engine)
        for name in ["Bo", "Cy"] { _ = try await engine.submit(SubmissionRequest(answers: ["name": .string(name), "pin": "1234"]), to: form) }
        let all = try await Self.first(3, of: engine.events(after: 0))
        #expect(all.map(\.submissionID) == [1, 2, 3])
        let resumed = try await Self.first(2, of: engine.events(after: all[0].sequence))
        #expect(resumed == Array(all[1...]))
        let nothingNew = try await Self.first(1, of: engine.events(after: all[2].sequence, pollInterval: .milliseconds(50)),
                                              within: .milliseconds(500))
        #expect(nothingNew.isEmpty)

        // Without a sequence, an iteration sees only what is written after it starts: submit
        // until it sees something, and what it sees is new.
        let fromNow = Task { try await Self.first(1, of: engine.events(pollInterval: .milliseconds(50))) }
        let submitting = Task {
            var submitted: [Int64] = []
            while !Task.isCancelled, submitted.count < 100 {
                try? await Task.sleep(for: .milliseconds(100))
                if let new = try? await engine.submit(SubmissionRequest(answers: ["name": "New", "pin": "1234"]), to: form) {
                    submitted.append(new.id)
                }
            }
            return submitted
        }
        let seen = try await fromNow.value
        submitting.cancel()
        let submitted = await submitting.value
        #expect(seen.count == 1 && seen.first.map { submitted.contains($0.submissionID) } == true, "\(seen) of \(submitted)")
        #expect(seen.first.map { $0.sequence > all[2].sequence } == true)
        await engine.close()
    }

    @Test func eventsOfManyPagesComeOnceEachInOrder() async throws {
        let (engine, scratch) = try await EditHistoryTests.engine(.sqlite)
        _ = scratch
        let form = try engine.loadForm(definition: try FormDefinition(json: EditHistoryTests.party), name: "party")
        let importer = try await engine.makeImporter(for: form, options: .init(batchSize: 500, workers: 1)) { line, errors in
            Issue.record("line \(line) refused: \(errors)")
        }
        let count = SubmissionEvents.pageSize * 2 + 17
        for number in 1...count {
            try await AttachmentPathTests.add(#"{"name": "N\#(number)", "pin": "1111"}"#, number: number, to: importer)
        }
        try await importer.finish()
        let events = try await Self.first(count, of: engine.events(after: 0))
        #expect(events.map(\.submissionID) == (1...Int64(count)).map { $0 })
        #expect(events.allSatisfy { $0.type == .created })
        await engine.close()
    }

    @Test func anotherEngineOnTheSameFileSeesTheEventsByPolling() async throws {
        let scratch = try TemporaryDirectory(prefix: "engine-events")
        let writer = try await FormEngine(database: scratch.path("shared.sqlite"))
        let reader = try await FormEngine(database: scratch.path("shared.sqlite"))
        try await Self.expectSeen(by: reader, writtenBy: writer, pollInterval: .milliseconds(100))
    }

    /// On PostgreSQL another process's writes wake the iteration (LISTEN/NOTIFY): with a poll
    /// interval far past the test's time limit, only a notification makes it see them.
    @Test(.enabled(if: PostgresTestServer.unavailableReason == nil))
    func anotherEngineOnTheSamePostgreSQLDatabaseWakesTheIteration() async throws {
        let address = try PostgresTestServer.shared().createDatabase()
        let writer = try await FormEngine(database: address)
        let reader = try await FormEngine(database: address)
        try await Self.expectSeen(by: reader, writtenBy: writer, pollInterval: .seconds(600))
    }

    /// `reader` sees a submit and a delete that `writer` makes, in order.
    static func expectSeen(by reader: FormEngine, writtenBy writer: FormEngine, pollInterval: Duration) async throws {
        let events = reader.events(after: try await reader.lastEventSequence(), pollInterval: pollInterval)
        let watching = Task { try await Self.first(2, of: events) }
        try await Task.sleep(for: .milliseconds(300))
        let (_, ann) = try await EditHistoryTests.submitAnn(writer)
        #expect(try await writer.delete(id: ann.id))
        let seen = try await watching.value
        #expect(seen.map(\.type) == [.created, .deleted] && seen.allSatisfy { $0.submissionUUID == ann.uuid }, "\(seen)")
        await reader.close()
        await writer.close()
    }

    @Test func thisEnginesOwnWriteWakesAWaitingIterationBeforeItsPollInterval() async throws {
        let (engine, scratch) = try await EditHistoryTests.engine(.sqlite)
        _ = scratch
        let clock = ContinuousClock()
        let watching = Task { try await Self.first(1, of: engine.events(after: 0, pollInterval: .seconds(600))) }
        try await Task.sleep(for: .milliseconds(300))
        let written = clock.now
        let (_, ann) = try await EditHistoryTests.submitAnn(engine)
        let seen = try await watching.value
        let waited = clock.now - written
        #expect(seen.map(\.submissionID) == [ann.id])
        // Far below the 600 s poll: a signal woke it. The bound is loose because the whole test
        // suite shares two cores with child processes, which can hold this task up for seconds.
        #expect(waited < .seconds(60), "woken after \(waited), not by a signal")
        await engine.close()
    }

    @Test func cancellingTheTaskEndsAWaitingIterationWithoutWaitingForItsPoll() async throws {
        let (engine, scratch) = try await EditHistoryTests.engine(.sqlite)
        _ = scratch
        _ = try await EditHistoryTests.submitAnn(engine)
        let clock = ContinuousClock()
        let started = Task {
            var seen = 0
            for try await _ in engine.events(pollInterval: .seconds(600)) { seen += 1 }
            return seen
        }
        try await Task.sleep(for: .milliseconds(300))
        let cancelledAt = clock.now
        started.cancel()
        let seen = try await started.value
        let took = clock.now - cancelledAt
        // Alone it ends in about 0.3 s; the bound only has to be far below the 600 s poll.
        #expect(seen == 0 && took < .seconds(60), "ended \(took) after cancellation")
        await engine.close()
    }

    @Test func aStorageErrorEndsTheIterationByThrowing() async throws {
        let (engine, scratch) = try await EditHistoryTests.engine(.sqlite)
        _ = scratch
        await engine.close()
        let error = await #expect(throws: FormEngineError.self) {
            for try await _ in engine.events(after: 0) {}
        }
        guard case .storage? = error else { Issue.record("\(String(describing: error))"); return }
    }
}
