import FormStore
import PostgresNIO

extension StorageError {
    /// The typed error for what PostgresNIO (or the server) reports: server errors by their
    /// SQLSTATE class, connection failures as `unavailable`. The message is the server's own
    /// (with its detail), or the connection's failure; the password is in neither.
    init(postgres error: any Error, operation: String?, database: String) {
        switch error {
        case let error as StorageError:
            self = error
        case let error as PSQLError:
            if error.code == .server, let info = error.serverInfo {
                let state = info[.sqlState] ?? ""
                var message = info[.message] ?? "server error"
                if let detail = info[.detail] { message += " (\(detail))" }
                self.init(kind: Self.kind(sqlState: state), backend: .postgres, code: state.isEmpty ? nil : state,
                          message: message, operation: operation, database: database)
            } else {
                let connectionCodes: [PSQLError.Code] = [
                    .connectionError, .serverClosedConnection, .clientClosedConnection, .uncleanShutdown, .poolClosed,
                    .sslUnsupported, .unsupportedAuthMechanism, .authMechanismRequiresPassword, .saslError,
                ]
                let kind: Kind = connectionCodes.contains(error.code) ? .unavailable : .other
                let cause = error.underlying.map { ": \(String(describing: $0))" } ?? ""
                self.init(kind: kind, backend: .postgres, code: nil,
                          message: "\(error.code.description)\(cause)", operation: operation, database: database)
            }
        case let error as MigrationError:
            self.init(kind: error.storageKind, backend: .postgres, message: error.description, operation: operation,
                      database: database)
        case let error as StoreError:
            self.init(kind: error.storageKind, backend: .postgres, message: error.description, operation: operation,
                      database: database)
        case is ClosedConnection:
            self.init(kind: .unavailable, backend: .postgres, message: "the server closed the connection", operation: operation,
                      database: database)
        case is CancellationError:
            self.init(kind: .other, backend: .postgres, message: "cancelled", operation: operation, database: database)
        default:
            // Connecting fails with NIO's own errors (connection refused, no such socket).
            self.init(kind: .unavailable, backend: .postgres, message: String(describing: error), operation: operation,
                      database: database)
        }
    }

    /// The kind for a SQLSTATE, by its class (the first two characters) where that is enough.
    static func kind(sqlState state: String) -> Kind {
        switch state {
        case "40001", "40P01", "55P03", "53300", "57014": return .busy
        case "25006": return .readOnly
        case "53100", "53200", "53400": return .full
        case "XX001", "XX002": return .corrupt
        case "3D000", "57P01", "57P02", "57P03": return .unavailable
        default: break
        }
        switch state.prefix(2) {
        case "23": return .constraint
        case "08", "28": return .unavailable
        case "58": return .io
        case "22": return .invalidRequest
        default: return .other
        }
    }
}
