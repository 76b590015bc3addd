import FormStore
import Foundation

extension SubmissionStore {
    /// Runs `body` as one write transaction (`BEGIN IMMEDIATE`): every store call it makes, on
    /// this thread, is committed together, or rolled back if it throws. Use it to register a
    /// definition and save a submission atomically.
    ///
    /// The store handed to `body` is this store: one type inside and outside transactions, as
    /// GRDB's `Database` is. Its calls inside the block nest in the transaction (the store's
    /// lock is recursive; each call's own transaction becomes a savepoint), and a nested
    /// `write` is a savepoint whose failure rolls back only its own work. Calls from other
    /// threads wait until the block has committed or rolled back.
    package func write<T>(_ body: (SubmissionStore) throws -> T) throws -> T {
        try locked.withLock { state in try state.transaction { try body(self) } }
    }
}
