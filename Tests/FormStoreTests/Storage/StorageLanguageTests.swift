import Foundation
import Testing
@testable import FormStore
import Secrets

/// The language a submission was given in, the same on SQLite and PostgreSQL: every write path
/// records it (a new row, a draft saved again or finalized, an import's batch, an edit), an
/// edit's revision keeps its own in history, and rows from before the column are left null.
@Suite struct StorageLanguageTests {
    static let form = StorageWriteTests.definition("survey", #"{"root":{}}"#)

    @Test(arguments: Backend.allCases) func everyWritePathRecordsTheLanguage(_ backend: Backend) async throws {
        let database = try StoreUnderTest(backend)
        let store = try await database.open()
        let german = try await store.save(SubmissionWrite(version: Self.form, status: .final, valuesJSON: "{}", language: "de"))
        #expect(german.language == "de")
        #expect(try await store.submission(id: german.id)?.language == "de")
        let unrecorded = try await store.save(SubmissionWrite(version: .id(german.formVersionID), status: .final, valuesJSON: "{}"))
        #expect(try await store.submission(id: unrecorded.id)?.language == nil)

        // A draft started in Arabic, saved again in French, finalized in Portuguese (Brazil):
        // the row says the language of its last write.
        let draft = try await store.save(SubmissionWrite(version: Self.form, status: .draft, valuesJSON: "{}", language: "ar"))
        #expect(try await store.submission(id: draft.id)?.language == "ar")
        let saved = try await store.save(SubmissionWrite(version: Self.form, status: .draft, valuesJSON: #"{"a":1}"#,
                                                         draftID: draft.id, language: "fr"))
        #expect(saved.language == "fr" && saved.status == .draft)
        let final = try await store.save(SubmissionWrite(version: .id(draft.formVersionID), status: .final, valuesJSON: #"{"a":2}"#,
                                                         draftID: draft.id, language: "pt-BR"))
        #expect(final.language == "pt-BR" && final.status == .final)

        let before = try await store.lastEventSequence()
        #expect(try await store.saveFinalBatch(formVersionID: german.formVersionID, valuesJSON: ["{}", #"{"t":"\\N\t"}"#],
                                               language: "es") == 2)
        #expect(try await store.lastEventSequence() == before + 2, "the column changes no event: one per imported row")
        let unrecordedBatch = try await store.saveFinalBatch(formVersionID: german.formVersionID, valuesJSON: ["{}"])
        #expect(unrecordedBatch == 1)
        var exported: [StoredSubmission] = []
        for try await row in store.export(SubmissionQuery(formName: "survey")) { exported.append(row) }
        #expect(exported.map(\.language) == ["de", nil, "pt-BR", "es", "es", nil])
        #expect(exported[4].valuesJSON == #"{"t":"\\N\t"}"#)
        let page = try await store.page(SubmissionQuery(formName: "survey", limit: 10))
        #expect(page.submissions == exported)
        await store.close()
    }

    @Test(arguments: Backend.allCases) func anEditRecordsItsLanguageAndHistoryKeepsTheFirst(_ backend: Backend) async throws {
        let database = try StoreUnderTest(backend)
        let store = try await database.open()
        let first = try await store.save(SubmissionWrite(version: Self.form, status: .final, valuesJSON: "1", actor: "web",
                                                         language: "de"))
        let second = try await store.edit(SubmissionEditWrite(submissionID: first.id, expectedRevision: 1,
                                                              formVersionID: first.formVersionID, valuesJSON: "2", actor: "clerk",
                                                              language: "en"))
        #expect(second.language == "en" && second.revision == 2)
        let third = try await store.edit(SubmissionEditWrite(submissionID: first.id, expectedRevision: 2,
                                                             formVersionID: first.formVersionID, valuesJSON: "3"))
        #expect(third.language == nil, "an edit that names no language records none")
        let history = try #require(try await store.history(submissionID: first.id))
        #expect(history.revisions.map(\.language) == ["de", "en", nil])
        #expect(history.revisions.map(\.actor) == ["web", "clerk", nil])
        await store.close()
    }

    @Test(arguments: Backend.allCases) func rowsFromBeforeTheColumnHaveNoLanguage(_ backend: Backend) async throws {
        let old = try OldDatabase(backend)
        let rows = try old.rows()
        #expect(!rows.isEmpty)
        #expect(try old.recordedMigrations().count < (try old.migrationFiles()).count, "the fixture predates the column")
        let store = try await old.open()
        for row in rows {
            let stored = try #require(try await store.submission(id: row.id))
            #expect(stored.language == nil && OldDatabase.Row(stored) == row, "\(row)")
            #expect(try await store.history(submissionID: row.id)?.revisions.map(\.language) == [nil])
        }
        // The migrated database records it from now on, beside the old rows.
        let version = try #require(try await store.formVersion(id: rows[0].formVersionID))
        let new = try await store.save(SubmissionWrite(version: .id(version.id), status: .final, valuesJSON: "{}", language: "de"))
        #expect(try await store.submission(id: new.id)?.language == "de")
        #expect(try await store.submission(id: rows[0].id)?.language == nil)
        await store.close()
        #expect(Array(try old.rows().prefix(rows.count)) == rows, "the old rows are as they were")
    }
}
