extension PostgresTestServer {
    /// Runs the SQL file at `path` with psql, stopping at the first error: for a `pg_dump`
    /// dump, whose `COPY ... FROM stdin` data only psql reads.
    public func psql(file path: String, database: String) throws {
        try Self.run("\(binaries)/psql", ["-X", "-q", "-v", "ON_ERROR_STOP=1", "-h", directory, "-p", String(port),
                                          "-U", Self.user, "-d", database, "-f", path])
    }
}
