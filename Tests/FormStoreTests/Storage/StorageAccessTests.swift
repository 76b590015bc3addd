import Foundation
import Testing
@testable import FormStore
import Secrets

/// Who may change a draft and who may read, through `SubmissionStorage`, on both backends: a
/// draft's resume token is kept only as its hash and checked in the write's transaction, and
/// access tokens are stored, found and revoked by their hashes.
@Suite struct StorageAccessTests {
    @Test(arguments: Backend.allCases) func aDraftChangesOnlyWithItsResumeToken(_ backend: Backend) async throws {
        let database = try StoreUnderTest(backend)
        let store = try await database.open()
        let token = SecretToken.make()
        let draft = try await store.save(SubmissionWrite(version: StorageWriteTests.definition("survey", "{}"), status: .draft,
                                                         valuesJSON: #"{"q":1}"#, resumeTokenHash: SecretToken.hash(token)))
        #expect(try await store.resumeTokenHash(submissionID: draft.id) == SecretToken.hash(token))
        // Only the hash is in the database, never the token.
        let dumped = try database.sql("SELECT coalesce(resume_token_hash, '') FROM submissions")
        #expect(dumped.contains(SecretToken.hash(token)) && !dumped.contains(token))

        let wrong = await #expect(throws: StorageError.self) {
            try await store.save(SubmissionWrite(version: .id(draft.formVersionID), status: .final, valuesJSON: #"{"q":9}"#,
                                                 draftID: draft.id, resumeTokenHash: SecretToken.hash(SecretToken.make())))
        }
        #expect(wrong?.kind == .notFound, "a wrong token is answered as a missing draft")
        #expect(try await store.submission(id: draft.id)?.valuesJSON == #"{"q":1}"#, "a refused write changes nothing")

        let updated = try await store.save(SubmissionWrite(version: .id(draft.formVersionID), status: .draft, valuesJSON: #"{"q":2}"#,
                                                           draftID: draft.id, resumeTokenHash: SecretToken.hash(token)))
        #expect(updated.valuesJSON == #"{"q":2}"# && updated.status == .draft)
        #expect(try await store.resumeTokenHash(submissionID: draft.id) == SecretToken.hash(token), "an update keeps the token")
        let final = try await store.save(SubmissionWrite(version: .id(draft.formVersionID), status: .final, valuesJSON: #"{"q":3}"#,
                                                         draftID: draft.id, resumeTokenHash: SecretToken.hash(token)))
        #expect(final.status == .final)
        #expect(try await store.resumeTokenHash(submissionID: draft.id) == nil, "a final submission forgets the token")

        // A draft made without a token (the command line) is not opened by any token, and a
        // write without one (the operator) changes it.
        let local = try await store.save(SubmissionWrite(version: .id(draft.formVersionID), status: .draft, valuesJSON: "{}"))
        #expect(try await store.resumeTokenHash(submissionID: local.id) == nil)
        let guessed = await #expect(throws: StorageError.self) {
            try await store.save(SubmissionWrite(version: .id(draft.formVersionID), status: .draft, valuesJSON: "{}",
                                                 draftID: local.id, resumeTokenHash: SecretToken.hash(token)))
        }
        #expect(guessed?.kind == .notFound)
        #expect(try await store.save(SubmissionWrite(version: .id(draft.formVersionID), status: .draft, valuesJSON: #"{"x":1}"#,
                                                     draftID: local.id)).valuesJSON == #"{"x":1}"#)
        // A final submission never keeps a token, even if one is given.
        let direct = try await store.save(SubmissionWrite(version: .id(draft.formVersionID), status: .final, valuesJSON: "{}",
                                                          resumeTokenHash: SecretToken.hash(token)))
        #expect(try await store.resumeTokenHash(submissionID: direct.id) == nil)
        #expect(try await store.resumeTokenHash(submissionID: 9_999) == nil)
        await store.close()
    }

    @Test(arguments: Backend.allCases) func accessTokensAreStoredFoundAndRevokedByHash(_ backend: Backend) async throws {
        let database = try StoreUnderTest(backend)
        let store = try await database.open()
        let readToken = SecretToken.make(), adminToken = SecretToken.make()
        let reader = try await store.createAccessToken(name: "ci", formName: "signup", scope: .read, tokenHash: SecretToken.hash(readToken))
        let admin = try await store.createAccessToken(name: nil, formName: nil, scope: .admin, tokenHash: SecretToken.hash(adminToken))
        #expect(reader.name == "ci" && reader.formName == "signup" && reader.scope == .read)
        #expect(try await store.accessTokens() == [reader, admin])
        #expect(try await store.accessToken(hash: SecretToken.hash(readToken)) == reader)
        #expect(try await store.accessToken(hash: SecretToken.hash(adminToken)) == admin)
        #expect(try await store.accessToken(hash: SecretToken.hash("not-a-token")) == nil)
        let dumped = try database.sql("SELECT token_hash FROM access_tokens")
        #expect(!dumped.contains(readToken) && !dumped.contains(adminToken) && dumped.contains(SecretToken.hash(readToken)))

        let taken = await #expect(throws: StorageError.self) {
            try await store.createAccessToken(name: "ci", formName: "signup", scope: .write, tokenHash: SecretToken.hash(SecretToken.make()))
        }
        #expect(taken?.kind == .constraint)
        let everyFormReader = await #expect(throws: StorageError.self) {
            try await store.createAccessToken(name: nil, formName: nil, scope: .read, tokenHash: SecretToken.hash(SecretToken.make()))
        }
        #expect(everyFormReader?.kind == .constraint, "only admin tokens may be for every form")

        #expect(try await store.revokeAccessToken("ci") == reader)
        #expect(try await store.accessToken(hash: SecretToken.hash(readToken)) == nil)
        #expect(try await store.revokeAccessToken("ci") == nil)
        #expect(try await store.revokeAccessToken(String(admin.id)) == admin)
        #expect(try await store.accessTokens().isEmpty)
        await store.close()
    }

    @Test func scopesIncludeTheOnesBefore() {
        let reader = AccessToken(id: 1, name: nil, formName: "a", scope: .read, createdAt: Date())
        #expect(reader.allows(.read, on: "a") && !reader.allows(.write, on: "a") && !reader.allows(.read, on: "b"))
        let admin = AccessToken(id: 2, name: nil, formName: nil, scope: .admin, createdAt: Date())
        #expect(admin.allows(.write, on: "a") && admin.allows(.read, on: "b"))
        #expect(SecretToken.make().utf8.count == 43 && SecretToken.make() != SecretToken.make())
    }
}
