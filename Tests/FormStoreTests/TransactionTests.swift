import CSQLite
import Foundation
import TestSupport
import Testing
@testable import FormStore

@Suite struct TransactionTests {
    let directory: TemporaryDirectory
    let connection: Connection

    init() throws {
        directory = try TemporaryDirectory()
        connection = try Connection(path: directory.path("tx.sqlite"))
        try connection.execute("CREATE TABLE t (x INTEGER NOT NULL)", operation: "setup")
    }

    struct Boom: Error {}

    func values() throws -> [Int] {
        try connection.query("SELECT x FROM t ORDER BY x", operation: "read") { $0.int(0) }
    }

    func insert(_ x: Int) throws {
        try connection.run("INSERT INTO t VALUES (?)", [.integer(Int64(x))], operation: "insert")
    }

    @Test func commitsOnSuccessAndRollsBackOnAnyError() throws {
        try connection.transaction { try insert(1); try insert(2) }
        #expect(throws: Boom.self) {
            try connection.transaction { try insert(3); throw Boom() }
        }
        #expect(try values() == [1, 2])
        #expect(connection.isAutocommit)
        #expect(connection.transactionDepth == 0)
    }

    @Test func nestedTransactionsAreSavepoints() throws {
        try connection.transaction {
            try insert(1)
            // The inner failure is caught: only the inner work is undone.
            _ = try? connection.transaction { try insert(2); throw Boom() }
            try connection.transaction { try insert(3) }
        }
        #expect(try values() == [1, 3])
        // An error escaping the outer block undoes the committed-looking inner savepoint too.
        #expect(throws: Boom.self) {
            try connection.transaction {
                try connection.transaction { try insert(4) }
                throw Boom()
            }
        }
        #expect(try values() == [1, 3])
    }

    @Test func beginImmediateTakesTheWriteLockUpFront() throws {
        let other = try Connection(path: directory.path("tx.sqlite"), busyTimeout: .milliseconds(50))
        try connection.transaction {
            // No write has happened yet, but a second writer is already locked out.
            let error = #expect(throws: SQLiteError.self) { try other.transaction { } }
            #expect(error?.isBusy == true)
            #expect(error?.description.contains("beginning a write transaction") == true)
        }
        try other.transaction { try other.run("INSERT INTO t VALUES (5)", operation: "insert") }
        #expect(try values() == [5])
    }

    @Test func aFailedStatementInsideATransactionRollsEverythingBack() throws {
        #expect(throws: SQLiteError.self) {
            try connection.transaction {
                try insert(1)
                try connection.run("INSERT INTO t VALUES (NULL)", operation: "null insert")
            }
        }
        #expect(try values() == [])
    }
}
