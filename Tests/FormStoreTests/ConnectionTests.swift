import CSQLite
import Foundation
import TestSupport
import Testing
@testable import FormStore

@Suite struct ConnectionTests {
    let directory: TemporaryDirectory
    init() throws { directory = try TemporaryDirectory() }

    func open(_ name: String = "test.sqlite") throws -> Connection {
        try Connection(path: directory.path(name))
    }

    @Test func opensWithTheProjectSettings() throws {
        let connection = try open()
        let journal = try connection.queryFirst("PRAGMA journal_mode", operation: "test") { $0.text(0) }
        let foreignKeys = try connection.queryFirst("PRAGMA foreign_keys", operation: "test") { $0.int(0) }
        let synchronous = try connection.queryFirst("PRAGMA synchronous", operation: "test") { $0.int(0) }
        #expect(journal == "wal")
        #expect(foreignKeys == 1)
        #expect(synchronous == 1)  // NORMAL
    }

    @Test func readOnlyConnectionRefusesWritesAndMissingFiles() throws {
        do {
            let writer = try open()
            try writer.execute("CREATE TABLE t (x)", operation: "test")
        }
        let reader = try Connection(path: directory.path("test.sqlite"), readOnly: true)
        let error = #expect(throws: SQLiteError.self) {
            try reader.run("INSERT INTO t VALUES (1)", operation: "writing")
        }
        #expect(error?.primaryCode == SQLITE_READONLY)
        let missing = #expect(throws: SQLiteError.self) {
            _ = try Connection(path: directory.path("absent.sqlite"), readOnly: true)
        }
        #expect(missing?.primaryCode == SQLITE_CANTOPEN)
        #expect(!FileManager.default.fileExists(atPath: directory.path("absent.sqlite")))
    }

    @Test func bindsAndReadsEveryType() throws {
        let connection = try open()
        try connection.execute("CREATE TABLE t (v)", operation: "test")
        let values: [SQLiteValue] = [
            .null, .integer(Int64.min), .integer(Int64.max), .real(-1.5e300), .text(""), .text("a\0b\0"),
            .text("emoji 👩‍💻 and 'quotes' \"; DROP TABLE t; --"), .blob([]), .blob([0, 255, 0, 1]),
        ]
        for value in values {
            try connection.run("INSERT INTO t (v) VALUES (?)", [value], operation: "insert")
        }
        let read = try connection.query("SELECT v FROM t ORDER BY rowid", operation: "read") { $0.value(0) }
        // An empty blob reads back as an empty blob, not NULL; an empty string stays text.
        #expect(read == values)
        #expect(try connection.queryFirst("SELECT count(*) FROM t WHERE v IS NULL", operation: "t") { $0.int(0) } == 1)
    }

    @Test func cachesStatementsAndResetsThemAfterUse() throws {
        let connection = try open()
        try connection.execute("CREATE TABLE t (x); INSERT INTO t VALUES (1), (2)", operation: "setup")
        var first: Statement?
        try connection.withStatement("SELECT x FROM t") { statement in
            first = statement
            let hasRow = try statement.step()
            #expect(hasRow)
        }
        // After use the statement is reset: it holds no read transaction open.
        #expect(sqlite3_stmt_busy(first?.handle) == 0)
        try connection.withStatement("SELECT x FROM t") { statement in
            #expect(statement === first)
            // Re-entrant use of the same SQL gets its own statement instead of resetting this one.
            #expect(try statement.step())
            try connection.withStatement("SELECT x FROM t") { inner in
                #expect(inner !== statement)
                let hasRow = try inner.step()
                #expect(hasRow && inner.int(0) == 1)
            }
            #expect(try statement.step() && statement.int(0) == 2)
        }
        #expect(connection.statementCache.count == 1)
    }

    @Test func errorsNameTheSQLTheOperationAndTheFile() throws {
        let connection = try open()
        try connection.execute("CREATE TABLE t (x UNIQUE)", operation: "setup")
        try connection.run("INSERT INTO t VALUES (?)", [.integer(1)], operation: "first insert")
        let error = #expect(throws: SQLiteError.self) {
            try connection.run("INSERT INTO t VALUES (?)", [.integer(1)], operation: "second insert")
        }
        #expect(error?.code == 2067)  // SQLITE_CONSTRAINT_UNIQUE (a macro Swift does not import)
        #expect(error?.isConstraintViolation == true)
        #expect(error?.message == "UNIQUE constraint failed: t.x")
        #expect(error?.sql == "INSERT INTO t VALUES (?)")
        #expect(error?.description.contains("second insert") == true)
        #expect(error?.description.contains(directory.path("test.sqlite")) == true)

        let syntax = #expect(throws: SQLiteError.self) { try connection.run("SELEC 1", operation: "typo") }
        #expect(syntax?.primaryCode == SQLITE_ERROR)
        #expect(syntax?.sql == "SELEC 1")
        // Two statements in one prepared statement would silently drop the second.
        #expect(throws: SQLiteError.self) { try connection.run("SELECT 1; SELECT 2", operation: "two") }
    }

    @Test func closingFinalizesEverything() throws {
        let path = directory.path("test.sqlite")
        do {
            let connection = try open()
            try connection.execute("CREATE TABLE t (x)", operation: "setup")
            try connection.run("INSERT INTO t VALUES (?)", [.integer(1)], operation: "insert")
            _ = try connection.query("SELECT x FROM t", operation: "read") { $0.int(0) }
            #expect(FileManager.default.fileExists(atPath: path + "-wal"))
        }
        // The last connection to close checkpoints and deletes the WAL; with a statement left
        // unfinalized SQLite would defer the close and the WAL would still be there.
        #expect(!FileManager.default.fileExists(atPath: path + "-wal"))
    }
}
