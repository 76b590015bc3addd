import Foundation

/// How a backend writes a bound parameter: SQLite's `?`, PostgreSQL's `$1`, `$2::timestamptz`.
package struct SQLDialect: Sendable {
    /// The placeholder for the parameter numbered `index` (from 1).
    package let placeholder: @Sendable (_ index: Int) -> String
    /// The same for a timestamp given as stored text (`2026-11-21T21:05:03.123Z`).
    package let timestamp: @Sendable (_ index: Int) -> String
    /// The same for a UUID given as text (PostgreSQL's column is of type uuid).
    package let uuid: @Sendable (_ index: Int) -> String

    package init(placeholder: @escaping @Sendable (Int) -> String, timestamp: @escaping @Sendable (Int) -> String,
                 uuid: (@Sendable (Int) -> String)? = nil) {
        self.placeholder = placeholder
        self.timestamp = timestamp
        self.uuid = uuid ?? placeholder
    }
}

/// A parameter of a query, in terms both backends bind.
package enum QueryValue: Sendable, Equatable {
    case text(String)
    case integer(Int64)
    /// Stored-format timestamp text.
    case timestamp(String)
    /// No value (an optional column left empty).
    case null

    /// `text`, or `null` when there is none.
    package static func optional(_ text: String?) -> QueryValue { text.map(QueryValue.text) ?? .null }
}

/// The WHERE and ORDER BY of a submissions query over `submissions s`, with its parameters in
/// order. The values are always bound; only fixed column names and validated table names are
/// ever written into the text, so each combination of filters is one SQL text (prepared once).
package struct SubmissionQuerySQL: Sendable {
    package private(set) var whereClause = ""
    package private(set) var orderBy = ""
    package private(set) var values: [QueryValue] = []
    private var conditions: [String] = []
    private let dialect: SQLDialect

    /// `keyset` adds the condition that starts after the query's cursor, and the order (a
    /// count needs neither).
    package init(_ query: SubmissionQuery, tables: TableNames, dialect: SQLDialect, keyset: Bool) {
        self.dialect = dialect
        if let formName = query.formName {
            add("s.form_id = (SELECT id FROM \(tables.forms) WHERE name = \(next(.text(formName))))")
        }
        if let id = query.formVersionID { add("s.form_version_id = \(next(.integer(id)))") }
        if let version = query.version {
            add("s.form_version_id IN (SELECT id FROM \(tables.formVersions) WHERE version = \(next(.integer(Int64(version)))))")
        }
        if let status = query.status { add("s.status = \(next(.text(status.rawValue)))") }
        if let state = query.reviewState { add("s.review_state = \(next(.text(state.rawValue)))") }
        switch query.tombstones {
        case .excluded: add("s.deleted_at IS NULL")
        case .only: add("s.deleted_at IS NOT NULL")
        case .included: break
        }
        if let uuid = query.uuid {
            // Stored in lower case; text that is no UUID matches nothing (rather than being an
            // error on one backend and no rows on the other).
            if let parsed = UUID(uuidString: uuid) {
                add("s.uuid = \(next(.text(parsed.uuidString.lowercased()), as: dialect.uuid))")
            } else {
                add("1 = 0")
            }
        }
        if let from = query.createdFrom { add("s.created_at >= \(next(.timestamp(Timestamp.format(from))))") }
        if let before = query.createdBefore { add("s.created_at < \(next(.timestamp(Timestamp.format(before))))") }
        if let from = query.updatedFrom { add("s.updated_at >= \(next(.timestamp(Timestamp.format(from))))") }
        if let before = query.updatedBefore { add("s.updated_at < \(next(.timestamp(Timestamp.format(before))))") }
        let column: String? = switch query.order {
        case .id: nil
        case .createdAt: "s.created_at"
        case .updatedAt: "s.updated_at"
        }
        let direction = query.descending ? " DESC" : ""
        if keyset {
            if let after = query.after {
                let comparison = query.descending ? "<" : ">"
                if let column, let stamp = after.timestamp {
                    let stampParameter = next(.timestamp(stamp))
                    add("(\(column), s.id) \(comparison) (\(stampParameter), \(next(.integer(after.id))))")
                } else {
                    add("s.id \(comparison) \(next(.integer(after.id)))")
                }
            }
            orderBy = " ORDER BY " + (column.map { "\($0)\(direction), " } ?? "") + "s.id\(direction)"
        }
        whereClause = conditions.isEmpty ? "" : " WHERE " + conditions.joined(separator: " AND ")
    }

    private mutating func add(_ condition: String) { conditions.append(condition) }

    /// Appends `value` and returns its placeholder (`as`, when given, writes it).
    private mutating func next(_ value: QueryValue, as written: (@Sendable (Int) -> String)? = nil) -> String {
        values.append(value)
        if let written { return written(values.count) }
        if case .timestamp = value { return dialect.timestamp(values.count) }
        return dialect.placeholder(values.count)
    }
}
