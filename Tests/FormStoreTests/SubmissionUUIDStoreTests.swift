import Foundation
import StoreFixtures
import TestSupport
import Testing
@testable import FormStore

/// A stored row's uuid and its `created_at` are read from one clock reading: the uuid's
/// first 48 bits are the very millisecond the row says it was stored.
@Suite struct SubmissionUUIDStoreTests {
    let directory: TemporaryDirectory
    init() throws { directory = try TemporaryDirectory() }

    static func millisecond(ofUUID uuid: String) throws -> Int64 {
        try #require(Int64(uuid.prefix(8) + uuid.dropFirst(9).prefix(4), radix: 16))
    }

    static func millisecond(of date: Date) -> Int64 {
        Int64((date.timeIntervalSince1970 * 1000).rounded())
    }

    @Test func aSavedRowsUUIDCarriesItsCreationMillisecond() throws {
        let store = try SubmissionStore(path: directory.path("db.sqlite"))
        let version = try store.register(formName: "f", definitionJSON: "{}")
        let before = Timestamp.millisecondsNow()
        for _ in 0..<200 {
            let saved = try store.saveFinal(formVersionID: version.id, valuesJSON: #"{"a":1}"#)
            let read = try #require(try store.submission(id: saved.id))
            #expect(read.uuid == saved.uuid)
            #expect(try Self.millisecond(ofUUID: saved.uuid) == Self.millisecond(of: read.createdAt))
            // What the save answered is what was stored.
            #expect(saved.createdAt == read.createdAt)
            #expect(Self.millisecond(of: read.createdAt) >= before)
        }
    }

    @Test func aBatchsRowsShareTheirCreationMillisecond() throws {
        let store = try SubmissionStore(path: directory.path("db.sqlite"))
        let version = try store.register(formName: "f", definitionJSON: "{}")
        // Past the rows an INSERT takes at once, so both of the batch's statements are used.
        let count = StoreSQL.batchInsertRows * 2 + 3
        let ids = try store.saveFinalBatch(formVersionID: version.id, valuesJSON: (0..<count).map { #"{"n":\#($0)}"# })
        let rows = try ids.map { try #require(try store.submission(id: $0)) }
        let created = try #require(rows.first).createdAt
        for row in rows {
            #expect(row.createdAt == created)
            #expect(try Self.millisecond(ofUUID: row.uuid) == Self.millisecond(of: created))
        }
        #expect(Set(rows.map(\.uuid)).count == count)
    }
}
