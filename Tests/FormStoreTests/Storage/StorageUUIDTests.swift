import Foundation
import Testing
@testable import FormStore

/// New rows' uuids on both backends: RFC 9562 version 7, distinct, and read from the same
/// clock reading as the row's `created_at`, so that a uuid's first 48 bits are the very
/// millisecond the row says it was stored (and uuids sort as rows were stored).
@Suite struct StorageUUIDTests {
    static let form = StorageWriteTests.definition("uuids", #"{"root":{}}"#)

    static func millisecond(ofUUID uuid: String) throws -> Int64 {
        try #require(Int64(uuid.prefix(8) + uuid.dropFirst(9).prefix(4), radix: 16))
    }

    static func millisecond(of date: Date) -> Int64 {
        Int64((date.timeIntervalSince1970 * 1000).rounded())
    }

    static func expectVersion7(_ uuid: String) {
        #expect(UUID(uuidString: uuid)?.uuidString.lowercased() == uuid, "\(uuid)")
        #expect(Array(uuid)[14] == "7", "\(uuid)")
        #expect("89ab".contains(Array(uuid)[19]), "\(uuid)")
    }

    @Test(arguments: Backend.allCases)
    func aSavedRowsUUIDCarriesItsCreationMillisecond(backend: Backend) async throws {
        let database = try StoreUnderTest(backend)
        let store = try await database.open()
        var saved: [StoredSubmission] = []
        for status in [SubmissionStatus.final, .draft, .final] {
            saved.append(try await store.save(SubmissionWrite(version: Self.form, status: status, valuesJSON: "{}")))
        }
        for row in saved {
            Self.expectVersion7(row.uuid)
            let read = try #require(try await store.submission(id: row.id))
            #expect(read.uuid == row.uuid)
            // What the save answered is what was stored, to the millisecond the uuid carries.
            #expect(Self.millisecond(of: read.createdAt) == Self.millisecond(of: row.createdAt))
            #expect(try Self.millisecond(ofUUID: row.uuid) == Self.millisecond(of: read.createdAt))
        }
        // Saved one after another: their milliseconds never go back.
        let milliseconds = try saved.map { try Self.millisecond(ofUUID: $0.uuid) }
        #expect(milliseconds == milliseconds.sorted())
    }

    @Test(arguments: Backend.allCases)
    func aBatchsRowsShareTheirCreationMillisecond(backend: Backend) async throws {
        let database = try StoreUnderTest(backend)
        let store = try await database.open()
        let first = try await store.save(SubmissionWrite(version: Self.form, status: .final, valuesJSON: "{}"))
        // Past the rows one SQLite INSERT takes, so both of its statements are used.
        let count = StoreSQL.batchInsertRows * 2 + 3
        #expect(try await store.saveFinalBatch(formVersionID: first.formVersionID, valuesJSON: (0..<count).map { #"{"n":\#($0)}"# }) == count)
        var rows: [StoredSubmission] = []
        for try await row in store.export(SubmissionQuery(formName: "uuids")) { rows.append(row) }
        let batch = rows.dropFirst()
        #expect(batch.count == count)
        #expect(Set(batch.map(\.uuid)).count == count)
        let created = try #require(batch.first).createdAt
        for row in batch {
            Self.expectVersion7(row.uuid)
            #expect(Self.millisecond(of: row.createdAt) == Self.millisecond(of: created))
            #expect(try Self.millisecond(ofUUID: row.uuid) == Self.millisecond(of: created))
        }
    }
}
