import Testing
@testable import FormStore

/// An import's batch goes in many rows an INSERT (`StoreSQL.batchInsertRows`) and the rest one
/// at a time: every row stored in order with its own event, whatever the batch's size around
/// a statement's rows, and a row failing inside a statement stores none of the batch.
@Suite struct StorageBatchInsertTests {
    static let form = StorageWriteTests.definition("batch", #"{"root":{}}"#)
    static let perStatement = StoreSQL.batchInsertRows

    @Test(arguments: [1, perStatement - 1, perStatement, perStatement + 1, 2 * perStatement + 3])
    func everyRowIsStoredInOrderWithItsEvent(rows: Int) async throws {
        let database = try StoreUnderTest(.sqlite)
        let store = try await database.open()
        let first = try await store.save(SubmissionWrite(version: Self.form, status: .final, valuesJSON: "{}"))
        let before = try await store.lastEventSequence()
        let values = (0..<rows).map { #"{"n":\#($0)}"# }
        #expect(try await store.saveFinalBatch(formVersionID: first.formVersionID, valuesJSON: values, language: "fr") == rows)

        var exported: [StoredSubmission] = []
        for try await row in store.export(SubmissionQuery(formName: "batch")) { exported.append(row) }
        let batch = exported.dropFirst()
        #expect(batch.map(\.valuesJSON) == values)
        #expect(batch.allSatisfy { $0.status == .final && $0.language == "fr" && $0.formVersionID == first.formVersionID })
        #expect(Set(batch.map(\.uuid)).count == rows)
        let events = try await store.events(after: before, limit: 10_000)
        #expect(events.map(\.submissionID) == batch.map(\.id))
        #expect(events.map(\.submissionUUID) == batch.map(\.uuid))
        #expect(events.allSatisfy { $0.type == .created })
    }

    @Test func aRowFailingInsideAStatementStoresNoneOfTheBatch() async throws {
        let database = try StoreUnderTest(.sqlite)
        let store = try await database.open()
        let first = try await store.save(SubmissionWrite(version: Self.form, status: .final, valuesJSON: #"{"n":3}"#))
        // Another program's rule the batch breaks at its 100th row (in its second statement).
        try database.sql("CREATE UNIQUE INDEX one_of_each ON submissions(values_json)")
        let before = try await store.lastEventSequence()
        var values = (0..<(2 * Self.perStatement + 3)).map { #"{"m":\#($0)}"# }
        values[99] = #"{"n":3}"#
        await #expect(throws: StorageError.self) {
            try await store.saveFinalBatch(formVersionID: first.formVersionID, valuesJSON: values)
        }
        #expect(try await store.count(SubmissionQuery(formName: "batch")) == 1)
        #expect(try await store.lastEventSequence() == before)
    }
}
