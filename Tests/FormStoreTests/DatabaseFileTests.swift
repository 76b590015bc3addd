import CSQLite
import Foundation
import StoreFixtures
import TestSupport
import Testing

@testable import FormStore

/// What the store refuses to open, and what it can still read: devices, directories and FIFOs
/// before SQLite sees them, another program's database without a change, a database in a
/// directory it may not write to.
@Suite struct DatabaseFileTests {
    let directory: TemporaryDirectory
    init() throws { directory = try TemporaryDirectory() }

    @Test func pathsThatAreNotFilesAreRefusedBeforeSQLiteOpensThem() throws {
        #expect(mkfifo(directory.path("fifo"), 0o600) == 0)
        for (path, kind) in [("/dev/null", "a character device"), ("/dev/zero", "a character device"),
                             (directory.url.path, "a directory"), (directory.path("fifo"), "a FIFO (named pipe)")] {
            for readOnly in [false, true] {
                let error = #expect(throws: StoreError.self) { try SubmissionStore(path: path, readOnly: readOnly) }
                #expect(error == .notADatabaseFile(path: path, kind: kind))
            }
        }
        #expect(!FileManager.default.fileExists(atPath: "/dev/null-journal"))
    }

    @Test func anotherProgramsDatabaseIsLeftAsItWas() throws {
        let path = directory.path("app.sqlite")
        do {
            let app = try Connection(path: path, switchingToWAL: false)
            try app.execute("CREATE TABLE orders (id INTEGER PRIMARY KEY)", operation: "test")
        }
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        for readOnly in [false, true] {
            let error = #expect(throws: MigrationError.self) { try SubmissionStore(path: path, readOnly: readOnly) }
            #expect(error == .foreignDatabase(path: path, tables: ["orders"]))
        }
        let statusError = #expect(throws: StorageError.self) { try SQLiteStorage.migrationStatus(path: path) }
        #expect(statusError?.kind == .foreignDatabase)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
        let adopted = try SubmissionStore(path: path, adoptingForeignDatabase: true)
        #expect(try adopted.migrationStatus().allSatisfy(\.applied))
        #expect(try adopted.forms().isEmpty)
    }

    @Test func anEmptyFileIsNotForeign() throws {
        let path = directory.path("empty.sqlite")
        #expect(FileManager.default.createFile(atPath: path, contents: nil))
        #expect(throws: Never.self) { try SubmissionStore(path: path) }
    }

    @Test func aDatabaseInAReadOnlyDirectoryCanBeRead() throws {
        let path = directory.path("db.sqlite")
        do {
            let store = try SubmissionStore(path: path)
            let version = try store.register(formName: "f", definitionJSON: "{}")
            _ = try store.saveFinal(formVersionID: version.id, valuesJSON: #"{"a":1}"#)
        }
        // A clean close checkpoints the log: no -wal is left, so an immutable read is exact.
        #expect(!DatabaseFile.hasWriteAheadLog(path))
        let uri = DatabaseFile.immutableURI(path)
        #expect(uri.hasPrefix("file:/") && uri.hasSuffix("?immutable=1"))
        // Root writes anywhere, so the read-only directory is simulated by the immutable open
        // that openForReading falls back to; the end-to-end test runs it for real.
        let connection = try Connection(path: path, immutable: true)
        #expect(try connection.queryFirst("SELECT count(*) FROM submissions", operation: "test") { $0.int(0) } == 1)
        #expect(DatabaseFile.immutableURI("/a b/c?d#e%f.sqlite") == "file:/a%20b/c%3Fd%23e%25f.sqlite?immutable=1")
    }
}
