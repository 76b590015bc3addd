import FormCore
import FormStore

extension FormEngine {
    /// A stored submission by id, with its values.
    public func submission(id: Int64) throws(FormEngineError) -> Submission? {
        let stored: StoredSubmission?
        do { stored = try store.submission(id: id) } catch { throw .storage(String(describing: error)) }
        guard let stored else { return nil }
        return Submission(stored, values: try Self.values(of: stored))
    }

    /// A draft of `form` to resume: it must exist, be a draft, and belong to this form.
    func resumableDraft(id: Int64, of form: LoadedForm) throws(FormEngineError) -> (id: Int64, values: FormValue) {
        let stored: StoredSubmission?
        do { stored = try store.submission(id: id) } catch { throw .storage(String(describing: error)) }
        guard let stored else { throw .draftNotFound(id: id, reason: "no such submission") }
        guard stored.status == .draft else { throw .draftNotFound(id: id, reason: "it is final, not a draft") }
        guard stored.formName == form.name else {
            throw .draftNotFound(id: id, reason: "it belongs to form '\(stored.formName)', not '\(form.name)'")
        }
        return (id, try Self.values(of: stored))
    }

    static func values(of stored: StoredSubmission) throws(FormEngineError) -> FormValue {
        do { return try FormValue(json: stored.valuesJSON) } catch {
            throw .storage("submission \(stored.id) holds values that are not JSON: \(error)")
        }
    }

    /// Stores values against the form's version (found by content hash, registered the first
    /// time) in one transaction: a new row, or a draft of the same form updated or finalized.
    func persist(form: LoadedForm, values: FormValue, status: Submission.Status, draftID: Int64?) throws(FormEngineError) -> Submission {
        let json = values.jsonString()
        let key = VersionKey(name: form.name, contentHash: form.contentHash)
        let known = versions.withLock { $0[key] }
        do {
            let stored: StoredSubmission
            let versionID: Int64
            if let known, draftID == nil {
                // The version is registered: the row is the whole transaction.
                versionID = known
                stored = status == .final
                    ? try store.saveFinal(formVersionID: known, valuesJSON: json)
                    : try store.saveDraft(formVersionID: known, valuesJSON: json)
            } else {
                (stored, versionID) = try store.write { transaction in
                    let versionID = try known ?? transaction.register(
                        formName: form.name, definitionJSON: form.canonicalJSON, contentHash: form.contentHash).id
                    guard let draftID else {
                        let row = status == .final
                            ? try transaction.saveFinal(formVersionID: versionID, valuesJSON: json)
                            : try transaction.saveDraft(formVersionID: versionID, valuesJSON: json)
                        return (row, versionID)
                    }
                    guard let existing = try transaction.submission(id: draftID), existing.status == .draft else {
                        throw FormEngineError.draftNotFound(id: draftID, reason: "no draft with this id")
                    }
                    guard existing.formName == form.name else {
                        throw FormEngineError.draftNotFound(
                            id: draftID, reason: "it belongs to form '\(existing.formName)', not '\(form.name)'")
                    }
                    let row = status == .final
                        ? try transaction.finalize(id: draftID, formVersionID: versionID, valuesJSON: json)
                        : try transaction.updateDraft(id: draftID, formVersionID: versionID, valuesJSON: json)
                    return (row, versionID)
                }
            }
            if known == nil { versions.withLock { $0[key] = versionID } }
            return Submission(stored, values: values)
        } catch let error as FormEngineError {
            throw error
        } catch {
            throw .storage(String(describing: error))
        }
    }

    /// The form's version id, registering the definition when this engine has not yet.
    func versionID(of form: LoadedForm) throws(FormEngineError) -> Int64 {
        let key = VersionKey(name: form.name, contentHash: form.contentHash)
        if let known = versions.withLock({ $0[key] }) { return known }
        do {
            let id = try store.register(formName: form.name, definitionJSON: form.canonicalJSON, contentHash: form.contentHash).id
            versions.withLock { $0[key] = id }
            return id
        } catch {
            throw .storage(String(describing: error))
        }
    }
}
