import FormCore
import FormStore

/// One page of stored submissions with their values, and the cursor of the next page.
public struct SubmissionList: Sendable, Equatable {
    /// The page's submissions, in the query's order.
    public let submissions: [Submission]
    /// Pass it as the next query's `after`; nil on the last page.
    public let next: SubmissionCursor?
}

extension FormEngine {
    /// One page of `query` (by form, version, status, review state, uuid, created and updated
    /// ranges, in its order), each with its values and the id of the version it was made
    /// against. Deleted submissions are never listed (`history(id:)` keeps them).
    public func submissions(_ query: SubmissionQuery) async throws(FormEngineError) -> SubmissionList {
        let page: SubmissionPage
        do { page = try await storage.page(query.with(tombstones: .excluded)) } catch { throw .storage(error) }
        var submissions: [Submission] = []
        submissions.reserveCapacity(page.submissions.count)
        for stored in page.submissions { submissions.append(Submission(stored, values: try values(of: stored))) }
        return SubmissionList(submissions: submissions, next: page.next)
    }

    /// The submission with this UUID, if any; nil for a deleted one.
    public func submission(uuid: String) async throws(FormEngineError) -> Submission? {
        try await submissions(SubmissionQuery(uuid: uuid, limit: 1)).submissions.first
    }

    /// The stored definition a submission was made against (`Submission.formVersionID`),
    /// loaded and compiled as it was stored: includes are inlined in stored definitions, so no
    /// file is read. Bound to `data` (empty by default); nil when there is no such version.
    public func loadForm(versionID: Int64, data: FormValue = .emptyObject) async throws(FormEngineError) -> LoadedForm? {
        let version: FormVersion?
        do { version = try await storage.formVersion(id: versionID) } catch { throw .storage(error) }
        guard let version else { return nil }
        let definition: FormDefinition
        do { definition = try FormDefinition(json: version.definitionJSON) } catch { throw .definition(error) }
        let form = try loadForm(definition: definition, name: version.formName, data: data)
        // Loaded from the store, so its version is known: a submit to it writes only its row.
        if form.contentHash == version.contentHash {
            versions.withLock { $0[VersionKey(name: form.name, contentHash: form.contentHash)] = version.id }
        }
        return form
    }

    /// The latest stored version of form `formName`, loaded (bound to `data`) as it was stored:
    /// what an edit moves a submission to when it is brought to the latest version. Nil when
    /// the form has no stored version.
    public func loadLatestForm(formName: String, data: FormValue = .emptyObject) async throws(FormEngineError) -> LoadedForm? {
        let latest: FormVersion?
        do { latest = try await storage.latestVersion(formName: formName) } catch { throw .storage(error) }
        guard let latest else { return nil }
        return try await loadForm(versionID: latest.id, data: data)
    }
}
