import FormEngine
import Synchronization

/// The engines a command opened, closed by `main` before the process exits, whatever the exit
/// code: `exit()` does not wait for the store's connection threads, and an SQLite store that
/// is not closed leaves its last commits in the `-wal` file beside the database, where a copy
/// of the database file alone (or an `immutable` read of it) does not see them.
enum OpenEngines {
    private static let engines = Mutex<[FormEngine]>([])

    static func add(_ engine: FormEngine) {
        engines.withLock { $0.append(engine) }
    }

    static func closeAll() async {
        let open = engines.withLock { engines in
            defer { engines = [] }
            return engines
        }
        for engine in open { await engine.close() }
    }
}
