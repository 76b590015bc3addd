import FormStore
import PostgresNIO
import Synchronization

/// The connection that LISTENs on the outbox's channel for `outboxSignals()`: opened on first
/// use (a command that never waits for events opens none), outside the pool so it never takes
/// a connection a query needs, reopened after a drop (the server restarted, an administrator
/// ended it) with a growing pause, and closed with the storage.
final class PostgresOutboxListener: Sendable {
    private enum Phase {
        case idle
        case running(Task<Void, Never>)
        case closed
    }

    private let configuration: PostgresConnection.Configuration
    private let channel: String
    private let broadcast: OutboxBroadcast
    private let logger: Logger
    private let phase = Mutex(Phase.idle)

    init(configuration: PostgresConnection.Configuration, channel: String, broadcast: OutboxBroadcast, logger: Logger) {
        self.configuration = configuration
        self.channel = channel
        self.broadcast = broadcast
        self.logger = logger
    }

    /// Starts listening, unless it already does or the storage closed.
    func start() {
        phase.withLock { phase in
            guard case .idle = phase else { return }
            let (configuration, channel, broadcast, logger) = (configuration, channel, broadcast, logger)
            phase = .running(Task {
                await Self.listen(configuration: configuration, channel: channel, broadcast: broadcast, logger: logger)
            })
        }
    }

    /// Stops listening and returns once the connection is closed.
    func close() async {
        let task = phase.withLock { phase -> Task<Void, Never>? in
            defer { phase = .closed }
            if case .running(let task) = phase { return task }
            return nil
        }
        task?.cancel()
        await task?.value
    }

    private static func listen(configuration: PostgresConnection.Configuration, channel: String, broadcast: OutboxBroadcast,
                               logger: Logger) async {
        let shortest = Duration.milliseconds(100)
        var pause = shortest
        while !Task.isCancelled {
            if let connection = try? await PostgresConnection.connect(configuration: configuration, id: 0, logger: logger) {
                _ = try? await connection.listen(on: channel) { notifications in
                    // Listening again: what was written while no connection listened is looked for.
                    broadcast.signal()
                    pause = shortest
                    for try await _ in notifications { broadcast.signal() }
                }
                try? await connection.close()
            }
            try? await Task.sleep(for: pause)
            pause = min(pause * 2, .seconds(5))
        }
    }
}
