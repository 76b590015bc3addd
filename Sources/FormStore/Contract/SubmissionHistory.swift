import Foundation

/// Where a final submission stands in review: ODK Central's states. Edits are not a state of
/// their own; the history shows them.
public enum ReviewState: String, Sendable, CaseIterable, Codable {
    /// Stored and not yet reviewed: every submission starts here.
    case received
    /// A reviewer found something to fix (usually said in the comment).
    case hasIssues
    /// Checked and accepted.
    case approved
    /// Checked and refused.
    case rejected
}

/// Who deleted a submission, when and why: a deleted submission is kept as a tombstone, its
/// last values readable in its history, until it is purged.
public struct SubmissionDeletion: Sendable, Equatable {
    /// When it was deleted, to the millisecond.
    public let at: Date
    /// Who deleted it (a login name, an access token's name, a service's caller), if known.
    public let actor: String?
    /// Why, as given.
    public let reason: String?

    /// For the backends, and for fakes and tests in this package.
    package init(at: Date, actor: String?, reason: String?) {
        self.at = at
        self.actor = actor
        self.reason = reason
    }
}

/// One version of a submission's values: the first is what was submitted, each edit makes
/// the next. Secure fields are in none of them, as they are in no row.
public struct SubmissionRevision: Sendable, Equatable {
    /// 1 for what was submitted, then one more per edit.
    public let revision: Int
    /// The store's id of the form version these values were valid for.
    public let formVersionID: Int64
    /// That version's number.
    public let version: Int
    /// The values as compact JSON text, exactly as stored.
    public let valuesJSON: String
    /// When this revision was made (submitted, or edited), to the millisecond.
    public let at: Date
    /// Who made it, if known.
    public let actor: String?
    /// Why, as given with the edit.
    public let reason: String?
    /// The BCP 47 tag of the language it was made in (`de`): the form's text and messages the
    /// submitter or editor saw. Nil for revisions stored before formctl recorded it.
    public let language: String?

    /// For the backends, and for fakes and tests in this package.
    package init(revision: Int, formVersionID: Int64, version: Int, valuesJSON: String, at: Date, actor: String?,
                 reason: String?, language: String? = nil) {
        self.language = language
        self.revision = revision
        self.formVersionID = formVersionID
        self.version = version
        self.valuesJSON = valuesJSON
        self.at = at
        self.actor = actor
        self.reason = reason
    }
}

/// One review of a submission: the state it was given and the comment with it.
public struct SubmissionReview: Sendable, Equatable {
    /// The state the reviewer set.
    public let state: ReviewState
    /// What the reviewer said, if anything.
    public let comment: String?
    /// Who reviewed, if known.
    public let actor: String?
    /// When, to the millisecond.
    public let at: Date
    /// The revision of the values that was reviewed.
    public let revision: Int

    /// For the backends, and for fakes and tests in this package.
    package init(state: ReviewState, comment: String?, actor: String?, at: Date, revision: Int) {
        self.state = state
        self.comment = comment
        self.actor = actor
        self.at = at
        self.revision = revision
    }
}

/// Everything kept about one submission: the row as it is now (a tombstone if deleted), every
/// revision of its values and every review, oldest first.
public struct SubmissionHistory: Sendable, Equatable {
    /// The submission as it is now; `deletion` is set when it was deleted.
    public let submission: StoredSubmission
    /// Every revision, oldest first; the last one holds the current values.
    public let revisions: [SubmissionRevision]
    /// Every review, oldest first; the last one is the current state.
    public let reviews: [SubmissionReview]

    /// For the backends, and for fakes and tests in this package.
    package init(submission: StoredSubmission, revisions: [SubmissionRevision], reviews: [SubmissionReview]) {
        self.submission = submission
        self.revisions = revisions
        self.reviews = reviews
    }
}
