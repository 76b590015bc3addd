extension Migration {
    /// The SQLite migrations compiled into this binary (`migrations/*.sql`), in version order.
    package static let embedded: [Migration] = from(embedded: EmbeddedMigrations.files)
}
