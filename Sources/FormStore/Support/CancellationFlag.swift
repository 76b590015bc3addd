import Synchronization

/// A flag one thread sets and another reads: a task's cancellation, seen by work that runs on
/// a thread of its own (SQLite's busy wait).
package final class CancellationFlag: Sendable {
    private let value = Atomic<Bool>(false)

    package init() {}

    package var isSet: Bool { value.load(ordering: .acquiring) }

    package func set() { value.store(true, ordering: .releasing) }
}
