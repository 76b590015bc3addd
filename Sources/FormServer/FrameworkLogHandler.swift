import Logging

/// The log handler of the logger Hummingbird is given: what it logs at `critical` goes to the
/// server's own log line by line; below that, nothing (the access log says what a request did).
///
/// Not swift-log's `StreamLogHandler`, because Hummingbird sets a request id in every request's
/// logger metadata, and `StreamLogHandler` formats its whole metadata again on every change: a
/// few percent of a submission's CPU spent on text that was never written. Metadata is not kept.
struct FrameworkLogHandler: LogHandler {
    let write: @Sendable (String) -> Void
    var logLevel: Logger.Level = .critical

    var metadata: Logger.Metadata {
        get { [:] }
        set {}
    }

    subscript(metadataKey _: String) -> Logger.Metadata.Value? {
        get { nil }
        set {}
    }

    func log(event: LogEvent) {
        write("formctl serve: \(event.level): \(event.message)")
    }
}
