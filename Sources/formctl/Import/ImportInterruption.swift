import Dispatch
import Glibc
import Synchronization

/// SIGINT and SIGTERM during an import: instead of dying mid-stream, the import stops reading,
/// stores what it has read (the batch in progress), says what was committed and exits 130.
/// The signals are ignored while an import runs and observed on a dispatch source, so the
/// flag is set outside any signal handler and the read loop checks it between lines.
final class ImportInterruption {
    /// The first signal received (0: none), shared with the sources' handlers.
    private final class Requested: Sendable {
        let number = Atomic<Int32>(0)
    }

    private let requested = Requested()
    private let sources: [any DispatchSourceSignal]

    init() {
        let flag = requested
        var sources: [any DispatchSourceSignal] = []
        for number in [SIGINT, SIGTERM] {
            Glibc.signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { _ = flag.number.compareExchange(expected: 0, desired: number, ordering: .relaxed) }
            source.resume()
            sources.append(source)
        }
        self.sources = sources
    }

    /// The signal that asked the import to stop, if one did.
    var received: Int32? {
        let number = requested.number.load(ordering: .relaxed)
        return number == 0 ? nil : number
    }

    /// Thrown out of the read loop when a signal arrived.
    struct Stop: Error {}

    func checkpoint() throws {
        if received != nil { throw Stop() }
    }

    deinit {
        for source in sources { source.cancel() }
    }
}
