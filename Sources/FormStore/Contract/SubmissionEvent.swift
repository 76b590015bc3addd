import Foundation

/// What happened to a submission. The raw value is the event's `type` in a webhook's body and
/// in `formctl outbox`.
public enum SubmissionEventType: String, Sendable, CaseIterable, Comparable {
    /// A final submission was stored (submitted in one step, or imported).
    case created = "submission.created"
    /// A draft was stored or its values changed.
    case draftSaved = "submission.draft_saved"
    /// A draft was submitted: it is final from now on.
    case finalized = "submission.finalized"
    /// A final submission was edited: it has a new revision.
    case updated = "submission.updated"
    /// A final submission's review state or comment changed.
    case reviewed = "submission.reviewed"
    /// A submission was deleted (it is a tombstone until purged).
    case deleted = "submission.deleted"

    /// The type from its full name (`submission.created`) or its short one (`created`,
    /// `draft_saved`), as `--webhook-events` takes them.
    public init?(name: String) {
        let full = name.hasPrefix("submission.") ? name : "submission." + name
        self.init(rawValue: full)
    }

    /// The name without `submission.`: `created`, `draft_saved`.
    public var shortName: String { String(rawValue.dropFirst("submission.".count)) }

    /// In the order the cases are declared: a change's life from creation to deletion.
    public static func < (a: SubmissionEventType, b: SubmissionEventType) -> Bool {
        (allCases.firstIndex(of: a) ?? 0) < (allCases.firstIndex(of: b) ?? 0)
    }
}

/// One change to a submission, as the outbox recorded it in the change's own transaction.
/// Events are never changed once written; a receiver deduplicates by `id`.
public struct SubmissionEvent: Sendable, Equatable, Hashable {
    /// The event's place in this database's outbox: increasing with every change, never reused.
    /// `FormEngine.events(after:)` resumes after it.
    public let sequence: Int64
    /// A random id (`evt_` and 32 hex digits), the same on every attempt to deliver the event:
    /// the `webhook-id` header.
    public let id: String
    /// What happened.
    public let type: SubmissionEventType
    /// The submission's id in this database.
    public let submissionID: Int64
    /// The submission's UUID (stable outside this database, and after a purge).
    public let submissionUUID: String
    /// The form the submission belongs to.
    public let formName: String
    /// The submission's revision after the change (1 until an edit; a draft stays at 1).
    public let revision: Int
    /// When the change was committed, to the millisecond.
    public let occurredAt: Date

    /// For the backends, and for fakes and tests in this package.
    package init(sequence: Int64, id: String, type: SubmissionEventType, submissionID: Int64, submissionUUID: String,
                 formName: String, revision: Int, occurredAt: Date) {
        self.sequence = sequence
        self.id = id
        self.type = type
        self.submissionID = submissionID
        self.submissionUUID = submissionUUID
        self.formName = formName
        self.revision = revision
        self.occurredAt = occurredAt
    }
}
