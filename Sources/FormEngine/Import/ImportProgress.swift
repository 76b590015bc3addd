import Synchronization

/// How many lines an import has validated so far, read from any thread: validation runs on
/// every core a chunk at a time, and a progress display must see it move within a chunk.
public final class ImportProgress: Sendable {
    private let count = Atomic<Int>(0)

    /// A count at zero.
    public init() {}

    /// Lines validated (stored or refused) so far.
    public var validatedLines: Int { count.load(ordering: .relaxed) }

    func add(_ lines: Int) {
        count.add(lines, ordering: .relaxed)
    }
}
