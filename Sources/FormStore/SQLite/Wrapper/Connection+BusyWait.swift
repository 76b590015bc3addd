import CSQLite
import Foundation

extension Connection {
    /// Waits up to `timeout` for another connection's lock, as `sqlite3_busy_timeout` does, but
    /// in short sleeps that look at `waitIsAbandoned`: a write whose task was cancelled stops
    /// waiting for the lock that would begin its transaction (SQLITE_BUSY), while one whose
    /// transaction is open already is never stopped half-way.
    func waitForLocks(upTo timeout: Duration) {
        busyTimeout = timeout
        sqlite3_busy_handler(handle, busyCallback, Unmanaged.passUnretained(self).toOpaque())
    }

    /// Whether to try the lock again after `attempt` tries (0 on the first).
    func keepsWaiting(attempt: Int32) -> Bool {
        let now = ContinuousClock.now
        if attempt == 0 { busyWaitStart = now }
        if let abandoned = waitIsAbandoned, abandoned(), isAutocommit { return false }
        guard let start = busyWaitStart, now - start < busyTimeout else { return false }
        // 1 ms, 2 ms... up to 10 ms: short enough that a cancelled write stops at once.
        usleep(UInt32(min(attempt + 1, 10)) * 1000)
        return true
    }
}

/// SQLite's busy handler: nonzero to try again. The context is the connection, which outlives
/// its handle (the handle is closed in its `close()`).
private func busyCallback(_ context: UnsafeMutableRawPointer?, _ attempt: Int32) -> Int32 {
    guard let context else { return 0 }
    return Unmanaged<Connection>.fromOpaque(context).takeUnretainedValue().keepsWaiting(attempt: attempt) ? 1 : 0
}
