// What a service sees of the store (Scripts/bench-service.sh and Scripts/bench-postgres.sh
// build it in release mode and run it), each figure beside its reference in the same run:
//
//   bench-service ticker DB.sqlite STORE-FAULT-WRITER
//       the worst lateness of a 10 ms ticker while 4 submits wait 2 s on a write lock another
//       process holds: through FormEngine on SQLiteStorage, and through the old synchronous
//       SubmissionStore called from tasks (the reference), and with nothing waiting (baseline)
//   bench-service reads DB.sqlite
//       reads by id per second from 2 tasks, alone and while batches of 10,000 rows are written
//   bench-service submits postgres://... TASKS COUNT
//       FormEngine.submit per second from TASKS concurrent tasks into PostgreSQL
import FormCore
import FormEngine
import FormStore
import FormStorePostgres
import Foundation
import StoreFixtures

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("bench-service: \(message)\n".utf8))
    exit(1)
}

func milliseconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) * 1e3 + Double(duration.components.attoseconds) / 1e15
}

let definition = #"{"title":"Note","sections":[{"elements":[{"type":"entry","key":"text","title":"Text","required":true},{"type":"decimal","key":"n","title":"N","fractionDigits":0}]}]}"#

func loadNote(_ engine: FormEngine) throws -> LoadedForm {
    try engine.loadForm(definition: try FormDefinition(json: definition), name: "note")
}

/// A 10 ms ticker for `duration`: the worst and the 99th percentile of how late each tick was.
func tick(for duration: Duration) async throws -> (worst: Double, p99: Double) {
    var lateness: [Double] = []
    let start = ContinuousClock.now
    while ContinuousClock.now - start < duration {
        let before = ContinuousClock.now
        try await Task.sleep(for: .milliseconds(10))
        lateness.append(milliseconds(ContinuousClock.now - before - .milliseconds(10)))
    }
    lateness.sort()
    return (lateness.last ?? 0, lateness[min(lateness.count - 1, lateness.count * 99 / 100)])
}

/// Another process holding the database's write lock for `seconds`; returns once it holds it.
func holdLock(_ writer: String, _ path: String, seconds: Int) throws -> Process {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: writer)
    process.arguments = ["hold-lock", path, String(seconds)]
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    var seen = Data()
    while !String(decoding: seen, as: UTF8.self).contains("locked\n") {
        let chunk = output.fileHandleForReading.availableData
        if chunk.isEmpty { fail("the lock holder ended before taking the lock") }
        seen.append(chunk)
    }
    return process
}

