import FormEngine
import Foundation

/// A submission's history as `formctl show ID --history` prints it.
///
/// Text: a header line, then one entry per revision, review and the deletion, oldest first.
/// Under the first revision every value it holds; under each later one the fields it changed,
/// `path: old -> new` with values as compact JSON and `(none)` for no value. (`--json` prints
/// the engine's `SubmissionHistory.jsonValue()`, the shape the history endpoint answers.)
struct HistoryText {
    let history: SubmissionHistory
    /// Each revision's values, oldest first, and what it changed from the one before (for the
    /// first, every value it holds as added).
    let revisions: [(revision: SubmissionRevision, values: FormValue, changes: [FieldDifference])]

    init(_ history: SubmissionHistory) throws(RevisionError) {
        self.history = history
        // The first revision's "changes" are every value it holds, as added.
        revisions = try history.revisionValues().map { revision, values, differences in
            (revision, values, differences ?? FieldDifference.between(.emptyObject, values))
        }
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
