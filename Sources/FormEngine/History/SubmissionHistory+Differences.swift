import FormCore
import FormStore

/// A revision asked of a submission's history that it cannot give.
public struct RevisionError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The submission.
    public let submissionID: Int64
    /// The revision asked for.
    public let revision: Int
    /// Why it cannot be given: it is not in the history, or its stored values are damaged.
    public let reason: String

    /// What went wrong, naming the submission and the revision.
    public var description: String { "submission \(submissionID) revision \(revision): \(reason)" }
}

extension SubmissionHistory {
    /// The values of revision `number` (1 is what was submitted).
    public func values(ofRevision number: Int) throws(RevisionError) -> FormValue {
        guard let revision = revisions.first(where: { $0.revision == number }) else {
            let known = revisions.isEmpty ? "it has none" : "it has \(revisions.map(\.revision).map(String.init).joined(separator: ", "))"
            throw RevisionError(submissionID: submission.id, revision: number, reason: "no such revision (\(known))")
        }
        let values: FormValue
        do { values = try FormValue(json: revision.valuesJSON) } catch {
            throw RevisionError(submissionID: submission.id, revision: number, reason: "its stored values are not JSON: \(error)")
        }
        guard values.objectValue != nil else {
            throw RevisionError(submissionID: submission.id, revision: number, reason: "its stored values are not a JSON object")
        }
        return values
    }

    /// The fields that differ from revision `old` to revision `new`, field by field (see
    /// `FieldDifference.between`). Secure fields are in no revision, so in no difference.
    public func differences(from old: Int, to new: Int) throws(RevisionError) -> [FieldDifference] {
        FieldDifference.between(try values(ofRevision: old), try values(ofRevision: new))
    }

    /// What each edit changed: for every revision after the first, the differences from the one
    /// before it, oldest first.
    public func changes() throws(RevisionError) -> [(revision: SubmissionRevision, differences: [FieldDifference])] {
        try revisionValues().compactMap { entry in entry.differences.map { (entry.revision, $0) } }
    }

    /// Every revision, oldest first, with its values and the differences from the revision
    /// before it (nil for the first), each revision's stored values read once: what
    /// `changes()`, `jsonValue()` and `formctl show --history` are made from.
    package func revisionValues() throws(RevisionError)
        -> [(revision: SubmissionRevision, values: FormValue, differences: [FieldDifference]?)]
    {
        var entries: [(revision: SubmissionRevision, values: FormValue, differences: [FieldDifference]?)] = []
        var previous: FormValue?
        for revision in revisions {
            let values = try values(ofRevision: revision.revision)
            entries.append((revision, values, previous.map { FieldDifference.between($0, values) }))
            previous = values
        }
        return entries
    }
}
