import FormCore
import FormStore
import struct Foundation.Date

/// A stored submission, draft or final, as a service sees it.
public struct Submission: Sendable, Equatable {
    /// A draft can still change; a final submission is the record of what was submitted.
    public enum Status: String, Sendable, CaseIterable {
        case draft
        case final
    }

    /// The row's id in the store: what `submission(id:)` and `resumingDraft` take.
    public let id: Int64
    /// A stable random UUID, for references from outside the database.
    public let uuid: String
    /// The name of the form it was submitted to.
    public let formName: String
    /// The version of the form the values were validated against.
    public let version: Int
    /// That version's id in the store, to load its definition.
    public let formVersionID: Int64
    /// Draft or final.
    public let status: Status
    /// When it was first stored.
    public let createdAt: Date
    /// When it was last stored: a draft's last save, or its finalizing.
    public let updatedAt: Date
    /// The stored values: visible fields, secure ones never.
    public let values: FormValue
    /// 1 as submitted, one more per edit (`FormEngine.edit(id:_:)`); a draft stays at 1.
    public let revision: Int
    /// Where it stands in review (`FormEngine.review(id:state:comment:actor:)`).
    public let reviewState: ReviewState
    /// The last review's comment, if it had one.
    public let reviewComment: String?
    /// The language the current revision was given in: the one its form was shown and
    /// validated in for the submitter (`SubmissionRequest.languages`, a session's language),
    /// or for the last editor. Nil for submissions stored before formctl recorded it.
    public let language: LanguageTag?
    /// What this submit reported without refusing it: a resumed draft's values that the form
    /// no longer has a field for, dropped. Not stored.
    public var notices: [FieldError] = []
    /// The secret that resumes this draft, when the request asked for one
    /// (`SubmissionRequest.issuesResumeToken`): given once, here; the store keeps its hash.
    public var resumeToken: String?

    /// `language`: the tag the row was just stored with, when the caller holds it, instead of
    /// parsing the row's text of it again (every submit would).
    init(_ stored: StoredSubmission, values: FormValue, language storedLanguage: LanguageTag? = nil) {
        id = stored.id
        uuid = stored.uuid
        formName = stored.formName
        version = stored.version
        formVersionID = stored.formVersionID
        status = stored.status == .final ? .final : .draft
        createdAt = stored.createdAt
        updatedAt = stored.updatedAt
        self.values = values
        revision = stored.revision
        reviewState = stored.reviewState
        reviewComment = stored.reviewComment
        language = storedLanguage ?? stored.language.flatMap { LanguageTag($0) }
    }
}

/// What a submit carries in: answers and overrides for a form, an optional draft to resume,
/// and whether to store a final submission or a draft.
public struct SubmissionRequest: Sendable {
    /// The answers object keyed by element key (repeats as arrays of objects).
    public var answers: FormValue?
    /// Text overrides applied after the answers (`--set KEY=TEXT`): parsed for their fields,
    /// secure fields refused, the next item of a repeat added when named.
    public var overrides: [FieldOverride]
    /// A draft of the same form to resume: its values first, then the answers, then the
    /// overrides; the draft is updated in place (or finalized).
    public var draftID: Int64?
    /// `.final` validates every visible field and runs the submit action's handler; `.draft`
    /// stores what was given without validating (answers that cannot be used are still refused).
    public var status: Submission.Status
    /// Data to bind the form to, when it is not the data the form was loaded with.
    public var data: FormValue?
    /// The languages of the person submitting, best first: the form's text and the errors'
    /// messages are in the first one the form has (its default otherwise), and that language
    /// is recorded with the submission.
    public var languages: LanguagePreferences = .none
    /// The handler that submits (a button's `controllerAction`); nil uses the form's only
    /// button action, if it has exactly one.
    public var action: ActionRequest?
    /// False for replays of answers given elsewhere (an import): no handler runs, so no side
    /// effect is repeated, and actions need no routing.
    public var runsActions: Bool
    /// Who may resume `draftID`.
    public var draftAccess: DraftAccess
    /// A new draft gets a resume token (`Submission.resumeToken`) that resumes it later with
    /// `.resumeToken`: what a server gives a stranger instead of the run of every draft.
    public var issuesResumeToken: Bool
    /// When the request's time runs out (a server's request timeout). Filling stops at it,
    /// and a submit stops at it (or at its task's cancellation) with `interrupted` unless its
    /// store transaction has begun: then it finishes and the row is stored.
    public var deadline: ContinuousClock.Instant?
    /// The client's idempotency key, whose answer is kept with the stored row.
    public var idempotency: SubmissionIdempotency?
    /// Who submits (a login name, an access token's name), kept as revision 1's actor in the
    /// submission's history.
    public var actor: String?
    /// Files for the form's file fields, received (in order) before anything is validated:
    /// see `FormEngine.stage`. Each becomes its field's value.
    public var attachments: [AttachmentUpload] = []
    /// Files received already (a streamed multipart body stages each part as it arrives).
    /// Their references are the fields' values; `attachments` are added after them.
    public var stagedAttachments: StagedAttachments?

    /// A request; by default a final submit of `answers` that runs the form's submit action.
    public init(
        answers: FormValue? = nil, overrides: [FieldOverride] = [], draftID: Int64? = nil, status: Submission.Status = .final,
        data: FormValue? = nil, action: ActionRequest? = nil, runsActions: Bool = true, draftAccess: DraftAccess = .anyDraft,
        issuesResumeToken: Bool = false, deadline: ContinuousClock.Instant? = nil, idempotency: SubmissionIdempotency? = nil,
        actor: String? = nil
    ) {
        self.actor = actor
        self.deadline = deadline
        self.idempotency = idempotency
        self.answers = answers
        self.overrides = overrides
        self.draftID = draftID
        self.status = status
        self.data = data
        self.action = action
        self.runsActions = runsActions
        self.draftAccess = draftAccess
        self.issuesResumeToken = issuesResumeToken
    }
}

/// Who resumes a draft: the one who may change any draft, or the holder of its resume token.
public enum DraftAccess: Sendable, Equatable {
    /// Any draft of the form: the operator on the command line, a client with write rights.
    case anyDraft
    /// Only the draft made with this resume token; any other (one made without a token
    /// included) is `draftNotFound`, before its values are read or validated.
    case resumeToken(String)
}
