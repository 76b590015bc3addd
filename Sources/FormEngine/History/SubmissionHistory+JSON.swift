import FormCore
import FormStore

extension SubmissionHistory {
    /// The history as one JSON object, for a command or a service to print or answer:
    ///
    /// `{"id","uuid","form","status","revision","review","deleted","revisions","reviews"}`, where
    /// `review` is `{"state"}` (with `"comment"` when the last review had one), `deleted` is
    /// null or `{"at","actor","reason"}`, each of `revisions` (oldest first) is
    /// `{"revision","version","at","actor","reason","language","data"}` (`language` the tag the
    /// revision was made in, null when it was not recorded) and, after the first,
    /// `"changes"`: the differences from the revision before, each `{"path","old","new"}`
    /// (`old` or `new` left out when the field held no value), and each of `reviews` is
    /// `{"state","comment","actor","at","revision"}`. Absent actors, reasons and comments are
    /// null. Secure fields are in none of it.
    public func jsonValue() throws(RevisionError) -> FormValue {
        let revisionObjects: [FormValue] = try revisionValues().map { revision, values, differences in
            let object: FormValue = [
                "revision": .int(revision.revision), "version": .int(revision.version), "at": .string(Timestamp.format(revision.at)),
                "actor": Self.text(revision.actor), "reason": Self.text(revision.reason),
                "language": Self.text(revision.language), "data": values,
            ]
            guard let differences, case .object(var members) = object else { return object }
            members["changes"] = .array(differences.map(\.jsonValue))
            return .object(members)
        }
        let deleted = submission.deletion?.jsonValue ?? .null
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

    static func text(_ text: String?) -> FormValue { text.map(FormValue.string) ?? .null }
}

extension SubmissionDeletion {
    /// `{"at","actor","reason"}`, as the history and an admin's GET of a tombstone give it;
    /// an actor or reason not given is null.
    package var jsonValue: FormValue {
        ["at": .string(Timestamp.format(at)), "actor": SubmissionHistory.text(actor), "reason": SubmissionHistory.text(reason)]
    }
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
