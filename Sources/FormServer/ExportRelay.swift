import FormEngine
import Synchronization

/// An export's chunks on their way to a client that reads them at its own pace: the export
/// runs in a task of its own and hands chunks over here, a few at most; the response takes
/// them as the client's socket drains.
///
/// An export holds one of the store's readers until it ends, so a client that stops reading
/// must not hold it for ever: when the chunks handed over have waited `stallLimit` for the
/// client, the export gives up (its reader goes back to the store) and the response ends
/// short whenever the client reads again.
final class ExportRelay: Sendable {
    /// Why an export stopped: its client took nothing for too long.
    struct Stalled: Error, CustomStringConvertible {
        let limit: Duration
        var description: String { "the client read nothing for \(limit)" }
    }

    private struct State {
        var chunks: [[UInt8]] = []
        var end: Result<Void, any Error>?
        /// The response, waiting for a chunk or the end.
        var taker: CheckedContinuation<[UInt8]?, any Error>?
        /// The export, waiting for room, and the timer that gives up on the client.
        var giver: (continuation: CheckedContinuation<Void, any Error>, timer: Task<Void, Never>?)?
        /// Set when the response is gone (the client closed): the export stops at once.
        var abandoned = false

        /// The waiting export, to be resumed, its timer stopped.
        mutating func takeGiver() -> CheckedContinuation<Void, any Error>? {
            guard let giver else { return nil }
            self.giver = nil
            giver.timer?.cancel()
            return giver.continuation
        }
    }

    private let state = Mutex(State())
    private let capacity: Int
    private let stallLimit: Duration

    init(capacity: Int = 4, stallLimit: Duration) {
        self.capacity = max(1, capacity)
        self.stallLimit = stallLimit
    }

    /// Hands a chunk over, waiting while `capacity` chunks are already waiting for the client;
    /// throws `Stalled` when the client took none of them for `stallLimit`.
    func give(_ chunk: [UInt8]) async throws {
        let taker = try state.withLock { state throws -> CheckedContinuation<[UInt8]?, any Error>? in
            if state.abandoned { throw CancellationError() }
            if let taker = state.taker {
                state.taker = nil
                return taker
            }
            state.chunks.append(chunk)
            return nil
        }
        if let taker {
            taker.resume(returning: chunk)
            return
        }
        guard state.withLock({ $0.chunks.count > capacity }) else { return }
        try await waitForRoom()
    }

    private func waitForRoom() async throws {
        let limit = stallLimit
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            let waits = state.withLock { state -> Bool in
                guard state.chunks.count > capacity, !state.abandoned else { return false }
                state.giver = (continuation, nil)
                return true
            }
            guard waits else { return continuation.resume() }
            let timer = Task { [weak self] in
                try? await Task.sleep(for: limit)
                guard !Task.isCancelled else { return }
                self?.state.withLock { $0.takeGiver() }?.resume(throwing: Stalled(limit: limit))
            }
            let stillWaiting = state.withLock { state -> Bool in
                guard state.giver != nil else { return false }
                state.giver?.timer = timer
                return true
            }
            if !stillWaiting { timer.cancel() }
        }
    }

    /// The response is gone: the export, waiting or not, stops at its next chunk.
    func abandon() {
        state.withLock { state in
            state.abandoned = true
            return state.takeGiver()
        }?.resume(throwing: CancellationError())
    }

    /// Ends what is handed over: the response ends after the chunks still waiting, with
    /// `error` when there is one.
    func finish(_ error: (any Error)?) {
        let taker = state.withLock { state -> CheckedContinuation<[UInt8]?, any Error>? in
            state.end = error.map { .failure($0) } ?? .success(())
            defer { state.taker = nil }
            return state.chunks.isEmpty ? state.taker : nil
        }
        if let error { taker?.resume(throwing: error) } else { taker?.resume(returning: nil) }
    }

    /// The next chunk for the client; nil at the end; the export's error when it failed.
    func take() async throws -> [UInt8]? {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<[UInt8]?, any Error>) in
            enum Next { case chunk([UInt8], CheckedContinuation<Void, any Error>?), end(Result<Void, any Error>), wait }
            let next = state.withLock { state -> Next in
                if !state.chunks.isEmpty {
                    let chunk = state.chunks.removeFirst()
                    return .chunk(chunk, state.chunks.count <= capacity ? state.takeGiver() : nil)
                }
                if let end = state.end { return .end(end) }
                state.taker = continuation
                return .wait
            }
            switch next {
            case .chunk(let chunk, let room):
                room?.resume()
                continuation.resume(returning: chunk)
            case .end(.success): continuation.resume(returning: nil)
            case .end(.failure(let error)): continuation.resume(throwing: error)
            case .wait: break
            }
        }
    }
}

/// An export's chunks into a relay.
struct ExportRelaySink: ExportSink {
    let relay: ExportRelay

    func write(_ bytes: [UInt8]) async throws {
        try await relay.give(bytes)
    }
}
