import Foundation

extension SQLiteStorage {
    package func edit(_ edit: SubmissionEditWrite) async throws(StorageError) -> StoredSubmission {
        try await write { try $0.edit(edit) }
    }

    package func review(_ review: SubmissionReviewWrite) async throws(StorageError) -> StoredSubmission {
        try await write { try $0.review(review) }
    }

    package func delete(id: Int64, actor: String?, reason: String?) async throws(StorageError) -> Bool {
        try await write { try $0.delete(id: id, actor: actor, reason: reason) }
    }

    package func purge(deletedBefore: Date?) async throws(StorageError) -> Int {
        try await write { try $0.purge(deletedBefore: deletedBefore) }
    }

    package func history(submissionID id: Int64) async throws(StorageError) -> SubmissionHistory? {
        try await readers.read { try $0.history(submissionID: id) }
    }
}
