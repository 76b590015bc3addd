import FormEngine

/// The version `formctl --version` prints: the library's, kept in one place
/// (`FormEngine.version`) so that webhooks' `user-agent` says the same.
enum FormctlVersion {
    static let current = FormEngine.version
}
