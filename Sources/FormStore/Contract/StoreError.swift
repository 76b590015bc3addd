/// Errors where the store, not its database, refuses a request (on either backend). A service
/// sees them as a `StorageError` of the matching `kind`, with this description as its message.
package enum StoreError: Error, CustomStringConvertible, Sendable, Equatable {
    case unknownFormVersion(id: Int64)
    case submissionNotFound(id: Int64)
    /// Only drafts may be updated or finalized; final submissions are kept as submitted.
    case notADraft(id: Int64)
    /// A stored value that this store never writes (e.g. a hand-edited timestamp).
    case malformedValue(table: String, id: Int64, column: String, value: String)
    /// The database path is a directory, a device or a FIFO ("a character device").
    case notADatabaseFile(path: String, kind: String)
    /// A draft to update that belongs to another form than the one being stored.
    case draftOfAnotherForm(id: Int64, formName: String, expected: String)
    /// A draft to change with a resume token it was not made with (or made with none).
    case resumeTokenMismatch(id: Int64)
    /// A table prefix that is not a plain lower-case identifier (see `TableNames`).
    case invalidTablePrefix(String)
    /// A page cursor that does not fit the query (another order, or not a cursor at all).
    case invalidCursor(String)
    /// Only final submissions are edited or reviewed; a draft is changed as a draft.
    case notFinal(id: Int64)
    /// An edit made from a revision that is no longer the current one: another edit was
    /// stored meanwhile, and this one would have undone it.
    case revisionConflict(id: Int64, current: Int)
    /// A file write without bytes (`AttachmentWrite.content` nil) whose content is not stored.
    case attachmentContentMissing(sha256: String)
    /// A file whose bytes are not as many as its write says (or as the bytes already stored
    /// under its SHA-256): stored, it would be read back cut short or with bytes left over.
    case attachmentSizeMismatch(sha256: String, expected: Int, found: Int)

    package var description: String {
        switch self {
        case .unknownFormVersion(let id): return "Form version \(id) does not exist; register the form first"
        case .submissionNotFound(let id): return "Submission \(id) does not exist"
        case .notADraft(let id): return "Submission \(id) is final, not a draft, and cannot be changed"
        case let .malformedValue(table, id, column, value):
            return "Row \(id) of \(table) has an unreadable \(column): \(value.debugDescription)"
        case let .notADatabaseFile(path, kind):
            return "\(path) is \(kind), not a database file; give the path of a file"
        case let .draftOfAnotherForm(id, formName, expected):
            return "Submission \(id) belongs to form '\(formName)', not '\(expected)'"
        case .resumeTokenMismatch(let id):
            return "Draft \(id) was not made with this resume token"
        case .invalidTablePrefix(let prefix):
            return "Table prefix \(prefix.debugDescription) (the tablePrefix store option) is not allowed: use a lower-case letter, then letters, digits or _, at most 32"
        case .invalidCursor(let reason):
            return "Invalid page cursor: \(reason)"
        case .notFinal(let id):
            return "Submission \(id) is a draft: a draft is changed as a draft, and only final submissions are edited or reviewed"
        case .attachmentContentMissing(let sha256):
            return "No stored file has SHA-256 \(sha256); send the file itself"
        case let .attachmentSizeMismatch(sha256, expected, found):
            return "The file with SHA-256 \(sha256) has \(found) bytes, not the \(expected) its write says; nothing was stored"
        case let .revisionConflict(id, current):
            return "Submission \(id) was changed meanwhile: it is at revision \(current) now; edit that revision"
        }
    }
}

extension StoreError {
    /// The `StorageError.Kind` a caller acts on.
    package var storageKind: StorageError.Kind {
        switch self {
        case .unknownFormVersion, .submissionNotFound, .resumeTokenMismatch: return .notFound
        case .notADraft, .draftOfAnotherForm, .notFinal, .revisionConflict: return .conflict
        case .attachmentContentMissing, .attachmentSizeMismatch: return .invalidRequest
        case .malformedValue: return .corrupt
        case .notADatabaseFile: return .notADatabase
        case .invalidTablePrefix, .invalidCursor: return .invalidRequest
        }
    }
}
