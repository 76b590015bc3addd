import Testing

/// What the formctl under test was built with. `serve` and `token` need the package's `Server`
/// trait, `deliver` and `webhook-secret` (and `serve --webhook...`) its `Webhooks` trait, a
/// `postgres://` address its `PostgreSQL` trait; none is on by default, so a plain `swift test`
/// builds a formctl without them and the tests that run those commands are cancelled, saying
/// which trait they need, rather than failing. `swift test --traits PostgreSQL,Server,Webhooks`
/// (what CI runs) runs them all.
enum BuiltTraits {
    #if Server
    static let server = true
    #else
    static let server = false
    #endif
    #if Webhooks
    static let webhooks = true
    #else
    static let webhooks = false
    #endif
    #if PostgreSQL
    static let postgreSQL = true
    #else
    static let postgreSQL = false
    #endif

    /// The traits `arguments` (a formctl command line) need that this build lacks.
    static func missing(for arguments: [String]) -> [String] {
        var missing: Set<String> = []
        if let command = arguments.first {
            if ["serve", "token"].contains(command), !server { missing.insert("Server") }
            if ["deliver", "webhook-secret"].contains(command), !webhooks { missing.insert("Webhooks") }
        }
        if arguments.first == "serve", arguments.contains(where: { $0.hasPrefix("--webhook") }), !webhooks {
            missing.insert("Webhooks")
        }
        if arguments.contains(where: { $0.hasPrefix("postgres://") || $0.hasPrefix("postgresql://") }), !postgreSQL {
            missing.insert("PostgreSQL")
        }
        return missing.sorted()
    }

    /// Cancels the running test when `arguments` need a trait this build lacks.
    static func require(for arguments: [String]) throws {
        let missing = missing(for: arguments)
        guard !missing.isEmpty else { return }
        try Test.cancel("formctl was built without the \(missing.joined(separator: " and ")) trait (swift test --traits PostgreSQL,Server,Webhooks runs this)")
    }
}
