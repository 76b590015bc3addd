import FormCore
import FormStore

extension FormEngine {
    /// The body a webhook carries for `event`, and what a service reads for it:
    /// `{"type","timestamp","data"}` (Standard Webhooks' shape), where `data` is the submission
    /// as the listing gives it at the event's revision (`jsonValue(of:)`: no secure field ever,
    /// files as references), with `"revision"`; after a purge, only what the event itself
    /// holds (`id`, `uuid`, `form`, `revision`).
    public func payload(of event: SubmissionEvent) async throws(FormEngineError) -> FormValue {
        // SHAPE: the engine slice builds it (the row, or its revision from history; a draft's
        // values as they are now, since a draft keeps no history).
        ["type": .string(event.type.rawValue), "timestamp": .string(Timestamp.format(event.occurredAt))]
    }
}
