import Synchronization
import FormStore
import PostgresNIO

extension PostgresConnection {
    /// Runs one statement with `values` bound as `$1`, `$2`...; returns its rows.
    @discardableResult
    func run(_ sql: String, _ values: [QueryValue] = [], logger: Logger) async throws -> PostgresRowSequence {
        try refuseIfClosed()
        var binds = PostgresBindings(capacity: values.count)
        for value in values {
            switch value {
            case .text(let text), .timestamp(let text): binds.append(text)
            case .integer(let number): binds.append(number)
            case .null: binds.appendNull()
            }
        }
        return try await query(PostgresQuery(unsafeSQL: sql, binds: binds), logger: logger)
    }

    /// Runs `body` in a transaction: committed if it returns, rolled back if it throws (the
    /// original error is the one thrown; a failed ROLLBACK on a broken connection adds nothing).
    func transaction<R: Sendable>(logger: Logger, _ begin: String = "BEGIN",
                                  _ body: (PostgresConnection) async throws -> R) async throws -> R {
        try refuseIfClosed()
        try await query(PostgresQuery(unsafeSQL: begin), logger: logger)
        do {
            let result = try await body(self)
            try refuseIfClosed()
            try await query("COMMIT", logger: logger)
            return result
        } catch {
            // A connection that broke has no transaction left to roll back.
            if !isClosed { _ = try? await query("ROLLBACK", logger: logger) }
            throw error
        }
    }

    /// PostgresNIO drops a statement written to a closed connection without ever answering it
    /// (the caller would wait forever), so a closed connection is refused before each one.
    func refuseIfClosed() throws {
        if isClosed { throw ClosedConnection() }
    }
}

extension PostgresConnection {
    /// Runs `body`, but stops waiting for it with `ClosedConnection` once this connection
    /// closes. PostgresNIO's COPY can wait forever when the server ends the connection while
    /// the rows are being sent (its state machine has left the query), which would leave an
    /// import stopped for good after a server restart; `body` itself is left to end or not.
    func untilClosed(_ body: @escaping @Sendable () async throws -> Void) async throws {
        let answered = Mutex(false)
        try await withCheckedThrowingContinuation { (done: CheckedContinuation<Void, any Error>) in
            let finish: @Sendable (Result<Void, any Error>) -> Void = { result in
                if answered.withLock({ answered in defer { answered = true }; return !answered }) { done.resume(with: result) }
            }
            Task {
                do { try await body(); finish(.success(())) } catch { finish(.failure(error)) }
            }
            closeFuture.whenComplete { _ in finish(.failure(ClosedConnection())) }
        }
    }
}

/// A statement not sent because its connection had already closed (`unavailable`).
struct ClosedConnection: Error {}

/// PostgreSQL's parameters: `$1`, and `$2::timestamptz` for timestamps given as stored text.
extension SQLDialect {
    static let postgres = SQLDialect(placeholder: { "$\($0)" }, timestamp: { "$\($0)::timestamptz" }, uuid: { "$\($0)::uuid" })
}

/// A migration file as separate statements, since PostgreSQL's extended protocol runs one
/// statement per query. Splits at `;` outside quotes, comments and `$$`-quoted bodies (the
/// outbox's trigger functions); tagged dollar quotes (`$body$`) are not used and not supported.
enum SQLScript {
    static func statements(_ script: String) -> [String] {
        var statements: [String] = []
        var current = ""
        var quote: Character?
        var inComment = false
        var inDollarQuote = false
        var previous: Character = " "
        for character in script {
            if inDollarQuote {
                current.append(character)
                // A `$` that closes `$$` is not also the first of a new pair.
                if character == "$" && previous == "$" {
                    inDollarQuote = false
                    previous = " "
                } else {
                    previous = character
                }
                continue
            }
            if inComment {
                if character == "\n" { inComment = false }
                previous = character
                continue
            }
            if let open = quote {
                current.append(character)
                if character == open { quote = nil }
            } else if character == "-" && previous == "-" {
                current.removeLast()
                inComment = true
            } else if character == "$" && previous == "$" {
                current.append(character)
                inDollarQuote = true
                previous = " "
                continue
            } else if character == "'" || character == "\"" {
                quote = character
                current.append(character)
            } else if character == ";" {
                let statement = current.trimmingCharacters(in: .whitespacesAndNewlines)
                if !statement.isEmpty { statements.append(statement) }
                current = ""
            } else {
                current.append(character)
            }
            previous = character
        }
        let last = current.trimmingCharacters(in: .whitespacesAndNewlines)
        if !last.isEmpty { statements.append(last) }
        return statements
    }
}
