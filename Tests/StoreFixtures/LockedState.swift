import Foundation
import FormStore

/// The store's lock. Recursive so that store methods called from inside a `write` block or an
/// export callback, on the same thread, nest (as savepoints) instead of deadlocking.
///
/// Tests reach the store's connection through it to plant faults.
///
/// `@unchecked Sendable` is sound because `state` is only reachable through `withLock`.
package final class LockedState: @unchecked Sendable {
    private let lock = NSRecursiveLock()
    private let state: StoreState

    init(_ state: StoreState) { self.state = state }

    package func withLock<R>(_ body: (StoreState) throws -> R) rethrows -> R {
        lock.lock()
        defer { lock.unlock() }
        return try body(state)
    }
}
