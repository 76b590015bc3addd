import Foundation
import Testing
@testable import FormStore

/// An export holds its reader for as long as its consumer takes (a client of `serve` that
/// stops reading holds its export), so exports never take the last reader: single reads go on
/// beside any number of stalled exports. A read or an export left waiting for a reader stops
/// when its task is cancelled (its request's deadline) instead of waiting for ever.
@Suite struct StorageReaderShareTests {
    static let form = StorageWriteTests.definition("share", #"{"root":{}}"#)

    static func store(readers: Int, rows: Int = 3) async throws -> (SQLiteStorage, StoreUnderTest) {
        let database = try StoreUnderTest(.sqlite)
        let store = try SQLiteStorage(path: database.location, readers: readers)
        for n in 0..<rows { _ = try await store.save(SubmissionWrite(version: Self.form, status: .final, valuesJSON: #"{"n":\#(n)}"#)) }
        return (store, database)
    }

    /// An export stopped after its first row, as a consumer that stops reading leaves it.
    static func stalledExport(_ store: SQLiteStorage) async throws -> SubmissionExport.AsyncIterator {
        var rows = store.export(SubmissionQuery(formName: "share")).makeAsyncIterator()
        #expect(try await rows.next() != nil)
        return rows
    }

    @Test func singleReadsGoOnBesideStalledExports() async throws {
        let (store, _) = try await Self.store(readers: 2)
        let stalled = try await Self.stalledExport(store)
        // A second export waits for the first; reads do not.
        let second = Task { () async throws(StorageError) -> Int in
            var rows = store.export(SubmissionQuery(formName: "share")).makeAsyncIterator()
            var count = 0
            while try await rows.next() != nil { count += 1 }
            return count
        }
        for _ in 0..<20 { #expect(try await store.count(SubmissionQuery(formName: "share")) == 3) }
        try await Task.sleep(for: .milliseconds(50))
        // Its request gives up: it stops waiting, with a 503's error, and holds nothing.
        second.cancel()
        await #expect(throws: StorageError.self) { _ = try await second.value }
        #expect(try await store.count(SubmissionQuery(formName: "share")) == 3)
        withExtendedLifetime(stalled) {}
        await store.close()
    }

    @Test func aWaitingExportGetsTheReaderOnceTheStalledOneEnds() async throws {
        let (store, _) = try await Self.store(readers: 2)
        var stalled: SubmissionExport.AsyncIterator? = try await Self.stalledExport(store)
        let second = Task { () async throws(StorageError) -> Int in
            var rows = store.export(SubmissionQuery(formName: "share")).makeAsyncIterator()
            var count = 0
            while try await rows.next() != nil { count += 1 }
            return count
        }
        try await Task.sleep(for: .milliseconds(50))
        while try await stalled?.next() != nil {}
        stalled = nil
        #expect(try await second.value == 3)
        await store.close()
    }

    @Test func aReadWaitingForTheOnlyReaderStopsWhenCancelled() async throws {
        let (store, _) = try await Self.store(readers: 1)
        let stalled = try await Self.stalledExport(store)
        let read = Task { () async throws(StorageError) -> Int in try await store.count(SubmissionQuery(formName: "share")) }
        try await Task.sleep(for: .milliseconds(50))
        read.cancel()
        do {
            _ = try await read.value
            Issue.record("the read found a reader the export held")
        } catch let error as StorageError {
            #expect(error.kind == .busy && error.message.contains("in use until the read was cancelled"), "\(error)")
        }
        withExtendedLifetime(stalled) {}
        await store.close()
    }
}
