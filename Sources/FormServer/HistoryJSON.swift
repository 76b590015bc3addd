import FormCore
import FormEngine
import OrderedCollections

/// A submission's history as `GET /submissions/ID/history` answers it, in the shape of
/// `formctl show ID --history --json`: the submission's metadata, `revisions` oldest first (each
/// with its values as `data`, and after the first its `changes` from the one before, field by
/// field), `reviews` oldest first, and `deleted` (null while the submission is live). An
/// actor, reason or comment not given is null; a change's `old` or `new` is left out when that
/// revision held no value.
enum HistoryJSON {
    static func json(_ history: SubmissionHistory) throws(RevisionError) -> FormValue {
        let submission = history.submission
        var revisions: [FormValue] = []
        var previous: FormValue?
        for revision in history.revisions {
            let values = try history.values(ofRevision: revision.revision)
            var object: OrderedDictionary<String, FormValue> = [
                "revision": .int(revision.revision), "version": .int(revision.version), "at": .string(Timestamp.format(revision.at)),
                "actor": optional(revision.actor), "reason": optional(revision.reason), "data": values,
            ]
            if let previous { object["changes"] = .array(FieldDifference.between(previous, values).map(change)) }
            revisions.append(.object(object))
            previous = values
        }
        var review: OrderedDictionary<String, FormValue> = ["state": .string(submission.reviewState.rawValue)]
        if let comment = submission.reviewComment { review["comment"] = .string(comment) }
        return [
            "id": .int(Int(submission.id)), "uuid": .string(submission.uuid), "form": .string(submission.formName),
            "status": .string(submission.status.rawValue), "revision": .int(submission.revision), "review": .object(review),
            "deleted": submission.deletion.map(deletion) ?? .null, "revisions": .array(revisions),
            "reviews": .array(history.reviews.map {
                ["state": .string($0.state.rawValue), "comment": optional($0.comment), "actor": optional($0.actor),
                 "at": .string(Timestamp.format($0.at)), "revision": .int($0.revision)]
            }),
        ]
    }

    /// `{"at","actor","reason"}` of a deletion, as the `deleted` member of an admin's GET.
    static func deletion(_ deletion: SubmissionDeletion) -> FormValue {
        ["at": .string(Timestamp.format(deletion.at)), "actor": optional(deletion.actor), "reason": optional(deletion.reason)]
    }

    /// `{"path","old","new"}`; `old` or `new` is left out when that revision held no value.
    static func change(_ difference: FieldDifference) -> FormValue {
        var object: OrderedDictionary<String, FormValue> = ["path": .string(difference.path)]
        if let old = difference.old { object["old"] = old }
        if let new = difference.new { object["new"] = new }
        return .object(object)
    }

    static func optional(_ text: String?) -> FormValue { text.map(FormValue.string) ?? .null }
}
