/// An edit of a final submission, as one transaction: the current revision is kept in its
/// history and the row takes the new values as the next revision.
package struct SubmissionEditWrite: Sendable, Equatable {
    package var submissionID: Int64
    /// The revision the edit was made from: if another edit stored a revision meanwhile, the
    /// write fails with `StoreError.revisionConflict` and nothing is changed (no lost update).
    package var expectedRevision: Int
    /// The form version the new values were validated against (the submission's own, or a
    /// later version of the same form).
    package var formVersionID: Int64
    /// The new values as compact JSON text, stored exactly as given.
    package var valuesJSON: String
    /// Who made the edit, if known.
    package var actor: String?
    /// Why, as given.
    package var reason: String?
    /// The answer to keep under the client's idempotency key, in the same transaction.
    package var idempotency: IdempotencyWrite?
    /// The files of the new revision (every one its values refer to; a file kept from the
    /// current revision needs no bytes). The current revision's files stay with it in history.
    package var attachments: [AttachmentWrite]
    /// The BCP 47 tag of the language the editor gave the edit in: the new revision's; the
    /// revision kept in history keeps its own.
    package var language: String?

    package init(submissionID: Int64, expectedRevision: Int, formVersionID: Int64, valuesJSON: String, actor: String? = nil,
                 reason: String? = nil, idempotency: IdempotencyWrite? = nil, attachments: [AttachmentWrite] = [],
                 language: String? = nil) {
        self.language = language
        self.attachments = attachments
        self.submissionID = submissionID
        self.expectedRevision = expectedRevision
        self.formVersionID = formVersionID
        self.valuesJSON = valuesJSON
        self.actor = actor
        self.reason = reason
        self.idempotency = idempotency
    }
}

/// A review of a final submission: its state and comment on the row, and an entry in its
/// history, in one transaction.
package struct SubmissionReviewWrite: Sendable, Equatable {
    package var submissionID: Int64
    package var state: ReviewState
    package var comment: String?
    package var actor: String?

    package init(submissionID: Int64, state: ReviewState, comment: String? = nil, actor: String? = nil) {
        self.submissionID = submissionID
        self.state = state
        self.comment = comment
        self.actor = actor
    }
}
