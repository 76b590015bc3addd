// The engine's cost per submission on real forms, beside the store's raw insert of the same
// rows, in one process (Scripts/bench-engine.sh builds it in release mode and runs it).
//
//   bench-engine WORK_DIR FORM.json ANSWERS.ndjson [SUBMISSIONS]
//
// For the form and its answers (one valid answers object per line, reused in turn):
//   session   making a session from the compiled form (nothing evaluated: shared structure)
//   fill      filling and validating one answers object, no store
//   raw       SubmissionStore.saveFinal of the JSON the engine stores, one transaction each
//   engine    FormEngine.submit(SubmissionRequest(answers:), to:) from 1 task and from 4 tasks
// CPU time is the process's user + system time (getrusage), so it counts every thread.
// BENCH_ONLY=engine runs only the 1-task engine submits (engine4: the 4-task ones) and
// BENCH_ONLY=raw only the raw inserts, BENCH_ONLY=fill only the fills, for a profiler (perf record, strace -c).
import FormCore
import FormEngine
import FormStore
import Foundation
import StoreFixtures

struct Measurement: Sendable {
    var count: Int
    var wall: Double
    var cpu: Double

    var perSecond: Double { Double(count) / wall }
    var cpuMicroseconds: Double { cpu / Double(count) * 1e6 }
}

func cpuSeconds() -> Double {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
    return seconds(usage.ru_utime) + seconds(usage.ru_stime)
}

func measure(_ count: Int, isolation: isolated (any Actor)? = #isolation, _ body: () async throws -> Void) async rethrows -> Measurement {
    let cpu = cpuSeconds()
    let start = ContinuousClock.now
    try await body()
    let elapsed = ContinuousClock.now - start
    let wall = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    return Measurement(count: count, wall: wall, cpu: cpuSeconds() - cpu)
}

func line(_ label: String, _ m: Measurement, note: String = "") {
    let padded = label.padding(toLength: 32, withPad: " ", startingAt: 0)
    let figures = String(format: "%9d %12.0f/s %10.1f µs CPU", m.count, m.perSecond, m.cpuMicroseconds)
    print(padded + figures + (note.isEmpty ? "" : "   " + note))
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("bench-engine: \(message)\n".utf8))
    exit(1)
}

let arguments = CommandLine.arguments
guard arguments.count >= 4 else { fail("usage: bench-engine WORK_DIR FORM.json ANSWERS.ndjson [SUBMISSIONS]") }
let work = arguments[1]
let submissions = arguments.count > 4 ? Int(arguments[4]) ?? 20_000 : 20_000

do {
    let text = try String(contentsOfFile: arguments[3], encoding: .utf8)
    let answers = try text.split(separator: "\n").map { try FormValue(json: String($0)) }
    guard !answers.isEmpty else { fail("no answers in \(arguments[3])") }

    let engine = try FormEngine(databasePath: work + "/engine.sqlite")
    let form = try engine.loadForm(path: arguments[2])
    print("\(form.name): \(answers.count) distinct answers, \(submissions) submissions")

    // Every answers object must be valid, or the figures would be of refusals.
    var stored: [String] = []
    for answer in answers {
        let filled = form.compiled.fill(FormInput(answers: answer))
        if !filled.errors.isEmpty { fail("invalid answers: \(filled.errors)") }
        stored.append(filled.valuesToStore.jsonString())
    }

    var sink = 0
    func fills() async -> Measurement {
        var sink = 0
        let fills = await measure(submissions) {
            for index in 0..<submissions { sink &+= form.compiled.fill(FormInput(answers: answers[index % answers.count])).errors.count }
        }
        if sink == -1 { print(sink) }
        return fills
    }
    func rawInserts() async throws -> Measurement {
        let store = try SubmissionStore(path: work + "/raw.sqlite")
        let version = try store.register(formName: form.name, definitionJSON: form.canonicalJSON)
        return try await measure(submissions) {
            for index in 0..<submissions { _ = try store.saveFinal(formVersionID: version.id, valuesJSON: stored[index % stored.count]) }
        }
    }
    func engineSubmitsFromOneTask() async throws -> Measurement {
        _ = try await engine.submit(SubmissionRequest(answers: answers[0]), to: form)  // registers the version
        // In a task of its own, as a service's request handler runs: this file's top-level code
        // is the main actor's, and awaiting the engine from it would hop to the pool and back for
        // every submit (two thread wake-ups, which cost more than the insert on an idle machine).
        return try await Task.detached {
            try await measure(submissions) {
                for index in 0..<submissions { _ = try await engine.submit(SubmissionRequest(answers: answers[index % answers.count]), to: form) }
            }
        }.value
    }

    func engineSubmitsFromFourTasks() async throws -> Measurement {
        let tasks = 4
        return try await measure(submissions) {
            try await withThrowingTaskGroup(of: Void.self) { group in
                for task in 0..<tasks {
                    group.addTask {
                        for index in stride(from: task, to: submissions, by: tasks) {
                            _ = try await engine.submit(SubmissionRequest(answers: answers[index % answers.count]), to: form)
                        }
                    }
                }
                try await group.waitForAll()
            }
        }
    }

    switch ProcessInfo.processInfo.environment["BENCH_ONLY"] {
    case "fill":
        line("fill + validate (no store)", await fills())
        exit(0)
    case "raw":
        line("raw insert (SubmissionStore)", try await rawInserts())
        exit(0)
    case "engine":
        line("engine submit, 1 task", try await engineSubmitsFromOneTask())
        exit(0)
    case "engine4":
        _ = try await engine.submit(SubmissionRequest(answers: answers[0]), to: form)  // registers the version
        line("engine submit, 4 tasks", try await engineSubmitsFromFourTasks())
        exit(0)
    default:
        break
    }

    let sessions = await measure(200_000) {
        for _ in 0..<200_000 { sink &+= form.compiled.makeSession().evaluationCount }
    }
    line("session from the compiled form", sessions)
    line("fill + validate (no store)", await fills())
    let raw = try await rawInserts()
    line("raw insert (SubmissionStore)", raw)
    let one = try await engineSubmitsFromOneTask()
    line("engine submit, 1 task", one, note: String(format: "%.2fx the raw insert's CPU", one.cpuMicroseconds / raw.cpuMicroseconds))

    let four = try await engineSubmitsFromFourTasks()
    line("engine submit, 4 tasks", four, note: String(format: "%.2fx the raw insert's CPU", four.cpuMicroseconds / raw.cpuMicroseconds))
    if sink == -1 { print(sink) }
} catch {
    fail("\(error)")
}
