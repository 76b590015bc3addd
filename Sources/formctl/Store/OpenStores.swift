import FormStore
import Synchronization

/// The stores a command opened, closed by `main` before the process exits, whatever the exit
/// code: `exit()` does not wait for the store's connection threads, and an SQLite store that
/// is not closed leaves its last commits in the `-wal` file beside the database, where a copy
/// of the database file alone (or an `immutable` read of it) does not see them.
enum OpenStores {
    private static let stores = Mutex<[any SubmissionStorage]>([])

    static func add(_ store: any SubmissionStorage) {
        stores.withLock { $0.append(store) }
    }

    static func closeAll() async {
        let open = stores.withLock { stores in
            defer { stores = [] }
            return stores
        }
        for store in open { await store.close() }
    }
}
