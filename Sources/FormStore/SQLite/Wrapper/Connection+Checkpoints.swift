import CSQLite

extension Connection {
    /// Pages in the write-ahead log past which a commit checkpoints it: SQLite's own default.
    static let checkpointPages: Int32 = 1000

    /// Takes over SQLite's automatic checkpoint, which runs in whichever thread commits: a
    /// commit that leaves at least `checkpointPages` pages in the log checkpoints it there (as
    /// SQLite would), unless `defersCheckpoints` is set, when it only sets `checkpointIsDue`.
    /// A write lent to a thread of Swift's pool commits that way, and the checkpoint (copying up
    /// to a thousand pages and syncing the file) is left to the connection's own thread.
    func checkpointAfterCommits() {
        sqlite3_wal_hook(handle, walCommitted, Unmanaged.passUnretained(self).toOpaque())
    }

    /// A passive checkpoint, as SQLite's automatic one: it copies what no reader still needs
    /// and waits for no lock. A failure is left for the next one, as SQLite leaves it.
    func checkpoint() {
        checkpointIsDue = false
        sqlite3_wal_checkpoint_v2(handle, nil, SQLITE_CHECKPOINT_PASSIVE, nil, nil)
    }
}

/// SQLite's hook after each commit in WAL mode, with the log's size in pages. The context is
/// the connection, which outlives its handle (the handle is closed in its `close()`).
private func walCommitted(_ context: UnsafeMutableRawPointer?, _ handle: OpaquePointer?, _ name: UnsafePointer<CChar>?,
                          _ pages: Int32) -> Int32 {
    guard let context, pages >= Connection.checkpointPages else { return SQLITE_OK }
    let connection = Unmanaged<Connection>.fromOpaque(context).takeUnretainedValue()
    if connection.defersCheckpoints { connection.checkpointIsDue = true } else { connection.checkpoint() }
    return SQLITE_OK
}
