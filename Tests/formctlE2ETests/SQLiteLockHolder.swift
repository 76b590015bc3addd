import Foundation

/// Another process holding SQLite's write lock on a database for a while (python3's sqlite3,
/// so that it is not our own wrapper taking the lock our wrapper must wait for).
enum SQLiteLockHolder {
    /// Starts the holder and returns once it has the lock; it lets go after `seconds`.
    static func start(database: String, seconds: Double) throws -> Process {
        let holder = Process()
        holder.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        holder.arguments = ["python3", "-c", """
            import sqlite3,sys,time; c=sqlite3.connect(sys.argv[1], isolation_level=None); c.execute('BEGIN IMMEDIATE'); \
            print('locked', flush=True); time.sleep(float(sys.argv[2]))
            """, database, String(seconds)]
        let out = Pipe()
        holder.standardOutput = out
        try holder.run()
        _ = out.fileHandleForReading.availableData  // "locked"
        return holder
    }
}
