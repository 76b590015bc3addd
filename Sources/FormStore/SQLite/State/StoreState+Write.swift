import Secrets

extension StoreState {
    /// One `SubmissionWrite`: a single INSERT when the version is known and neither a draft, an
    /// idempotency key nor a file is involved (its own atomic transaction), else one write
    /// transaction doing it all, the key's answer and the files included.
    func save(_ write: SubmissionWrite) throws -> StoredSubmission {
        if case .id(let versionID) = write.version, write.draftID == nil, write.idempotency == nil, write.attachments.isEmpty {
            return try insert(formVersionID: versionID, status: write.status, valuesJSON: write.valuesJSON,
                              resumeTokenHash: write.resumeTokenHash, actor: write.actor, language: write.language)
        }
        return try transaction {
            let stored = try saveRow(write)
            if let record = write.idempotency { try keep(record, for: stored) }
            return stored
        }
    }

    private func saveRow(_ write: SubmissionWrite) throws -> StoredSubmission {
        try transaction {
            let versionID: Int64
            switch write.version {
            case .id(let id): versionID = id
            case let .definition(formName, definitionJSON, contentHash):
                versionID = try register(formName: formName, definitionJSON: definitionJSON, contentHash: contentHash).id
            }
            guard let draftID = write.draftID else {
                let stored = try insert(formVersionID: versionID, status: write.status, valuesJSON: write.valuesJSON,
                                        resumeTokenHash: write.resumeTokenHash, actor: write.actor, language: write.language)
                try storeAttachments(write.attachments, submissionID: stored.id, revision: stored.revision)
                return stored
            }
            guard let existing = try submission(id: draftID), existing.deletion == nil else {
                throw StoreError.submissionNotFound(id: draftID)
            }
            guard existing.status == .draft else { throw StoreError.notADraft(id: draftID) }
            if let expected = write.resumeTokenHash {
                guard let stored = try resumeTokenHash(submissionID: draftID), ConstantTime.equal(stored, expected) else {
                    throw StoreError.resumeTokenMismatch(id: draftID)
                }
            }
            let formName = try versionRef(id: versionID).formName
            guard existing.formName == formName else {
                throw StoreError.draftOfAnotherForm(id: draftID, formName: existing.formName, expected: formName)
            }
            let stored = try updateDraft(id: draftID, formVersionID: versionID, valuesJSON: write.valuesJSON,
                                         finalize: write.status == .final, actor: write.actor, language: write.language)
            try replaceAttachments(write.attachments, submissionID: draftID, revision: stored.revision)
            return stored
        }
    }
}
