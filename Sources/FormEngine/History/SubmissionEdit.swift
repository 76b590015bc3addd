import FormCore
import FormStore

/// What an edit of a final submission carries in (`FormEngine.edit(id:_:)`): answers and
/// overrides over the stored values, who makes it and why, and the form to validate against.
public struct SubmissionEdit: Sendable {
    /// Answers merged over the stored values: a field given replaces that field, a repeat given
    /// replaces the whole repeat (its items are the ones given); fields not given keep their
    /// stored values. Keyed by element key, as `SubmissionRequest.answers`.
    public var answers: FormValue?
    /// Text overrides applied after the answers (`--set guests.0.email=TEXT`).
    public var overrides: [FieldOverride]
    /// Why the edit is made, kept with the new revision.
    public var reason: String?
    /// Who makes it (a login name, an access token's name), kept with the new revision.
    public var actor: String?
    /// The form to validate against: nil for the version the submission was made with; a
    /// form of the same name (its latest version, say) moves the values to that version.
    public var form: LoadedForm?
    /// The revision the edit was made from (an HTTP `If-Match`): if the submission is at
    /// another one, the edit is an `editConflict`. Nil: the revision read when the edit starts,
    /// so an edit stored meanwhile still makes this one a conflict, never a lost update.
    public var expectedRevision: Int?
    /// Data to bind the form to, when it is not the data it was loaded with.
    public var data: FormValue?
    /// When the request's time runs out; filling stops at it, as a submit's does.
    public var deadline: ContinuousClock.Instant?
    /// The editor's languages, best first: the edit is validated (and its errors written) in
    /// the first one the form has, and that language is recorded with the new revision. None:
    /// the language the submission was given in.
    public var languages: LanguagePreferences = .none
    /// The client's idempotency key, whose answer is kept with the new revision.
    package var idempotency: SubmissionIdempotency?
    /// Files that replace a file field's files (staged in order, see `FormEngine.stage`): a
    /// field given files holds these only; the others keep the files the submission holds.
    public var attachments: [AttachmentUpload] = []
    /// Files received already (a streamed multipart body); `attachments` are added after them.
    public var stagedAttachments: StagedAttachments?

    /// An edit; by default one that changes nothing, made by nobody named, for no reason given.
    public init(
        answers: FormValue? = nil, overrides: [FieldOverride] = [], reason: String? = nil, actor: String? = nil,
        form: LoadedForm? = nil, expectedRevision: Int? = nil, data: FormValue? = nil, deadline: ContinuousClock.Instant? = nil
    ) {
        self.answers = answers
        self.overrides = overrides
        self.reason = reason
        self.actor = actor
        self.form = form
        self.expectedRevision = expectedRevision
        self.data = data
        self.deadline = deadline
    }
}
