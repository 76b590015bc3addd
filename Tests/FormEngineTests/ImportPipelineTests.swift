import Foundation
import FormCore
import Testing

@testable import FormEngine

/// An import validates one chunk on its workers while the next is read: every line's outcome
/// must still come back once, in the file's order, whatever the chunk and worker counts; the
/// workers run below the writer's priority, and end with the import.
struct ImportPipelineTests {
    static let form = #"{"sections": [{"elements": [{"type": "entry", "key": "name", "required": true, "minLength": 3}]}]}"#

    /// Line n is valid unless n is a multiple of 3 (a short name) or of 7 (no JSON).
    static func line(_ number: Int) -> String {
        if number % 7 == 0 { return #"{"name": "#}
        return number % 3 == 0 ? #"{"name": "N"}"# : #"{"name": "Name \#(number)"}"#
    }

    static func validate(lines: Int, chunkSize: Int, workers: Int) async throws -> [(line: Int, outcome: ImportValidation.Outcome)] {
        let validation = ImportValidation(form: try CompiledForm(definition: FormDefinition(json: form)), workers: workers,
                                          chunkSize: chunkSize)
        var outcomes: [(line: Int, outcome: ImportValidation.Outcome)] = []
        for number in 1...lines {
            let text = line(number)
            let bytes = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: text.utf8.count)
            defer { bytes.deallocate() }
            _ = bytes.initialize(from: text.utf8)
            if let delivered = await validation.add(UnsafeBufferPointer(bytes), number: number) { outcomes += delivered }
        }
        outcomes += await validation.drain()
        #expect(validation.progress.validatedLines == lines)
        return outcomes
    }

    /// With most of these sizes the last chunk is partly filled when `drain` comes, while the
    /// one before may still be on the workers: its lines must still come first.
    @Test(arguments: [(1, 1), (5, 2), (7, 3), (64, 2), (4096, 2)])
    func everyLineComesBackOnceInOrder(chunkSize: Int, workers: Int) async throws {
        let outcomes = try await Self.validate(lines: 1_000, chunkSize: chunkSize, workers: workers)
        #expect(outcomes.map(\.line) == Array(1...1_000))
        for (number, outcome) in outcomes {
            switch outcome {
            case .store(let json):
                #expect(number % 7 != 0 && number % 3 != 0, "line \(number) stored")
                #expect(json == #"{"name":"Name \#(number)"}"#)
            case .refuse(let errors):
                #expect(number % 7 == 0 || number % 3 == 0, "line \(number) refused: \(errors)")
                #expect(errors.first?.rule == (number % 7 == 0 ? "json" : "minLength"), "line \(number): \(errors)")
            case .storeWithFiles:
                Issue.record("line \(number) named files")
            }
        }
    }

    #if os(Linux)
    /// The workers run ten below the process's priority, so the store's writer gets the core
    /// it shares with them.
    @Test func workersRunBelowTheProcesssPriority() async throws {
        let own = getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0)
        let seen = NiceValues()
        let workers = ImportWorkers(count: 2)
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            workers.run(ImportWorkers.Job(count: 8, body: { _, _ in
                seen.add(getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0))
                usleep(1_000)
            }, completion: { continuation.resume() }))
        }
        #expect(seen.values.count == 8)
        #expect(seen.values.allSatisfy { $0 == min(19, own + ImportWorkers.niceness) }, "\(seen.values), the process at \(own)")
    }

    /// An importer's threads end with it: a service that imports again and again keeps none.
    @Test func workersEndWhenReleased() async throws {
        var workers: ImportWorkers? = ImportWorkers(count: 3)
        let running = try #require(workers?.running)
        #expect(running.value == 3)
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            workers?.run(ImportWorkers.Job(count: 30, body: { _, _ in usleep(100) }, completion: { continuation.resume() }))
        }
        #expect(running.value == 3, "the workers wait for more work while the import goes on")
        workers = nil
        for _ in 0..<500 where running.value > 0 { try await Task.sleep(for: .milliseconds(10)) }
        #expect(running.value == 0, "\(running.value) of 3 import-validate threads still running")
    }

    /// Nice values seen by the workers' blocks.
    private final class NiceValues: @unchecked Sendable {
        // `@unchecked Sendable`: `list` is touched only under `lock`.
        private let lock = NSLock()
        private var list: [Int32] = []
        func add(_ value: Int32) { lock.withLock { list.append(value) } }
        var values: [Int32] { lock.withLock { list } }
    }
    #endif
}
