extension StoreState {
    /// A group's transaction ended before it committed: it could not begin (`began` false:
    /// nothing ran, the lock was busy), or an error rolled the whole of it back or its COMMIT
    /// failed. Nothing of the group is stored either way.
    struct GroupNotCommitted: Error {
        let began: Bool
        let cause: any Error
    }

    /// Saves several writes in one write transaction, each in a savepoint of its own: a write
    /// that fails is undone alone and gets its error, the others go on, and the group pays one
    /// commit. The results, in the order of `writes`, hold once the group has committed (when
    /// this returns); nothing of them is durable before. Throws `GroupNotCommitted` when the
    /// transaction did not commit: then none of the writes is stored.
    func saveGroup(_ writes: [SubmissionWrite]) throws(GroupNotCommitted) -> [Result<StoredSubmission, any Error>] {
        var began = false
        do {
            return try transaction {
                began = true
                var results: [Result<StoredSubmission, any Error>] = []
                results.reserveCapacity(writes.count)
                for write in writes {
                    do {
                        results.append(.success(try transaction { try save(write) }))
                    } catch {
                        // Some errors (a full disk, an I/O error) make SQLite roll back the
                        // whole transaction: the members before this one are gone with it.
                        if connection.isAutocommit { throw error }
                        results.append(.failure(error))
                    }
                }
                return results
            }
        } catch {
            throw GroupNotCommitted(began: began, cause: error)
        }
    }
}
