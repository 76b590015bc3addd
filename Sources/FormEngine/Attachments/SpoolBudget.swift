import Synchronization

/// The bytes all uploads in progress hold in temporary files together (`StoreOptions
/// .spoolLimit`): each upload is bounded by its form's limits, and this bounds how many of
/// them at once may fill the spool's disk, so a crowd of clients gets "busy, try again"
/// rather than a full disk for everyone.
final class SpoolBudget: Sendable {
    /// The most bytes held at once.
    let limit: Int
    private let used = Mutex(0)

    init(limit: Int) { self.limit = limit }

    /// Takes `count` bytes of the budget; false, taking nothing, when that would pass the limit.
    func take(_ count: Int) -> Bool {
        used.withLock { used in
            guard used + count <= limit else { return false }
            used += count
            return true
        }
    }

    /// Gives back `count` bytes taken (a spool file closed).
    func give(_ count: Int) { used.withLock { $0 -= count } }

    /// Bytes held now.
    var inUse: Int { used.withLock { $0 } }
}
