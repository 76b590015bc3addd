import FormCore
import FormStore

extension Submission {
    /// `createdAt` as stored and shown: ISO 8601 UTC with milliseconds (`2026-11-21T21:05:03.123Z`).
    public var createdAtText: String { Timestamp.format(createdAt) }
    /// `updatedAt` as stored and shown.
    public var updatedAtText: String { Timestamp.format(updatedAt) }

    /// The object `formctl show`, `dump` and `serve` give for a stored submission:
    /// `{"id","uuid","form","version","status","created_at","updated_at","revision","review","language","data"}`,
    /// `review` being `{"state"}` with `"comment"` when the last review had one, `language` the
    /// tag the current revision was given in (`"de"`), null for one stored before it was recorded.
    public var jsonValue: FormValue {
        [
            "id": .int(Int(id)), "uuid": .string(uuid), "form": .string(formName), "version": .int(version),
            "status": .string(status.rawValue), "created_at": .string(createdAtText), "updated_at": .string(updatedAtText),
            "revision": .int(revision), "review": Self.reviewJSON(state: reviewState, comment: reviewComment),
            "language": language.map { .string($0.description) } ?? .null, "data": values,
        ]
    }

    /// `{"state"}`, with `"comment"` when there is one.
    static func reviewJSON(state: ReviewState, comment: String?) -> FormValue {
        guard let comment else { return ["state": .string(state.rawValue)] }
        return ["state": .string(state.rawValue), "comment": .string(comment)]
    }
}

/// One submission shown, and deleted.
extension FormEngine {
    /// Submission `id` as `formctl show` prints it (`Submission.jsonValue`), with `"files"`
    /// when it holds any: each file's `key` (key path), `position`, `name`, `type`, `size` and
    /// `sha256`, by key path and position. Nil when there is no such submission.
    public func show(id: Int64) async throws(FormEngineError) -> FormValue? {
        guard let submission = try await submission(id: id) else { return nil }
        var json = submission.jsonValue
        let files = try await files(ofSubmission: id)
        if !files.isEmpty, case .object(var members) = json {
            members["files"] = .array(files.map(\.jsonValue))
            json = .object(members)
        }
        return json
    }

    /// Submission `id` as stored, its values as the stored JSON text, not read: what a caller
    /// needs to list or delete a row even when its values are damaged. Nil when there is none.
    /// A deleted submission is not there for it.
    public func storedSubmission(id: Int64) async throws(FormEngineError) -> StoredSubmission? {
        do { return try await storage.submission(id: id).flatMap { $0.deletion == nil ? $0 : nil } } catch { throw .storage(error) }
    }

    /// Deletes submission or draft `id` on the record: it becomes a tombstone (who, when, why),
    /// gone from listings and exports, its history readable until it is purged. False when
    /// there was none, or it was deleted already.
    public func delete(id: Int64, actor: String? = nil, reason: String? = nil) async throws(FormEngineError) -> Bool {
        do { return try await storage.delete(id: id, actor: actor, reason: reason) } catch { throw .storage(error) }
    }

    /// Every stored row of `query` in its order (its limit is ignored), read as the consumer
    /// takes them: a slow consumer holds the reading back and memory stays flat for any number
    /// of rows. `jsonValue(of:)` gives each as `show` prints it.
    package func storedSubmissions(_ query: SubmissionQuery) -> SubmissionExport {
        storage.export(query)
    }
}
