import Foundation

/// A draft can still change; a final submission is what was submitted and is never edited.
public enum SubmissionStatus: String, Sendable, CaseIterable {
    case draft
    case final
}

/// One registered definition of a form. Immutable once stored.
public struct FormVersion: Sendable, Equatable {
    public let id: Int64
    public let formName: String
    /// Starts at 1 and grows by one each time the form's definition changes.
    public let version: Int
    /// SHA-256 (hex) of `definitionJSON`, which the caller passes in canonical form.
    public let contentHash: String
    public let definitionJSON: String

    /// Public so other modules can build values for fakes and tests.
    public init(id: Int64, formName: String, version: Int, contentHash: String, definitionJSON: String) {
        self.id = id
        self.formName = formName
        self.version = version
        self.contentHash = contentHash
        self.definitionJSON = definitionJSON
    }
}

/// A stored submission, draft or final.
public struct StoredSubmission: Sendable, Equatable {
    public let id: Int64
    /// Stable random v4 UUID, for references from outside this database.
    public let uuid: String
    public let formName: String
    /// The form version the values were validated against.
    public let version: Int
    /// The `FormVersion.id` of that version, to load its definition.
    public let formVersionID: Int64
    public let status: SubmissionStatus
    /// Millisecond precision, as stored.
    public let createdAt: Date
    public let updatedAt: Date
    public let valuesJSON: String

    /// `createdAt` as stored: ISO 8601 UTC with milliseconds (`2026-11-21T21:05:03.123Z`).
    public var createdAtText: String { Timestamp.format(createdAt) }
    public var updatedAtText: String { Timestamp.format(updatedAt) }

    public init(id: Int64, uuid: String, formName: String, version: Int, formVersionID: Int64, status: SubmissionStatus,
                createdAt: Date, updatedAt: Date, valuesJSON: String) {
        self.id = id
        self.uuid = uuid
        self.formName = formName
        self.version = version
        self.formVersionID = formVersionID
        self.status = status
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.valuesJSON = valuesJSON
    }
}

/// One line of `formctl list`: a form with its versions and submission counts.
public struct FormSummary: Sendable, Equatable {
    public let name: String
    public let versions: Int
    public let latestVersion: Int
    public let finalCount: Int
    public let draftCount: Int

    public init(name: String, versions: Int, latestVersion: Int, finalCount: Int, draftCount: Int) {
        self.name = name
        self.versions = versions
        self.latestVersion = latestVersion
        self.finalCount = finalCount
        self.draftCount = draftCount
    }
}

/// Errors where the store, not SQLite, refuses a request.
public enum StoreError: Error, CustomStringConvertible, Sendable, Equatable {
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

    public var description: String {
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
        }
    }
}
