import FormCore
import FormStore

extension SubmissionHistory {
    /// The history as one JSON object, for a command or a service to print or answer:
    ///
    /// `{"id","uuid","form","status","revision","review","deleted","revisions","reviews"}`, where
    /// `review` is `{"state"}` (with `"comment"` when the last review had one), `deleted` is
    /// null or `{"at","actor","reason"}`, each of `revisions` (oldest first) is
    /// `{"revision","version","at","actor","reason","data"}` and, after the first,
    /// `"changes"`: the differences from the revision before, each `{"path","old","new"}`
    /// (`old` or `new` left out when the field held no value), and each of `reviews` is
    /// `{"state","comment","actor","at","revision"}`. Absent actors, reasons and comments are
    /// null. Secure fields are in none of it.
    public func jsonValue() throws(RevisionError) -> FormValue {
        var revisionObjects: [FormValue] = []
        var previous: FormValue?
        for revision in revisions {
            let values = try values(ofRevision: revision.revision)
            let at = FormValue.string(Timestamp.format(revision.at))
            let (number, version) = (FormValue.int(revision.revision), FormValue.int(revision.version))
            let (actor, reason) = (Self.text(revision.actor), Self.text(revision.reason))
            if let previous {
                let changes = FormValue.array(FieldDifference.between(previous, values).map(\.jsonValue))
                revisionObjects.append(["revision": number, "version": version, "at": at, "actor": actor, "reason": reason,
                                        "data": values, "changes": changes])
            } else {
                revisionObjects.append(["revision": number, "version": version, "at": at, "actor": actor, "reason": reason, "data": values])
            }
            previous = values
        }
        let deleted: FormValue = submission.deletion.map { deletion in
            ["at": .string(Timestamp.format(deletion.at)), "actor": Self.text(deletion.actor), "reason": Self.text(deletion.reason)]
        } ?? .null
        let reviewObjects: [FormValue] = reviews.map { review in
            ["state": .string(review.state.rawValue), "comment": Self.text(review.comment), "actor": Self.text(review.actor),
             "at": .string(Timestamp.format(review.at)), "revision": .int(review.revision)]
        }
        return [
            "id": .int(Int(submission.id)), "uuid": .string(submission.uuid), "form": .string(submission.formName),
            "status": .string(submission.status.rawValue), "revision": .int(submission.revision),
            "review": Submission.reviewJSON(state: submission.reviewState, comment: submission.reviewComment),
            "deleted": deleted, "revisions": .array(revisionObjects), "reviews": .array(reviewObjects),
        ]
    }

    private static func text(_ text: String?) -> FormValue { text.map(FormValue.string) ?? .null }
}

extension FieldDifference {
    /// `{"path","old","new"}`, `old` or `new` left out when the field held no value.
    public var jsonValue: FormValue {
        switch (old, new) {
        case let (old?, new?): return ["path": .string(path), "old": old, "new": new]
        case let (old?, nil): return ["path": .string(path), "old": old]
        case let (nil, new?): return ["path": .string(path), "new": new]
        case (nil, nil): return ["path": .string(path)]
        }
    }
}
