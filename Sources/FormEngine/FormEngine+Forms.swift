import FormStore

/// What the store holds of forms: each form with its versions and submission counts.
extension FormEngine {
    /// Every stored form by name, with how many versions it has, the latest one's number, and
    /// how many final submissions and drafts it holds.
    public func forms() async throws(FormEngineError) -> [FormSummary] {
        do { return try await storage.forms() } catch { throw .storage(error) }
    }

    /// The number of the latest stored version of `formName`; nil when no version of it is
    /// stored yet (a form is registered when it is first served, filled or submitted).
    public func latestVersion(formName: String) async throws(FormEngineError) -> Int? {
        do { return try await storage.latestVersion(formName: formName)?.version } catch { throw .storage(error) }
    }

    /// How many submissions match `query` (its order, limit and cursor are ignored).
    public func count(_ query: SubmissionQuery) async throws(FormEngineError) -> Int {
        do { return try await storage.count(query) } catch { throw .storage(error) }
    }
}
