import ArgumentParser
import FormEngine

/// A review state as typed on the command line: the stored names (`hasIssues`), in any case,
/// or spelled with a hyphen (`has-issues`) as other options are.
struct ReviewStateArgument: ExpressibleByArgument, Sendable {
    let state: ReviewState

    init?(argument: String) {
        let folded = argument.lowercased().replacingOccurrences(of: "-", with: "").replacingOccurrences(of: "_", with: "")
        guard let state = ReviewState.allCases.first(where: { $0.rawValue.lowercased() == folded }) else { return nil }
        self.state = state
    }

    static var allValueStrings: [String] { ReviewState.allCases.map(\.rawValue) }

    static var defaultCompletionKind: CompletionKind { .list(allValueStrings) }
}
