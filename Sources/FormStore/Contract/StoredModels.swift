import Foundation

/// A draft can still change; a final submission is what was submitted, changed afterwards only
/// by an edit that keeps what it said before (see `SubmissionHistory`).
public enum SubmissionStatus: String, Sendable, CaseIterable {
    /// Saved to be resumed; its values may change and it may still be finalized.
    case draft
    /// Submitted: validated against its version; an edit makes a new revision and keeps the old.
    case final
}

/// One registered definition of a form. Immutable once stored.
package struct FormVersion: Sendable, Equatable {
    package let id: Int64
    package let formName: String
    /// Starts at 1 and grows by one each time the form's definition changes.
    package let version: Int
    /// SHA-256 (hex) of `definitionJSON`, which the caller passes in canonical form.
    package let contentHash: String
    package let definitionJSON: String

    /// For the backends, and for fakes and tests in this package.
    package init(id: Int64, formName: String, version: Int, contentHash: String, definitionJSON: String) {
        self.id = id
        self.formName = formName
        self.version = version
        self.contentHash = contentHash
        self.definitionJSON = definitionJSON
    }
}

/// A stored submission, draft or final, as the store keeps it (its values as JSON text).
public struct StoredSubmission: Sendable, Equatable {
    /// The row's id in this database.
    public let id: Int64
    /// Stable random v4 UUID, for references from outside this database.
    public let uuid: String
    /// The name the form was stored under.
    public let formName: String
    /// The form version the values were validated against.
    public let version: Int
    /// The store's id of that version, to load its definition.
    public let formVersionID: Int64
    /// Draft or final.
    public let status: SubmissionStatus
    /// When it was first stored, to the millisecond.
    public let createdAt: Date
    /// When its values last changed (a draft updated or finalized), to the millisecond.
    public let updatedAt: Date
    /// The values as compact JSON text, exactly as stored.
    public package(set) var valuesJSON: String
    /// 1 as submitted, one more per edit (see `SubmissionHistory`); a draft stays at 1.
    public let revision: Int
    /// Who made the current revision (submitted it, or made the last edit), if known.
    public let revisionActor: String?
    /// Why the last edit was made, as given with it.
    public let revisionReason: String?
    /// The BCP 47 tag of the language the current revision was given in (`de`, `pt-BR`): the
    /// language its form was shown and validated in, as `revisionActor` is its maker. Nil for
    /// rows stored before formctl recorded it.
    public let language: String?
    /// Where the submission stands in review; `received` until someone reviews it.
    public let reviewState: ReviewState
    /// The last review's comment, if it had one.
    public let reviewComment: String?
    /// Set when the submission was deleted: it is then a tombstone, skipped by listings and
    /// exports, until it is purged.
    public let deletion: SubmissionDeletion?

    /// `createdAt` as stored: ISO 8601 UTC with milliseconds (`2026-11-21T21:05:03.123Z`).
    public let createdAtText: String
    /// `updatedAt` as stored, in the same format as `createdAtText`.
    public let updatedAtText: String

    /// For the backends, and for fakes and tests in this package.
    package init(id: Int64, uuid: String, formName: String, version: Int, formVersionID: Int64, status: SubmissionStatus,
                 createdAt: Date, updatedAt: Date, valuesJSON: String, revision: Int = 1, revisionActor: String? = nil,
                revisionReason: String? = nil, reviewState: ReviewState = .received, reviewComment: String? = nil,
                deletion: SubmissionDeletion? = nil, language: String? = nil, createdAtText: String? = nil, updatedAtText: String? = nil) {
        // The texts, when a backend has them, are what `Timestamp.format` makes of the dates
        // (`Timestamp.parseKeepingText`): an export writes them without formatting every row.
        self.createdAtText = createdAtText ?? Timestamp.format(createdAt)
        self.updatedAtText = updatedAtText ?? Timestamp.format(updatedAt)
        self.language = language
        self.id = id
        self.uuid = uuid
        self.formName = formName
        self.version = version
        self.formVersionID = formVersionID
        self.status = status
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.valuesJSON = valuesJSON
        self.revision = revision
        self.revisionActor = revisionActor
        self.revisionReason = revisionReason
        self.reviewState = reviewState
        self.reviewComment = reviewComment
        self.deletion = deletion
    }
}

/// A stored form with its versions and submission counts (one line of `formctl list`).
public struct FormSummary: Sendable, Equatable {
    /// The form's name.
    public let name: String
    /// How many versions of its definition are stored.
    public let versions: Int
    /// The highest version number.
    public let latestVersion: Int
    /// Final submissions, across every version.
    public let finalCount: Int
    /// Drafts, across every version.
    public let draftCount: Int

    /// For the backends, and for fakes and tests in this package.
    package init(name: String, versions: Int, latestVersion: Int, finalCount: Int, draftCount: Int) {
        self.name = name
        self.versions = versions
        self.latestVersion = latestVersion
        self.finalCount = finalCount
        self.draftCount = draftCount
    }
}
