/// One submission to store, as a single transaction: its form version (known by id, or a
/// definition to find by content hash and register the first time), and either a new row or
/// a draft of the same form updated in place (or made final).
package struct SubmissionWrite: Sendable, Equatable {
    package enum Version: Sendable, Equatable {
        /// A version already registered (`FormVersion.id`).
        case id(Int64)
        /// A definition: its version is found by `contentHash` among all of the form's versions,
        /// or registered as the next one. Pass canonical JSON (see `SubmissionStorage.register`).
        case definition(formName: String, definitionJSON: String, contentHash: String)
    }

    package var version: Version
    package var status: SubmissionStatus
    /// The values as compact JSON text, stored exactly as given.
    package var valuesJSON: String
    /// A draft to update in place (`.draft`) or finalize (`.final`). It must exist, be a draft
    /// and belong to the same form, else the write fails with `notFound` or `conflict`.
    package var draftID: Int64?
    /// The SHA-256 (`SecretToken.hash`) of a draft's resume token: kept with a new draft; with
    /// `draftID`, the draft must have been made with it, else the write fails with `notFound`
    /// as if there were no such draft. nil: a new draft without one (made by the operator), or
    /// a caller allowed to change any draft. Finalizing a draft forgets it.
    package var resumeTokenHash: String?
    /// The answer to keep under the client's idempotency key, in the same transaction.
    package var idempotency: IdempotencyWrite?
    /// Who stored it (revision 1's actor; a draft's last saver until it is finalized), if known.
    package var actor: String?
    /// The files its values refer to, stored in the same transaction. A draft update replaces
    /// the draft's files with these (a file kept needs no bytes: `AttachmentWrite.content` nil).
    package var attachments: [AttachmentWrite]
    /// The BCP 47 tag of the language the values were given in; a draft updated or finalized
    /// takes it in place of the one it had.
    package var language: String?

    package init(version: Version, status: SubmissionStatus, valuesJSON: String, draftID: Int64? = nil,
                 resumeTokenHash: String? = nil, idempotency: IdempotencyWrite? = nil, actor: String? = nil,
                 attachments: [AttachmentWrite] = [], language: String? = nil) {
        self.language = language
        self.attachments = attachments
        self.idempotency = idempotency
        self.actor = actor
        self.version = version
        self.status = status
        self.valuesJSON = valuesJSON
        self.draftID = draftID
        self.resumeTokenHash = resumeTokenHash
    }
}
