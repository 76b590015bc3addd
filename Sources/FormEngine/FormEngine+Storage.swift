import FormCore
import FormStore
import Secrets

extension FormEngine {
    /// A stored submission by id, with its values; nil for a deleted one (its history keeps it).
    public func submission(id: Int64) async throws(FormEngineError) -> Submission? {
        let stored = try await storedSubmission(id: id)
        return try stored.map { stored throws(FormEngineError) in Submission(stored, values: try values(of: stored)) }
    }

    /// A draft of `form` to resume: it must exist, be a draft, belong to this form, and (with a
    /// resume token) have been made with that token.
    func resumableDraft(id: Int64, of form: LoadedForm, access: DraftAccess = .anyDraft)
        async throws(FormEngineError) -> ResumableDraft
    {
        let stored: StoredSubmission?
        do { stored = try await storage.submission(id: id) } catch { throw .storage(error) }
        guard let stored else { throw .draftNotFound(id: id, reason: "no such submission") }
        guard stored.deletion == nil else { throw .draftNotFound(id: id, reason: "it was deleted") }
        guard stored.status == .draft else { throw .draftNotFound(id: id, reason: "it is final, not a draft") }
        guard stored.formName == form.name else {
            throw .draftNotFound(id: id, reason: "it belongs to form '\(stored.formName)', not '\(form.name)'")
        }
        if case .resumeToken(let token) = access {
            let hash: String?
            do { hash = try await storage.resumeTokenHash(submissionID: id) } catch { throw .storage(error) }
            guard let hash, ConstantTime.equal(hash, SecretToken.hash(token)) else {
                throw .draftNotFound(id: id, reason: "it was not made with this resume token")
            }
        }
        return ResumableDraft(id: id, values: try values(of: stored), language: stored.language)
    }

    /// The stored values as a `FormValue`; text that is not JSON means the row was damaged.
    func values(of stored: StoredSubmission) throws(FormEngineError) -> FormValue {
        do { return try FormValue(json: stored.valuesJSON) } catch {
            throw .storage(StorageError(kind: .corrupt, backend: storage.backend,
                                        message: "submission \(stored.id) holds values that are not JSON: \(error)",
                                        database: storage.database))
        }
    }

    /// Stores values against the form's version (found by content hash, registered the first
    /// time) in one transaction: a new row, or a draft of the same form updated or finalized.
    /// `resumeToken` is kept (hashed) with a new draft, and checked again in the write's
    /// transaction when it changes one. `idempotency` and `attachments` (the files the values
    /// refer to) are kept in the same transaction.
    func persist(form: LoadedForm, values: FormValue, status: Submission.Status, draftID: Int64?, resumeToken: String? = nil,
                 idempotency: IdempotencyWrite? = nil, actor: String? = nil, attachments: [AttachmentWrite] = [],
                 language: LanguageTag) async throws(FormEngineError) -> Submission
    {
        let key = VersionKey(name: form.name, contentHash: form.contentHash)
        let known = versions.withLock { $0[key] }
        let write = SubmissionWrite(
            version: known.map { .id($0) }
                ?? .definition(formName: form.name, definitionJSON: form.canonicalJSON, contentHash: form.contentHash),
            status: status == .final ? .final : .draft, valuesJSON: values.jsonString(), draftID: draftID,
            resumeTokenHash: resumeToken.map(SecretToken.hash), idempotency: idempotency, actor: actor,
            attachments: attachments, language: language.description)
        let stored: StoredSubmission
        do { stored = try await storage.save(write) } catch {
            if error.kind == .cancelled { throw .interrupted(step: "waiting to store") }
            if let draftID, error.kind == .notFound || error.kind == .conflict {
                throw .draftNotFound(id: draftID, reason: error.message)
            }
            throw .storage(error)
        }
        if known == nil { versions.withLock { $0[key] = stored.formVersionID } }
        return Submission(stored, values: values, language: language)
    }

    /// The form's version id, registering the definition when this engine has not yet.
    func versionID(of form: LoadedForm) async throws(FormEngineError) -> Int64 {
        if let known = versions.withLock({ $0[VersionKey(name: form.name, contentHash: form.contentHash)] }) { return known }
        return try await registeredVersion(of: form).id
    }

    /// Registers the form's definition with the store (the existing version when the store has
    /// it) and remembers its id for the submits that follow.
    func registeredVersion(of form: LoadedForm) async throws(FormEngineError) -> FormVersion {
        let version: FormVersion
        do {
            version = try await storage.register(formName: form.name, definitionJSON: form.canonicalJSON, contentHash: form.contentHash)
        } catch {
            throw .storage(error)
        }
        versions.withLock { $0[VersionKey(name: form.name, contentHash: form.contentHash)] = version.id }
        return version
    }
}

/// A draft being resumed: its values, and the language it was saved in (nil for one stored
/// before formctl recorded it).
struct ResumableDraft {
    let id: Int64
    let values: FormValue
    let language: String?
}

extension DraftAccess {
    var token: String? {
        if case .resumeToken(let token) = self { return token }
        return nil
    }
}

extension FormEngine {
    /// Registers the form's definition with the store and returns its version number: what a
    /// server lists before anyone has submitted.
    public func register(_ form: LoadedForm) async throws(FormEngineError) -> Int {
        try await registeredVersion(of: form).version
    }
}
