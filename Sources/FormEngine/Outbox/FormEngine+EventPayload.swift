import FormCore
import FormStore

extension FormEngine {
    /// The body a webhook carries for `event`, and what a service reads for it:
    /// `{"type","timestamp","data"}` (Standard Webhooks' shape), where `data` is the submission
    /// as the listing gives it (`jsonValue(of:)`: no secure field ever, files as references)
    /// at the event's revision, `"revision"` saying which:
    ///
    /// - a final submission edited since the event shows that revision's values (and version)
    ///   from its history; its review is the current one;
    /// - a draft shows its values as they are now (a draft keeps no history);
    /// - a deleted submission (a tombstone) shows them too, with `"deleted_at"`;
    /// - after a purge (or when the id now belongs to another submission), only what the event
    ///   itself holds: `{"id","uuid","form","revision","purged":true}`.
    public func payload(of event: SubmissionEvent) async throws(FormEngineError) -> FormValue {
        [
            "type": .string(event.type.rawValue), "timestamp": .string(Timestamp.format(event.occurredAt)),
            "data": try await payloadData(of: event),
        ]
    }

    private func payloadData(of event: SubmissionEvent) async throws(FormEngineError) -> FormValue {
        let current: StoredSubmission?
        do { current = try await storage.submission(id: event.submissionID) } catch { throw .storage(error) }
        guard let current, current.uuid == event.submissionUUID else {
            return [
                "id": .int(Int(event.submissionID)), "uuid": .string(event.submissionUUID), "form": .string(event.formName),
                "revision": .int(event.revision), "purged": true,
            ]
        }
        let stored = try await submission(current, atRevision: event.revision)
        guard case .object(var members) = try jsonValue(of: stored) else { return try jsonValue(of: stored) }
        if let deletion = current.deletion { members["deleted_at"] = .string(Timestamp.format(deletion.at)) }
        return .object(members)
    }

    /// `current` with the values it had at `revision`: itself when that is its revision or it
    /// is a draft, else that revision from its history.
    private func submission(_ current: StoredSubmission, atRevision revision: Int) async throws(FormEngineError) -> StoredSubmission {
        guard current.status == .final, current.revision != revision else { return current }
        let history: SubmissionHistory?
        do { history = try await storage.history(submissionID: current.id) } catch { throw .storage(error) }
        guard let old = history?.revisions.first(where: { $0.revision == revision }) else {
            throw .storage(StorageError(kind: .corrupt, backend: storage.backend,
                                        message: "submission \(current.id) has no revision \(revision) in its history, which an event names",
                                        database: storage.database))
        }
        return StoredSubmission(
            id: current.id, uuid: current.uuid, formName: current.formName, version: old.version, formVersionID: old.formVersionID,
            status: current.status, createdAt: current.createdAt, updatedAt: old.at, valuesJSON: old.valuesJSON, revision: old.revision,
            revisionActor: old.actor, revisionReason: old.reason, reviewState: current.reviewState, reviewComment: current.reviewComment,
            deletion: current.deletion, language: old.language)
    }
}
