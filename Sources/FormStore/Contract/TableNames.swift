import Foundation

/// The names of formctl's tables in one database: each is the caller's prefix followed by the
/// table's own name, so a store can live in a service's database beside tables it never touches.
///
/// The prefix is an identifier, not a value, so it cannot be a bound parameter: it is checked
/// against a strict pattern (lower-case ASCII letter, then letters, digits and underscores, at
/// most 32 characters) and never taken raw. Lower case because PostgreSQL folds unquoted names.
package struct TableNames: Sendable, Equatable, Hashable {
    /// "" for formctl's own database; "formctl_" puts every table under that prefix.
    package let prefix: String

    /// Throws `StoreError.invalidTablePrefix` for anything but the pattern above.
    package init(prefix: String = "") throws {
        guard Self.isValid(prefix: prefix) else { throw StoreError.invalidTablePrefix(prefix) }
        self.prefix = prefix
    }

    /// The names without a prefix, as formctl's own databases have always had them.
    package static let standard = TableNames(validated: "")

    private init(validated prefix: String) { self.prefix = prefix }

    package static func isValid(prefix: String) -> Bool {
        guard prefix.utf8.count <= 32 else { return false }
        for (offset, byte) in prefix.utf8.enumerated() {
            let letter = byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")
            let digit = byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
            guard letter || (offset > 0 && (digit || byte == UInt8(ascii: "_"))) else { return false }
        }
        return true
    }

    package var forms: String { prefix + "forms" }
    package var formVersions: String { prefix + "form_versions" }
    package var submissions: String { prefix + "submissions" }
    /// The superseded revisions of edited submissions.
    package var submissionRevisions: String { prefix + "submission_revisions" }
    /// Every review of a submission.
    package var submissionReviews: String { prefix + "submission_reviews" }
    /// Files' bytes, one row per content (by SHA-256), stored once however many refer to it.
    package var attachmentContents: String { prefix + "attachment_contents" }
    /// The pieces of each content's bytes.
    package var attachmentChunks: String { prefix + "attachment_chunks" }
    /// Which files each revision of a submission holds, and where in its values.
    package var submissionAttachments: String { prefix + "submission_attachments" }
    /// Every change to a submission, in the order written (the outbox).
    package var outboxEvents: String { prefix + "outbox_events" }
    /// The outbox's receivers (webhooks' URLs) and how far their deliveries reach.
    package var outboxSubscriptions: String { prefix + "outbox_subscriptions" }
    /// Where each event stands with each receiver.
    package var outboxDeliveries: String { prefix + "outbox_deliveries" }
    /// The channel of PostgreSQL's NOTIFY after a change's events are written.
    package var outboxChannel: String { prefix + "formctl_outbox" }
    /// The access tokens of `formctl serve`, by their hashes.
    package var accessTokens: String { prefix + "access_tokens" }
    /// The answers kept under the `Idempotency-Key` of `formctl serve`'s writes.
    package var idempotencyKeys: String { prefix + "idempotency_keys" }
    /// formctl's record of applied migrations: a name of its own, so a service's (or Rails')
    /// `schema_migrations` is never read or written.
    package var migrations: String { prefix + "formctl_schema_migrations" }
    /// Where formctl recorded migrations before the table had a name of its own; only ever
    /// looked for without a prefix, and renamed when formctl's columns show it is ours.
    package static let legacyMigrations = "schema_migrations"

    /// The tables that make a database formctl's.
    package var own: Set<String> { [migrations, forms, formVersions, submissions] }

    /// A migration's text for these tables: `${prefix}` replaced by the prefix.
    package func render(_ template: String) -> String {
        template.replacingOccurrences(of: "${prefix}", with: prefix)
    }
}
