import Foundation
import Testing

/// Runs `body` on a thread of its own and waits for it at most `seconds`. Work that used to hang
/// (exponential backtracking, a FIFO that never opens) then fails the test with a message
/// instead of stalling the whole run; the stuck thread is abandoned. The bound is generous: it
/// catches hangs, it does not measure speed.
func finishes<T: Sendable>(
    within seconds: Double, _ what: String, sourceLocation: SourceLocation = #_sourceLocation,
    _ body: @escaping @Sendable () throws -> T
) -> T? {
    let outcome = Outcome<T>()
    let thread = Thread {
        outcome.set(Result { try body() })
    }
    thread.stackSize = 8 << 20
    thread.start()
    guard outcome.wait(seconds: seconds) else {
        Issue.record("\(what) did not finish within \(seconds) s", sourceLocation: sourceLocation)
        return nil
    }
    switch outcome.result {
    case .success(let value)?: return value
    case .failure(let error)?:
        Issue.record("\(what) threw \(error)", sourceLocation: sourceLocation)
        return nil
    case nil: return nil
    }
}

private final class Outcome<T: Sendable>: @unchecked Sendable {
    private let lock = NSCondition()
    private var stored: Result<T, any Error>?

    var result: Result<T, any Error>? { lock.withLock { stored } }

    func set(_ result: Result<T, any Error>) {
        lock.withLock {
            stored = result
            lock.broadcast()
        }
    }

    func wait(seconds: Double) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        return lock.withLock {
            while stored == nil {
                if !lock.wait(until: deadline) { return stored != nil }
            }
            return true
        }
    }
}
