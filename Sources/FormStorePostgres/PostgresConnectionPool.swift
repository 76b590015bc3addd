import FormStore
import PostgresNIO
import Synchronization

/// A few connections to one server, opened when needed and kept for reuse. A connection that
/// broke (the server went away) is dropped, not given to the next caller. A failure to connect
/// is reported to the caller at once, not retried in the background, so a command pointed at a
/// server that is down fails in the time the connection attempt takes.
final class PostgresConnectionPool: Sendable {
    private let configuration: PostgresConnection.Configuration
    private let maximum: Int
    private let logger: Logger
    private let database: String
    private let state = Mutex(State())

    private struct State {
        var idle: [PostgresConnection] = []
        var open = 0
        var nextID = 1
        var isClosed = false
        /// Callers waiting for a connection; resumed with one, or with nil: open one yourself.
        var waiting: [CheckedContinuation<PostgresConnection?, any Error>] = []
    }

    init(configuration: PostgresConnection.Configuration, maximum: Int, logger: Logger, database: String) {
        self.configuration = configuration
        self.database = database
        self.maximum = max(1, maximum)
        self.logger = logger
    }

    /// Runs `body` with a connection of its own, given back (or dropped if broken) afterwards.
    func withConnection<R: Sendable>(_ body: (PostgresConnection) async throws -> R) async throws -> R {
        let connection = try await take()
        do {
            let result = try await body(connection)
            giveBack(connection)
            return result
        } catch {
            giveBack(connection)
            throw error
        }
    }

    private enum Next {
        case use(PostgresConnection)
        case connect(id: Int)
        case wait
    }

    func take() async throws -> PostgresConnection {
        let next = try state.withLock { state throws -> Next in
            if state.isClosed { throw closedError }
            // An idle connection the server closed meanwhile (it restarted, or an
            // administrator ended it) is dropped here rather than handed out.
            while let connection = state.idle.popLast() {
                if !connection.isClosed { return .use(connection) }
                state.open -= 1
            }
            if state.open < maximum {
                state.open += 1
                state.nextID += 1
                return .connect(id: state.nextID)
            }
            return .wait
        }
        switch next {
        case .use(let connection): return connection
        case .connect(let id): return try await connect(id: id)
        case .wait:
            let handed = try await withCheckedThrowingContinuation { continuation in
                let closed = state.withLock { state -> Bool in
                    if state.isClosed { return true }
                    state.waiting.append(continuation)
                    return false
                }
                if closed { continuation.resume(throwing: closedError) }
            }
            if let handed { return handed }
            let id = state.withLock { state in
                state.nextID += 1
                return state.nextID
            }
            return try await connect(id: id)
        }
    }

    /// Opens a connection counted in `open` already; uncounts it if opening fails.
    private func connect(id: Int) async throws -> PostgresConnection {
        do {
            return try await PostgresConnection.connect(configuration: configuration, id: id, logger: logger)
        } catch {
            releaseSlot()
            throw error
        }
    }

    private var closedError: StorageError {
        StorageError(kind: .invalidRequest, backend: .postgres, message: "the store was closed", database: database)
    }

    func giveBack(_ connection: PostgresConnection) {
        if connection.isClosed {
            releaseSlot()
            return
        }
        let (waiter, closeIt) = state.withLock { state -> (CheckedContinuation<PostgresConnection?, any Error>?, Bool) in
            if state.isClosed {
                state.open -= 1
                return (nil, true)
            }
            if !state.waiting.isEmpty { return (state.waiting.removeFirst(), false) }
            state.idle.append(connection)
            return (nil, false)
        }
        waiter?.resume(returning: connection)
        if closeIt { Task { try? await connection.close() } }
    }

    /// A connection slot came free: a waiter may open one in its place.
    private func releaseSlot() {
        let waiter = state.withLock { state -> CheckedContinuation<PostgresConnection?, any Error>? in
            if !state.waiting.isEmpty { return state.waiting.removeFirst() }
            state.open -= 1
            return nil
        }
        waiter?.resume(returning: nil)
    }

    /// A pool dropped without `close()` still closes its connections: each is kept alive by
    /// its own close callback until the close is done.
    deinit {
        let idle = state.withLock { $0.idle }
        for connection in idle { connection.close().whenComplete { _ in _ = connection } }
    }

    /// Closes the idle connections and those given back from now on; waiters fail.
    func close() async {
        let (idle, waiting) = state.withLock { state in
            state.isClosed = true
            defer {
                state.open -= state.idle.count
                state.idle = []
                state.waiting = []
            }
            return (state.idle, state.waiting)
        }
        for waiter in waiting { waiter.resume(throwing: closedError) }
        for connection in idle { try? await connection.close() }
    }
}
