import Dispatch
import Glibc
import Synchronization

/// SIGINT and SIGTERM during an import: instead of dying mid-stream, the import stops reading,
/// stores what it has read (the batch in progress), says what was committed and exits 130.
/// The signals are ignored while an import runs and observed on a dispatch source, so the
/// flag is set outside any signal handler and the read loop checks it between lines. The
/// source also writes a byte to a pipe, which `LineReader` polls beside its input, so that an
/// input with nothing to read (an idle pipe, `tail -f`) does not keep the import waiting.
final class ImportInterruption {
    /// The first signal received (0: none), shared with the sources' handlers.
    private final class Requested: Sendable {
        let number = Atomic<Int32>(0)
    }

    private let requested = Requested()
    private let sources: [any DispatchSourceSignal]
    /// The pipe's read end, readable once a signal arrived (-1 if no pipe could be made: then
    /// only the check between lines sees the signal).
    let wakeDescriptor: Int32

    init() {
        let flag = requested
        var ends: [Int32] = [-1, -1]
        if pipe(&ends) == 0 {
            for end in ends {
                _ = fcntl(end, F_SETFD, FD_CLOEXEC)
                // A handler never blocks on a full pipe: one byte already there is enough.
                _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
            }
        } else {
            ends = [-1, -1]
        }
        wakeDescriptor = ends[0]
        let writer = ends[1]
        var sources: [any DispatchSourceSignal] = []
        for number in [SIGINT, SIGTERM] {
            Glibc.signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler {
                _ = flag.number.compareExchange(expected: 0, desired: number, ordering: .relaxed)
                var byte: UInt8 = 1
                if writer >= 0 { _ = Glibc.write(writer, &byte, 1) }
            }
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

    // The pipe stays open until the process exits: a handler still running after `cancel`
    // must not write into a descriptor number that has been reused by then.
    deinit {
        for source in sources { source.cancel() }
    }
}
