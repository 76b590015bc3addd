import CSQLite

extension Connection {
    /// Runs `body` in a write transaction and commits it, or rolls it back if `body` throws.
    ///
    /// The outermost call uses `BEGIN IMMEDIATE`, taking the write lock up front so a busy
    /// database fails here (after the busy timeout) instead of half-way through, and so two
    /// writers cannot deadlock upgrading read locks. Nested calls use savepoints, so an inner
    /// failure that the caller catches undoes only the inner work.
    func transaction<T>(_ body: () throws -> T) throws -> T {
        let depth = transactionDepth
        let savepoint = "formstore_sp\(depth)"
        if depth == 0 {
            try run("BEGIN IMMEDIATE", operation: "beginning a write transaction")
        } else {
            try run("SAVEPOINT \(savepoint)", operation: "opening a nested transaction")
        }
        transactionDepth += 1
        defer { transactionDepth -= 1 }
        let result: T
        do {
            result = try body()
        } catch {
            rollback(depth: depth, savepoint: savepoint)
            throw error
        }
        do {
            if depth == 0 {
                try run("COMMIT", operation: "committing a write transaction")
            } else {
                try run("RELEASE \(savepoint)", operation: "closing a nested transaction")
            }
        } catch {
            rollback(depth: depth, savepoint: savepoint)
            throw error
        }
        return result
    }

    /// Runs `body` in a read transaction (`BEGIN DEFERRED`), so that every statement in it
    /// reads the same snapshot: under WAL a writer committing between two SELECTs is not seen
    /// by the second. Not nested in another transaction.
    func readTransaction<T>(_ body: () throws -> T) throws -> T {
        try run("BEGIN DEFERRED", operation: "beginning a read transaction")
        let result: T
        do {
            result = try body()
        } catch {
            if !isAutocommit { try? run("ROLLBACK", operation: "ending a read transaction") }
            throw error
        }
        // A read transaction has nothing to commit; ending it cannot lose anything.
        if !isAutocommit { try? run("COMMIT", operation: "ending a read transaction") }
        return result
    }

    /// Undoes the transaction or savepoint at `depth` if SQLite still has one open. After some
    /// errors (SQLITE_FULL, I/O errors) SQLite has already rolled everything back; issuing
    /// ROLLBACK then would fail and hide the original error, so we ask first.
    private func rollback(depth: Int, savepoint: String) {
        guard !isAutocommit else { return }
        // Errors here are ignored on purpose: the caller is already throwing the original
        // error, which is the one the user needs to see.
        if depth == 0 {
            try? run("ROLLBACK", operation: "rolling back a write transaction")
        } else {
            try? run("ROLLBACK TO \(savepoint)", operation: "rolling back a nested transaction")
            try? run("RELEASE \(savepoint)", operation: "closing a rolled-back nested transaction")
        }
    }
}
