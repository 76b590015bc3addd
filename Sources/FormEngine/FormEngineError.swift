import FormCore
import FormStore

/// Why the engine refused a request: each case carries what a person needs to fix it.
public enum FormEngineError: Error, Sendable, CustomStringConvertible {
    /// The definition has errors (or cannot be read).
    case definition(DefinitionError)
    /// Values failed validation: every error, nothing was stored.
    case invalid([FieldError])
    /// An action handler cancelled the submit, with its message.
    case cancelled(action: String, message: String)
    /// The definition names actions no handler is registered for.
    case unroutedActions([ActionUse])
    /// An action handler failed with an error of its own.
    case actionFailed(action: String, message: String)
    /// The store refused or failed: its `kind` (busy, full, corrupt, unavailable...) says what
    /// to do about it, its code and message are the backend's.
    case storage(StorageError)
    /// A draft to resume that does not exist or is not a draft of this form.
    case draftNotFound(id: Int64, reason: String)
    /// A session this engine did not make (`FormSession(definition:)`): it has no stored form
    /// to submit under. Make sessions with `makeSession(for:)`.
    case foreignSession
    /// The request's deadline passed (its task was cancelled) before anything was stored:
    /// `step` says what was stopped ("filling the form", "action check", "storing").
    case interrupted(step: String)
    /// An edit made from a revision that is no longer the current one: another edit was stored
    /// meanwhile (or `SubmissionEdit.expectedRevision` named an older one). Nothing was stored;
    /// read `currentRevision` again and edit that.
    case editConflict(id: Int64, currentRevision: Int)
    /// A submission that cannot be edited or reviewed: there is none, it was deleted, or it is
    /// a draft (changed as a draft, with `SubmissionRequest.draftID`); `reason` says which.
    case notEditable(id: Int64, reason: String)

    /// The error as a person reads it: every field error or issue on a line of its own.
    public var description: String {
        switch self {
        case .definition(let error): return error.description
        case .invalid(let errors): return errors.map(\.description).joined(separator: "\n")
        case .cancelled(let action, let message): return "\(action) cancelled the submit: \(message)"
        case .unroutedActions(let uses):
            return uses.map { "\($0.path): no handler for action '\($0.name)'" }.joined(separator: "\n")
        case .actionFailed(let action, let message): return "action \(action) failed: \(message)"
        case .storage(let error): return error.description
        case .draftNotFound(let id, let reason): return "draft \(id): \(reason)"
        case .interrupted(let step): return "stopped while \(step): the request's time ran out and nothing was stored"
        case .editConflict(let id, let current):
            return "submission \(id) was changed meanwhile: it is at revision \(current) now; nothing was stored, edit that revision"
        case .notEditable(let id, let reason): return "submission \(id) cannot be edited: \(reason)"
        case .foreignSession: return "this session was not made by the engine (use makeSession(for:)), so it has no form to be stored under"
        }
    }
}

/// An action name used by an element of a form.
public struct ActionUse: Sendable, Hashable {
    /// The action's name, without QuickDialog's trailing colon.
    public var name: String
    /// The element's key path, key or title: where a person finds it.
    public var path: String

    /// The use of action `name` at `path`.
    public init(name: String, path: String) {
        self.name = name
        self.path = path
    }
}
