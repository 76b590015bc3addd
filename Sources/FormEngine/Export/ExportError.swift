import FormStore

/// Why an export stopped or did not start. A filter that matches no row of a known form is no
/// error: the export is empty (a CSV header, `[]`, or nothing for NDJSON).
public enum ExportError: Error, Sendable, CustomStringConvertible {
    /// The store holds no form of this name: `known` lists the forms it holds.
    case unknownForm(name: String, known: [String], database: String)
    /// No stored form has this version: `latest` is the form's latest version (nil when no
    /// form was named and the store holds none).
    case unknownVersion(form: String?, version: Int, latest: Int?)
    /// A CSV export without a form from a store holding several: its columns are one form's
    /// fields.
    case formNeeded(forms: [String])
    /// A stored row whose values are not a JSON object (damaged outside the engine).
    case damagedRow(id: Int64, reason: String)
    /// A row changed between a CSV export's two passes (it holds a value the first pass over
    /// the rows did not see): exporting again gives a whole result.
    case changedDuringExport(id: Int64)
    /// The stored definition of a version cannot be read.
    case unreadableDefinition(form: String, version: Int, reason: String)
    /// A prepared export is written once.
    case alreadyWritten
    /// Revisions (`ExportRecords.revisions`) asked for as CSV, whose rows are submissions.
    case revisionsNeedJSON
    /// The store failed; its `kind` says whether to retry.
    case storage(StorageError)

    /// What went wrong, naming the form, version, row or store it is about.
    public var description: String {
        switch self {
        case .unknownForm(let name, let known, let database):
            let forms = known.isEmpty ? "it holds no forms" : "forms: " + known.joined(separator: ", ")
            return "no form named '\(name)' in \(database) (\(forms))"
        case .unknownVersion(let form?, let version, let latest):
            let known = latest.map { $0 == 1 ? "it has version 1" : "it has versions 1 to \($0)" } ?? "none is stored yet"
            return "form '\(form)' has no version \(version) (\(known))"
        case .unknownVersion(nil, let version, let latest):
            let known = latest.map { "the latest is \($0)" } ?? "the store holds no forms"
            return "no stored form has a version \(version) (\(known))"
        case .formNeeded(let forms):
            return "a CSV export needs a form, since its columns are a form's fields (forms: \(forms.joined(separator: ", ")))"
        case .damagedRow(let id, let reason): return "submission \(id) holds values that are \(reason)"
        case .changedDuringExport(let id):
            return "submission \(id) changed while it was being exported (it holds a value the first pass over the rows did not see); export again"
        case .unreadableDefinition(let form, let version, let reason):
            return "the stored definition of \(form) version \(version) cannot be read: \(reason)"
        case .alreadyWritten: return "this prepared export was written already; prepare it again"
        case .revisionsNeedJSON: return "revisions are exported as json or ndjson; a csv export has one row per submission"
        case .storage(let error): return error.description
        }
    }
}
