/// What an export writes.
public enum ExportFormat: Sendable, Equatable {
    /// An array of `{"id","uuid","form","version","status","created_at","updated_at","revision","review","data"}`
    /// (`review` is `{"state"}`, with `"comment"` when the last review had one), one object per
    /// line between `[` and `]`.
    case json
    /// One such object per line.
    case ndjson
    /// RFC 4180 with CRLF line ends: the metadata columns `_id`, `_uuid`, `_form`,
    /// `_version`, `_status`, `_created_at`, `_updated_at`, `_revision`, `_review_state`,
    /// `_language` (empty for a row stored before languages were recorded), then a column per stored value's
    /// key path (the fields of every exported version's definition first, newest version first,
    /// in definition order). The columns come from the rows, so the rows are read twice.
    case csv(CSVExportOptions)

    /// CSV with repeats inline and formulas neutralised: what a spreadsheet opens safely.
    public static var csv: ExportFormat { .csv(CSVExportOptions()) }
}

/// What an export's records are: the submissions as they are now, or every revision of each.
public enum ExportRecords: Sendable, Equatable {
    /// One record per submission: its current values, revision and review state.
    case submissions
    /// One record per revision of each submission, oldest first (`formctl dump --revisions`):
    /// `{"id","uuid","form","revision","version","at","actor","reason","language","data"}`, `at` when the
    /// revision was made, `actor` and `reason` null when not given, `data` its values. JSON and
    /// NDJSON only.
    case revisions
}

/// How a CSV export lays out repeats and writes cells.
public struct CSVExportOptions: Sendable, Equatable {
    /// Where a repeat's items go.
    public enum Repeats: Sendable, Equatable {
        /// One cell of compact JSON in the submissions table.
        case inline
        /// A table of their own, one row per item: `_submission_id`, `_index` (the item's number
        /// from 1 within its submission), `_parent_index` for a repeat inside a repeat, then the
        /// item's columns, as ODK Central exports.
        case separate
    }

    /// Where a repeat's items go: `.inline` unless asked.
    public var repeats: Repeats
    /// Whether a text cell starting with `=`, `+`, `-`, `@`, a tab or a CR (which a
    /// spreadsheet would run as a formula) is written with a `'` before it, as OWASP advises
    /// against CSV injection. Numbers stay numbers.
    public var neutralizesFormulas: Bool

    /// Options for a CSV export; the defaults are what a spreadsheet opens safely.
    public init(repeats: Repeats = .inline, neutralizesFormulas: Bool = true) {
        self.repeats = repeats
        self.neutralizesFormulas = neutralizesFormulas
    }
}

/// One output of an export: the submissions, or with `CSVExportOptions.Repeats.separate` the
/// items of one repeat.
public struct ExportTable: Sendable, Hashable {
    /// The repeat's key path from the submission's root; empty for the submissions.
    public let path: [String]

    /// The repeat's column name (its keys joined by `.`, a key that needs it written as a JSON
    /// string), as the submissions table would name its column; `submissions` for the
    /// submissions table. A client asks for a table by this name.
    public var name: String { path.isEmpty ? "submissions" : CSVColumnName.name(path) }

    /// A file name for the table that stays inside a directory whatever the keys:
    /// `submissions.csv`, or `submissions.` and the repeat's name with every byte but letters,
    /// digits, `.`, `_`, `-` and non-ASCII written as `%XX`, then `.csv`.
    public var fileName: String { CSVColumnName.fileName(repeatPath: path) }
}
