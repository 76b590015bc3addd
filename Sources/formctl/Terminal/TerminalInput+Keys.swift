import Glibc
import Synchronization
import TerminalKeys

/// The decoder's state between calls of `readKey`, and the keys decoded from the last read
/// but not yet handed out (a paste gives thousands at once).
private struct KeyQueue: ~Copyable {
    var decoder = TerminalKeyDecoder()
    var keys: [TerminalKey] = []
    /// The next key of `keys` to hand out.
    var next = 0

    mutating func pop() -> TerminalKey? {
        guard next < keys.count else { return nil }
        defer {
            next += 1
            if next == keys.count {
                keys.removeAll(keepingCapacity: true)
                next = 0
            }
        }
        return keys[next]
    }
}

private let keyQueue = Mutex(KeyQueue())

extension TerminalInput {
    /// How long to wait for the rest of an escape sequence or UTF-8 character before taking
    /// what came as a lone Escape key (or dropping it).
    static let sequenceWaitMilliseconds = 50

    /// Reads one key, waiting as long as it takes; an escape sequence is read whole, and bytes
    /// that make no key (malformed UTF-8, sequences with no use here) are dropped on the way.
    /// Throws `Interrupted` on Ctrl-C and `EndOfInput` when the terminal is gone.
    static func readKey() throws -> TerminalKey {
        var bytes = [UInt8](repeating: 0, count: 4096)
        while true {
            let (queued, pending) = keyQueue.withLock { queue -> (TerminalKey?, Bool) in
                let key = queue.pop()
                return (key, key == nil && queue.decoder.isPending)
            }
            if let queued { return queued }
            let count = try bytes.withUnsafeMutableBytes {
                try readBytes(into: $0, waitingMilliseconds: pending ? sequenceWaitMilliseconds : nil)
            }
            keyQueue.withLock { queue in
                if count == 0 {
                    queue.decoder.pause(into: &queue.keys)
                } else {
                    for byte in bytes[..<count] { queue.decoder.feed(byte, into: &queue.keys) }
                }
            }
            if count == 0, !pending { throw EndOfInput() }
        }
    }

    /// Whether a key or a byte is waiting right now, so that a paste is taken in whole before
    /// the line is drawn again.
    static var hasPendingInput: Bool {
        if keyQueue.withLock({ $0.next < $0.keys.count }) { return true }
        var descriptor = pollfd(fd: 0, events: Int16(POLLIN), revents: 0)
        return poll(&descriptor, 1, 0) > 0
    }
}
