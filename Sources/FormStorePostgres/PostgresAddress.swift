import FormStore
import Foundation

/// A PostgreSQL server and database, from a libpq-style address:
/// `postgres://user[:password]@host[:port]/database[?sslmode=disable|prefer|require][&host=/socket/dir]`.
/// `postgresql://` works too; a host that starts with `/` (given as `?host=` or percent-encoded)
/// is the directory of the server's Unix socket. The user defaults to `$PGUSER`, then the login
/// name; the password to `$PGPASSWORD`; the port to 5432; the database to the user's name.
package struct PostgresAddress: Sendable, Equatable, CustomStringConvertible {
    package enum TLSMode: String, Sendable {
        case disable, prefer, require
    }

    package var username: String
    /// Never shown: `description` leaves it out, and no error message carries it.
    package var password: String?
    /// A host name or address; nil when connecting through `socketDirectory`.
    package var host: String?
    package var port: Int
    package var socketDirectory: String?
    package var database: String
    package var tls: TLSMode

    /// True for `postgres://` and `postgresql://` addresses: what `--db` and `FORMCTL_DB` use
    /// to tell a server from an SQLite path.
    package static func isAddress(_ text: String) -> Bool {
        text.hasPrefix("postgres://") || text.hasPrefix("postgresql://")
    }

    /// Parses `text`; throws `StorageError` (`invalidRequest`) naming what is wrong, without
    /// repeating the password.
    package init(_ text: String, environment: [String: String] = ProcessInfo.processInfo.environment) throws(StorageError) {
        func invalid(_ reason: String) -> StorageError {
            StorageError(kind: .invalidRequest, backend: .postgres, message: "not a PostgreSQL address: \(reason)",
                         database: "postgres://…")
        }
        guard Self.isAddress(text), let components = URLComponents(string: text) else {
            throw invalid("expected postgres://user@host/database")
        }
        var query: [String: String] = [:]
        for item in components.queryItems ?? [] {
            guard let value = item.value else { throw invalid("parameter '\(item.name)' has no value") }
            query[item.name] = value
        }
        for name in query.keys where !["sslmode", "host", "port", "user", "password", "dbname"].contains(name) {
            throw invalid("unknown parameter '\(name)' (known: sslmode, host, port, user, password, dbname)")
        }
        let login = ProcessInfo.processInfo.userName
        username = components.percentEncodedUser.flatMap { $0.removingPercentEncoding }.flatMap { $0.isEmpty ? nil : $0 }
            ?? query["user"] ?? environment["PGUSER"] ?? login
        password = components.percentEncodedPassword.flatMap { $0.removingPercentEncoding } ?? query["password"]
            ?? environment["PGPASSWORD"]
        let hostText = components.percentEncodedHost.flatMap { $0.removingPercentEncoding }.flatMap { $0.isEmpty ? nil : $0 }
            ?? query["host"]
        if let hostText, hostText.hasPrefix("/") {
            socketDirectory = hostText
            host = nil
        } else {
            socketDirectory = nil
            host = hostText ?? "localhost"
        }
        if let portText = query["port"] {
            guard let value = Int(portText), (1...65535).contains(value) else { throw invalid("port '\(portText)'") }
            port = value
        } else {
            port = components.port ?? 5432
        }
        guard (1...65535).contains(port) else { throw invalid("port \(port)") }
        let path = components.path.hasPrefix("/") ? String(components.path.dropFirst()) : components.path
        database = path.isEmpty ? (query["dbname"] ?? username) : path
        guard let mode = TLSMode(rawValue: query["sslmode"] ?? "prefer") else {
            throw invalid("sslmode '\(query["sslmode"] ?? "")' (use disable, prefer or require)")
        }
        tls = mode
    }

    /// The Unix socket file PostgreSQL listens on in `socketDirectory`.
    package var socketPath: String? {
        socketDirectory.map { ($0.hasSuffix("/") ? $0 : $0 + "/") + ".s.PGSQL.\(port)" }
    }

    /// The address without its password, for messages and logs.
    package var description: String {
        if let socketDirectory {
            return "postgres://\(username)@/\(database)?host=\(socketDirectory)&port=\(port)"
        }
        return "postgres://\(username)@\(host ?? "localhost"):\(port)/\(database)"
    }
}
