extension Connection {
    /// Runs `body` with a prepared statement for `sql`, taken from the cache (prepared once per
    /// connection) and reset afterwards whatever happens.
    ///
    /// If the cached statement is already in use further up the stack (a query run from inside
    /// an export callback), a private statement is prepared for this call instead, because
    /// resetting the shared one would break the outer loop.
    package func withStatement<R>(_ sql: String, _ body: (Statement) throws -> R) throws -> R {
        let statement: Statement
        var isPrivate = false
        if let cached = statementCache[sql] {
            if cached.isInUse {
                statement = try Statement(connection: self, sql: sql, persistent: false)
                isPrivate = true
            } else {
                statement = cached
            }
        } else {
            statement = try Statement(connection: self, sql: sql, persistent: true)
            statementCache[sql] = statement
        }
        statement.isInUse = true
        defer {
            statement.isInUse = false
            if isPrivate { statement.finalize() } else { statement.reset() }
        }
        return try body(statement)
    }

    /// Runs a single statement with `values` bound and no rows expected.
    func run(_ sql: String, _ values: [SQLiteValue] = [], operation: String) throws {
        try withStatement(sql) { statement in
            try statement.bind(values)
            try statement.run(operation)
        }
    }

    /// Reads every row of a query through `row`.
    package func query<T>(_ sql: String, _ values: [SQLiteValue] = [], operation: String,
                  _ row: (Statement) throws -> T) throws -> [T] {
        try withStatement(sql) { statement in
            try statement.bind(values)
            var rows: [T] = []
            while try statement.step(operation) { rows.append(try row(statement)) }
            return rows
        }
    }

    /// Reads the first row of a query, if any.
    func queryFirst<T>(_ sql: String, _ values: [SQLiteValue] = [], operation: String,
                       _ row: (Statement) throws -> T) throws -> T? {
        try withStatement(sql) { statement in
            try statement.bind(values)
            return try statement.step(operation) ? try row(statement) : nil
        }
    }
}