func tickerBenchmark(path: String, writer: String) async throws {
    let engine = FormEngine(storage: try SQLiteStorage(path: path, busyTimeout: .seconds(30)))
    let form = try loadNote(engine)
    _ = try await engine.submit(SubmissionRequest(answers: ["text": "warm-up"]), to: form)
    let alone = try await tick(for: .seconds(2))
    print(String(format: "ticker, nothing waiting (baseline):           worst %7.1f ms   p99 %6.1f ms", alone.worst, alone.p99))

    let holder = try holdLock(writer, path, seconds: 2)
    let submits = (0..<4).map { n in
        Task { try await engine.submit(SubmissionRequest(answers: ["text": .string("waiting \(n)")]), to: form) }
    }
    let waiting = try await tick(for: .milliseconds(1_800))
    for submit in submits { _ = try await submit.value }
    holder.waitUntilExit()
    print(String(format: "ticker, 4 FormEngine submits wait on a lock:  worst %7.1f ms   p99 %6.1f ms", waiting.worst, waiting.p99))
    await engine.storage.close()

    // The reference: the synchronous store, whose busy wait blocks the calling thread.
    let store = try SubmissionStore(path: path, busyTimeout: .seconds(30))
    let version = try store.register(formName: "sync", definitionJSON: "{}")
    let syncHolder = try holdLock(writer, path, seconds: 2)
    let blocking = (0..<4).map { n in
        Task { try store.saveFinal(formVersionID: version.id, valuesJSON: #"{"n":\#(n)}"#) }
    }
    let blocked = try await tick(for: .milliseconds(1_800))
    for submit in blocking { _ = try await submit.value }
    syncHolder.waitUntilExit()
    print(String(format: "reference, 4 synchronous saves wait on it:    worst %7.1f ms   p99 %6.1f ms", blocked.worst, blocked.p99))
}

/// Reads by random id from 2 tasks for `duration`: reads per second and the worst read.
func readLoad(_ storage: SQLiteStorage, maxID: Int64, for duration: Duration) async throws -> (perSecond: Double, worst: Double) {
    let start = ContinuousClock.now
    let results = try await withThrowingTaskGroup(of: (Int, Double).self) { group in
        for _ in 0..<2 {
            group.addTask {
                var count = 0
                var worst = 0.0
                while ContinuousClock.now - start < duration {
                    let before = ContinuousClock.now
                    guard try await storage.submission(id: Int64.random(in: 1...maxID)) != nil else { fail("a read found nothing") }
                    worst = max(worst, milliseconds(ContinuousClock.now - before))
                    count += 1
                }
                return (count, worst)
            }
        }
        return try await group.reduce(into: [(Int, Double)]()) { $0.append($1) }
    }
    let seconds = milliseconds(ContinuousClock.now - start) / 1e3
    return (Double(results.map(\.0).reduce(0, +)) / seconds, results.map(\.1).max() ?? 0)
}

func readsBenchmark(path: String) async throws {
    let storage = try SQLiteStorage(path: path, readers: 2)
    let version = try await storage.register(formName: "r", definitionJSON: "{}", contentHash: "r")
    let rows = (0..<10_000).map { #"{"text":"row \#($0)","n":\#($0)}"# }
    for _ in 0..<10 { _ = try await storage.saveFinalBatch(formVersionID: version.id, valuesJSON: rows) }
    let alone = try await readLoad(storage, maxID: 100_000, for: .seconds(3))
    print(String(format: "reads by id, nothing writing (reference): %9.0f/s   worst %6.1f ms", alone.perSecond, alone.worst))
    let writing = Task {
        var written = 0
        let start = ContinuousClock.now
        while ContinuousClock.now - start < .seconds(3) {
            written += try await storage.saveFinalBatch(formVersionID: version.id, valuesJSON: rows)
        }
        return Double(written) / (milliseconds(ContinuousClock.now - start) / 1e3)
    }
    let during = try await readLoad(storage, maxID: 100_000, for: .seconds(3))
    let importRate = try await writing.value
    print(String(format: "reads by id while an import writes:       %9.0f/s   worst %6.1f ms   (import %.0f rows/s meanwhile)",
                 during.perSecond, during.worst, importRate))
    await storage.close()
}

func submitsBenchmark(url: String, tasks: Int, count: Int) async throws {
    let engine = FormEngine(storage: try await PostgresStorage(address: PostgresAddress(url), maximumConnections: max(tasks, 1)))
    let form = try loadNote(engine)
    _ = try await engine.submit(SubmissionRequest(answers: ["text": "warm-up", "n": 0]), to: form)
    let perTask = count / tasks
    let start = ContinuousClock.now
    try await withThrowingTaskGroup(of: Void.self) { group in
        for task in 0..<tasks {
            group.addTask {
                for n in 0..<perTask {
                    _ = try await engine.submit(SubmissionRequest(answers: ["text": .string("task \(task)"), "n": .int(n)]), to: form)
                }
            }
        }
        try await group.waitForAll()
    }
    let seconds = milliseconds(ContinuousClock.now - start) / 1e3
    print(String(format: "%d", Int((Double(perTask * tasks) / seconds).rounded())))
    await engine.storage.close()
}

let arguments = CommandLine.arguments
do {
    switch arguments.count > 1 ? arguments[1] : "" {
    case "ticker" where arguments.count == 4: try await tickerBenchmark(path: arguments[2], writer: arguments[3])
    case "reads" where arguments.count == 3: try await readsBenchmark(path: arguments[2])
    case "submits" where arguments.count == 5:
        guard let tasks = Int(arguments[3]), let count = Int(arguments[4]), tasks > 0 else { fail("TASKS and COUNT are numbers") }
        try await submitsBenchmark(url: arguments[2], tasks: tasks, count: count)
    default:
        fail("usage: bench-service ticker DB WRITER | reads DB | submits URL TASKS COUNT")
    }
} catch {
    fail("\(error)")
}
