/// How a subscription's event types are stored: the types' names, sorted, joined by commas
/// (nil for every type), so both backends read and compare one form.
package enum OutboxEventTypes {
    package static func text(_ types: Set<SubmissionEventType>?) -> String? {
        types.map { $0.sorted().map(\.rawValue).joined(separator: ",") }
    }

    /// nil when a stored name is not a type this binary knows.
    package static func parse(_ text: String?) -> Set<SubmissionEventType>?? {
        guard let text else { return .some(nil) }
        var types: Set<SubmissionEventType> = []
        for name in text.split(separator: ",", omittingEmptySubsequences: true) {
            guard let type = SubmissionEventType(rawValue: String(name)) else { return nil }
            types.insert(type)
        }
        return .some(types)
    }
}
