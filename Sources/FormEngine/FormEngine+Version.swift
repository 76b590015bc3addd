extension FormEngine {
    /// formctl's version: what `formctl --version` prints and webhooks send in their
    /// `user-agent`. Raised with every release; the stored data says which schema it has
    /// (`formctl migrate --status`), so this is for people and bug reports.
    public static let version = "0.9.10"
}
