import Foundation

/// The sqlite3 shell, to read a database the way someone inspecting it would (and to make
/// databases that are not formctl's).
enum SQLiteShell {
    /// What `sqlite3 PATH SQL` prints.
    @discardableResult
    static func run(_ path: String, _ sql: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["sqlite3", path, sql]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }
}
