import Foundation

/// What an access token of `formctl serve` lets its holder do with its form; each scope
/// includes the ones before it.
package enum AccessScope: String, Sendable, CaseIterable, Comparable {
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

    package static func < (a: AccessScope, b: AccessScope) -> Bool { a.rank < b.rank }
}

/// An access token as stored: its name, form and scope, never the token (only its SHA-256 is
/// kept, and never shown).
package struct AccessToken: Sendable, Equatable {
    package let id: Int64
    /// A name to revoke it by; unique, never all digits (that would read as an id).
    package let name: String?
    /// The form it is for; nil for every form (admin tokens only).
    package let formName: String?
    package let scope: AccessScope
    package let createdAt: Date

    package init(id: Int64, name: String?, formName: String?, scope: AccessScope, createdAt: Date) {
        self.id = id
        self.name = name
        self.formName = formName
        self.scope = scope
        self.createdAt = createdAt
    }

    /// Whether the token gives at least `scope` on `form`.
    package func allows(_ scope: AccessScope, on form: String) -> Bool {
        self.scope >= scope && (formName == nil || formName == form)
    }
}

/// `formctl token revoke ID-or-NAME`: all digits is an id (names never are), anything else a name.
package enum AccessTokenReference {
    package static func condition(_ idOrName: String) -> (column: String, value: QueryValue) {
        if !idOrName.isEmpty, idOrName.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }),
            let id = Int64(idOrName)
        {
            return ("id", .integer(id))
        }
        return ("name", .text(idOrName))
    }
}
