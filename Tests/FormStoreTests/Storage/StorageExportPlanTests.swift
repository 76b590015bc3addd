import Testing
@testable import FormStore

/// An export packed for rendering reads the table in id order when most rows in its range
/// match, and goes through the index otherwise (`SQLiteExportCursor.scanIsCheaper`): either
/// way it gives the rows the plain export gives, in the same order.
@Suite struct StorageExportPlanTests {
    /// Form "dense" has five rows in six and form "sparse" one, with a draft of "dense" every
    /// so often: both past the density sample, so each plan is chosen.
    static func interleaved() async throws -> (StoreUnderTest, any SubmissionStorage) {
        let database = try StoreUnderTest(.sqlite)
        let store = try await database.open()
        let dense = try await store.save(SubmissionWrite(version: StorageWriteTests.definition("dense", #"{"root":{}}"#),
                                                         status: .final, valuesJSON: #"{"n":0}"#))
        let sparse = try await store.save(SubmissionWrite(version: StorageWriteTests.definition("sparse", #"{"root":{}}"#),
                                                          status: .final, valuesJSON: #"{"n":0}"#))
        for round in 0..<(SQLiteExportCursor.densitySample + 200) {
            _ = try await store.saveFinalBatch(formVersionID: dense.formVersionID,
                                               valuesJSON: (0..<5).map { #"{"n":\#(round * 5 + $0)}"# })
            _ = try await store.saveFinalBatch(formVersionID: sparse.formVersionID, valuesJSON: [#"{"n":\#(round)}"#])
            if round % 100 == 0 {
                _ = try await store.save(SubmissionWrite(version: StorageWriteTests.definition("dense", #"{"root":{}}"#),
                                                         status: .draft, valuesJSON: #"{"draft":true}"#))
            }
        }
        return (database, store)
    }

    static func packedIDs(_ store: any SubmissionStorage, _ query: SubmissionQuery, _ columns: PackedColumns = .all) async throws -> [Int64] {
        try await packed(store, query, columns).map(\.id)
    }

    static func packed(_ store: any SubmissionStorage, _ query: SubmissionQuery,
                       _ columns: PackedColumns) async throws -> [(id: Int64, version: Int, values: String, uuid: String)] {
        var rows: [(id: Int64, version: Int, values: String, uuid: String)] = []
        try await store.export(query).forEachPacked(columns, storageError: { $0 }) { (packed) throws(StorageError) -> Bool in
            for index in 0..<packed.count {
                packed.withRow(index) { row in
                    rows.append((row.id, row.version, String(decoding: row.values, as: UTF8.self), String(decoding: row.uuid, as: UTF8.self)))
                }
            }
            return true
        }
        return rows
    }

    @Test func aDenseAndASparseFormExportTheRowsOfThePlainExport() async throws {
        let (database, store) = try await Self.interleaved()
        _ = database
        for query in [
            SubmissionQuery(formName: "dense", status: .final), SubmissionQuery(formName: "dense"),
            SubmissionQuery(formName: "dense", status: .draft), SubmissionQuery(formName: "sparse", status: .final),
            SubmissionQuery(formName: "dense", status: .final, descending: true),
            SubmissionQuery(formName: "sparse", descending: true), SubmissionQuery(),
        ] {
            var plain: [Int64] = []
            for try await row in store.export(query) { plain.append(row.id) }
            let packed = try await Self.packedIDs(store, query)
            #expect(packed == plain, "\(query)")
            #expect(packed == (query.descending ? packed.sorted(by: >) : packed.sorted()), "\(query)")
            #expect(Set(packed).count == packed.count)
        }
        // A CSV export's first pass reads the ids, versions and values alone, the same rows.
        let query = SubmissionQuery(formName: "dense", status: .final)
        let all = try await Self.packed(store, query, .all), values = try await Self.packed(store, query, .values)
        #expect(values.map(\.id) == all.map(\.id) && values.map(\.values) == all.map(\.values) && values.map(\.version) == all.map(\.version))
        #expect(all.allSatisfy { $0.uuid.count == 36 } && values.allSatisfy(\.uuid.isEmpty))
        let dense = try await Self.packedIDs(store, SubmissionQuery(formName: "dense", status: .final))
        let sparse = try await Self.packedIDs(store, SubmissionQuery(formName: "sparse", status: .final))
        #expect(dense.count == 5 * (SQLiteExportCursor.densitySample + 200) + 1)
        #expect(sparse.count == SQLiteExportCursor.densitySample + 201)
    }
}
