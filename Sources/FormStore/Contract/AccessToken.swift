import Foundation

/// What an access token of `formctl serve` lets its holder do with its form; each scope
/// includes the ones before it.
public enum AccessScope: String, Sendable, CaseIterable, Comparable {
    /// Read the form's stored submissions.
    case read
    /// Also submit to the form when it is private, and change or finalize any of its drafts.
    case write
    /// Everything; the only scope a token for every form may have (as `--token-file`'s).
    case admin

    private var rank: Int {
        switch self {
        case .read: return 0
        case .write: return 1
        case .admin: return 2
        }
    }

    public static func < (a: AccessScope, b: AccessScope) -> Bool { a.rank < b.rank }
}

/// An access token as stored: its name, form and scope, never the token (only its SHA-256 is
/// kept, and never shown).
public struct AccessToken: Sendable, Equatable {
    public let id: Int64
    /// A name to revoke it by; unique, never all digits (that would read as an id).
    public let name: String?
    /// The form it is for; nil for every form (admin tokens only).
    public let formName: String?
    public let scope: AccessScope
    public let createdAt: Date

    public init(id: Int64, name: String?, formName: String?, scope: AccessScope, createdAt: Date) {
        self.id = id
        self.name = name
        self.formName = formName
        self.scope = scope
        self.createdAt = createdAt
    }

    /// Whether the token gives at least `scope` on `form`.
    public func allows(_ scope: AccessScope, on form: String) -> Bool {
        self.scope >= scope && (formName == nil || formName == form)
    }
}
