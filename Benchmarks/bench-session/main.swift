// Session benchmark: a form with 1,000 fields and 5,000 expressions. Changing one value must
// re-evaluate only its dependents; reports microseconds per change and evaluations per change.
// Run with Scripts/bench-session.sh (release build).
import FormCore
import Foundation
import Synchronization

let fieldCount = 1_000
var elements: [String] = []
for index in 0..<fieldCount {
    let previous = "f\((index + fieldCount - 1) % fieldCount)"
    let next = "f\((index + 1) % fieldCount)"
    // Five expressions per field: hidden, enabled, required, title and placeholder.
    elements.append("""
        {"type": "decimal", "key": "f\(index)", "numberValue": \(index),
         "hidden": "@{\(previous) > 5000}", "enabled": "@{f\(index) < 100000}",
         "required": "@{\(next) % 2 == 0}", "title": "@{'Field \\\\(f\(index))'}",
         "placeholder": "@{\(previous) + \(next) > 10 ? 'big' : 'small'}"}
        """)
}
let json = #"{"title": "Big", "sections": [{"elements": [\#(elements.joined(separator: ",\n"))]}]}"#

func seconds(_ body: () throws -> Void) rethrows -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    try body()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
}

do {
    let definition = try FormDefinition(json: json)
    var session: FormSession?
    let build = try seconds { session = try FormSession(definition: definition) }
    guard let session else { exit(1) }
    let changes = 20_000
    /// The best of three rounds of `changes` values set across the fields, each round's values
    /// new (`rounds` numbers them), so every set is a change.
    func bestRound(_ rounds: Range<Int>) throws -> Double {
        var best = Double.infinity
        for round in rounds {
            let elapsed = try seconds {
                for change in 0..<changes {
                    let index = (change * 7919) % fieldCount
                    try session.set(.int(change + round * changes), forKey: "f\(index)")
                }
            }
            best = min(best, elapsed)
        }
        return best
    }
    let before = session.evaluationCount
    let best = try bestRound(0..<3)
    let evaluationsPerChange = Double(session.evaluationCount - before) / Double(3 * changes)
    // The same changes with an observer of every field, as a UI bound to the form has: what
    // telling it what changed adds to each change.
    let told = Mutex(0)
    let token = session.observeAll { change in told.withLock { $0 += change.fields.count } }
    let observed = try bestRound(3..<6)
    session.removeObserver(token)
    // The reference: evaluating every expression of the form once, which is what a change
    // would cost without the dependency graph.
    var full = Double.infinity
    for _ in 0..<3 {
        full = min(full, try seconds { _ = try FormSession(definition: definition) }) 
    }
    print("fields                         \(fieldCount)")
    // The session's evaluation counter starts at zero (a session from a compiled form evaluates
    // nothing until asked), so the form's expressions are counted from how it was written.
    print("expressions                    \(fieldCount * 5)")
    print("session build (bind+compile+evaluate all)  \(String(format: "%.1f", build * 1000)) ms")
    print("changes timed                  \(changes) (best of 3 rounds)")
    print("evaluations per change         \(String(format: "%.2f", evaluationsPerChange))")
    print("microseconds per change        \(String(format: "%.2f", best / Double(changes) * 1e6))")
    print("microseconds per change, observed  \(String(format: "%.2f", observed / Double(changes) * 1e6))")
    print("field changes told per change  \(String(format: "%.2f", Double(told.withLock { $0 }) / Double(3 * changes)))")
    print("re-evaluating everything       \(String(format: "%.1f", full * 1e6 / 1)) us (a fresh session, for scale)")
} catch {
    print("bench-session failed: \(error)")
    exit(1)
}
