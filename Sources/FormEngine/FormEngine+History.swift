import FormStore
import struct Foundation.Date

/// A submission's life after it is stored: reviewed, deleted on the record, purged for good,
/// and everything kept about it read back.
extension FormEngine {
    /// Sets final submission `id`'s review state (with `comment`, by `actor`), kept in its
    /// history with the revision reviewed. A draft, a deleted submission or none at all is
    /// `notEditable`.
    @discardableResult
    public func review(id: Int64, state: ReviewState, comment: String? = nil, actor: String? = nil)
        async throws(FormEngineError) -> StoredSubmission
    {
        do { return try await storage.review(SubmissionReviewWrite(submissionID: id, state: state, comment: comment, actor: actor)) } catch {
            switch error.kind {
            case .cancelled: throw .interrupted(step: "waiting to store")
            case .notFound, .conflict:
                _ = try await editable(id: id)
                throw .notEditable(id: id, reason: error.message)
            default: throw .storage(error)
            }
        }
    }

    /// Removes deleted submissions (tombstones) for good, with their revisions and reviews:
    /// every one, or those deleted before `deletedBefore`. Returns how many.
    public func purge(deletedBefore: Date? = nil) async throws(FormEngineError) -> Int {
        do { return try await storage.purge(deletedBefore: deletedBefore) } catch { throw .storage(error) }
    }

    /// Everything kept about submission `id`, oldest first: every revision of its values (who,
    /// when, why, against which version), every review, and the row as it is now, which is a
    /// tombstone (`submission.deletion`) when it was deleted and not yet purged. Nil when there
    /// is no such submission. Secure fields are in none of it.
    public func history(id: Int64) async throws(FormEngineError) -> SubmissionHistory? {
        do { return try await storage.history(submissionID: id) } catch { throw .storage(error) }
    }
}
