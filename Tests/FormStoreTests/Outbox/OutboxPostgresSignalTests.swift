import Foundation
import Testing
@testable import FormStore

/// On PostgreSQL a storage hears every process's writes (NOTIFY from the writing transaction),
/// and keeps listening after its connection is dropped.
@Suite struct OutboxPostgresSignalTests {
    /// The server processes of the connections listening on this database.
    static func listenerPIDs(_ database: StoreUnderTest) throws -> [String] {
        try database.sql(
            "SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND query LIKE 'LISTEN %' ORDER BY pid"
        ).split(separator: "\n").map(String.init)
    }

    static func listeners(_ database: StoreUnderTest) throws -> Int { try listenerPIDs(database).count }

    /// Waits until `condition` holds, for at most 10 s.
    static func eventually(_ condition: () throws -> Bool) async throws -> Bool {
        for _ in 0..<200 {
            if try condition() { return true }
            try await Task.sleep(for: .milliseconds(50))
        }
        return false
    }

    @Test func anotherStoragesWriteWakesAWaiterEvenAfterTheConnectionDropped() async throws {
        let database = try StoreUnderTest(.postgres)
        let waiter = try await database.open()
        let writer = try await database.open()
        _ = waiter.outboxSignals()
        #expect(try await Self.eventually { try Self.listeners(database) == 1 })
        // Once the signal sent on connecting is taken, only the other storage's write wakes it.
        #expect(await OutboxDeliveryTests.settle(waiter))
        let signals = waiter.outboxSignals()
        _ = try await OutboxDeliveryTests.saveFinal(writer)
        #expect(await OutboxDeliveryTests.within(seconds: 10) { await OutboxDeliveryTests.next(signals) } == true)

        // The listening connection is ended by the server; a new one listens.
        let dropped = try Self.listenerPIDs(database)
        try database.sql("SELECT pg_terminate_backend(\(try #require(dropped.first)))")
        #expect(try await Self.eventually { let now = try Self.listenerPIDs(database); return now.count == 1 && now != dropped })
        // Its first signal (events may have been written while it was away) is taken first.
        #expect(await OutboxDeliveryTests.settle(waiter))
        let afterDrop = waiter.outboxSignals()
        _ = try await OutboxDeliveryTests.saveFinal(writer)
        #expect(await OutboxDeliveryTests.within(seconds: 10) { await OutboxDeliveryTests.next(afterDrop) } == true)

        // Closing the storage closes its listening connection.
        await waiter.close()
        #expect(try await Self.eventually { try Self.listeners(database) == 0 })
        await writer.close()
    }
}
