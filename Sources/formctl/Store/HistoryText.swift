import FormEngine
import Foundation

/// A submission's history as `formctl show ID --history` prints it.
///
/// Text: a header line, then one entry per revision, review and the deletion, oldest first.
/// Under the first revision every value it holds; under each later one the fields it changed,
/// `path: old -> new` with values as compact JSON and `(none)` for no value.
///
/// JSON (the shape `GET /submissions/ID/history` answers too): the submission's metadata,
/// `revisions` (each with its values as `data` and, after the first, its `changes` from the one
/// before), `reviews`, and `deleted` (null while it is live).
struct HistoryText {
    let history: SubmissionHistory
    /// Each revision's values, oldest first, and what it changed from the one before (for the
    /// first, every value it holds as added).
    let revisions: [(revision: SubmissionRevision, values: FormValue, changes: [FieldDifference])]

    init(_ history: SubmissionHistory) throws(RevisionError) {
        self.history = history
        var revisions: [(revision: SubmissionRevision, values: FormValue, changes: [FieldDifference])] = []
        var previous = FormValue.emptyObject
        for revision in history.revisions {
            let values = try history.values(ofRevision: revision.revision)
            revisions.append((revision, values, FieldDifference.between(previous, values)))
            previous = values
        }
        self.revisions = revisions
    }

    var text: String {
        let submission = history.submission
        var lines = [
            "submission \(submission.id) (form \(submission.formName), uuid \(submission.uuid)): \(submission.status.rawValue), revision \(submission.revision), review \(submission.reviewState.rawValue)"
        ]
        for entry in timeline {
            switch entry {
            case .revision(let index):
                let (revision, _, changes) = revisions[index]
                var line = "revision \(revision.revision)  \(Timestamp.format(revision.at))\(Self.by(revision.actor))  form version \(revision.version)"
                if let reason = revision.reason { line += "  reason: \(Self.oneBlock(reason))" }
                lines.append(line)
                if index == 0 {
                    lines += changes.map { "  \($0.path): \(ChangeText.text($0.new))" }
                } else if changes.isEmpty {
                    lines.append("  (no value changed)")
                } else {
                    lines += changes.map(ChangeText.line)
                }
            case .review(let review):
                var line = "review  \(Timestamp.format(review.at))\(Self.by(review.actor))  \(review.state.rawValue) (revision \(review.revision))"
                if let comment = review.comment { line += "  comment: \(Self.oneBlock(comment))" }
                lines.append(line)
            case .deletion(let deletion):
                var line = "deleted  \(Timestamp.format(deletion.at))\(Self.by(deletion.actor))"
                if let reason = deletion.reason { line += "  reason: \(Self.oneBlock(reason))" }
                lines.append(line)
            }
        }
        return lines.joined(separator: "\n")
    }

    var json: FormValue {
        let submission = history.submission
        let deleted: FormValue = submission.deletion.map {
            ["at": .string(Timestamp.format($0.at)), "actor": Self.optional($0.actor), "reason": Self.optional($0.reason)]
        } ?? .null
        return [
            "id": .int(Int(submission.id)), "uuid": .string(submission.uuid), "form": .string(submission.formName),
            "status": .string(submission.status.rawValue), "revision": .int(submission.revision),
            "review": submission.reviewComment.map { ["state": .string(submission.reviewState.rawValue), "comment": .string($0)] }
                ?? ["state": .string(submission.reviewState.rawValue)],
            "deleted": deleted,
            "revisions": .array(revisions.enumerated().map { index, entry in
                let revision = entry.revision
                let at = FormValue.string(Timestamp.format(revision.at))
                // The first revision's values are all in its data; it changed nothing before it.
                guard index > 0 else {
                    return ["revision": .int(revision.revision), "version": .int(revision.version), "at": at,
                            "actor": Self.optional(revision.actor), "reason": Self.optional(revision.reason), "data": entry.values]
                }
                return ["revision": .int(revision.revision), "version": .int(revision.version), "at": at,
                        "actor": Self.optional(revision.actor), "reason": Self.optional(revision.reason), "data": entry.values,
                        "changes": .array(entry.changes.map(Self.change))]
            }),
            "reviews": .array(history.reviews.map {
                ["state": .string($0.state.rawValue), "comment": Self.optional($0.comment), "actor": Self.optional($0.actor),
                 "at": .string(Timestamp.format($0.at)), "revision": .int($0.revision)]
            }),
        ]
    }

    /// `{"path","old","new"}`; `old` or `new` is left out when that revision held no value.
    static func change(_ difference: FieldDifference) -> FormValue {
        let path = FormValue.string(difference.path)
        switch (difference.old, difference.new) {
        case let (old?, new?): return ["path": path, "old": old, "new": new]
        case let (old?, nil): return ["path": path, "old": old]
        case let (nil, new?): return ["path": path, "new": new]
        case (nil, nil): return ["path": path]
        }
    }

    static func optional(_ text: String?) -> FormValue { text.map(FormValue.string) ?? .null }

    static func by(_ actor: String?) -> String { actor.map { "  by \($0)" } ?? "" }

    /// A reason or comment of several lines stays inside its entry, its later lines indented.
    static func oneBlock(_ text: String) -> String { text.replacingOccurrences(of: "\n", with: "\n    ") }

    /// "2026-11-24T21:10:00.123Z by ann (duplicate)": a deletion in a message.
    static func deletionText(_ deletion: SubmissionDeletion) -> String {
        Timestamp.format(deletion.at) + (deletion.actor.map { " by \($0)" } ?? "") + (deletion.reason.map { " (\($0))" } ?? "")
    }

    enum Entry {
        case revision(Int)
        case review(SubmissionReview)
        case deletion(SubmissionDeletion)
    }

    /// Revisions, reviews and the deletion in the order they happened; at the same millisecond a
    /// revision comes before a review of it, and the deletion last.
    var timeline: [Entry] {
        var entries: [(at: Date, rank: Int, entry: Entry)] = revisions.indices.map { (revisions[$0].revision.at, 0, .revision($0)) }
        entries += history.reviews.map { ($0.at, 1, .review($0)) }
        if let deletion = history.submission.deletion { entries.append((deletion.at, 2, .deletion(deletion))) }
        return entries.enumerated().sorted { ($0.element.at, $0.element.rank, $0.offset) < ($1.element.at, $1.element.rank, $1.offset) }
            .map(\.element.entry)
    }
}
