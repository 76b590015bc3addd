/// The version `formctl --version` prints. Raised with every release tag; the stored data says
/// which schema it has (formctl migrate --status), so this is for people and bug reports.
enum FormctlVersion {
    static let current = "0.5.0"
}
