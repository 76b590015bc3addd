extension SubmissionStore {
    /// Runs `body` as one write transaction (`BEGIN IMMEDIATE`): everything it does is committed
    /// together, or rolled back if it throws. Use it to register a definition and save a
    /// submission atomically. Nested `write` calls become savepoints.
    public func write<T>(_ body: (Transaction) throws -> T) throws -> T {
        try locked.withLock { state in
            let transaction = Transaction(state: state)
            defer { transaction.isOpen = false }
            return try state.transaction { try body(transaction) }
        }
    }

    /// The store's operations inside a `write` block. Valid only until the block returns;
    /// using it afterwards throws `StoreError.transactionFinished`.
    public final class Transaction {
        private let state: StoreState
        fileprivate(set) var isOpen = true

        fileprivate init(state: StoreState) { self.state = state }

        private func open() throws -> StoreState {
            guard isOpen else { throw StoreError.transactionFinished }
            return state
        }

        public func register(formName: String, definitionJSON: String, contentHash: String? = nil) throws -> FormVersion {
            try open().register(formName: formName, definitionJSON: definitionJSON, contentHash: contentHash)
        }

        public func saveDraft(formVersionID: Int64, valuesJSON: String) throws -> StoredSubmission {
            try open().insert(formVersionID: formVersionID, status: .draft, valuesJSON: valuesJSON)
        }

        public func updateDraft(id: Int64, formVersionID: Int64? = nil, valuesJSON: String) throws -> StoredSubmission {
            try open().updateDraft(id: id, formVersionID: formVersionID, valuesJSON: valuesJSON, finalize: false)
        }

        public func finalize(id: Int64, formVersionID: Int64? = nil, valuesJSON: String) throws -> StoredSubmission {
            try open().updateDraft(id: id, formVersionID: formVersionID, valuesJSON: valuesJSON, finalize: true)
        }

        public func saveFinal(formVersionID: Int64, valuesJSON: String) throws -> StoredSubmission {
            try open().insert(formVersionID: formVersionID, status: .final, valuesJSON: valuesJSON)
        }

        public func saveFinalBatch(formVersionID: Int64, valuesJSON: [String]) throws -> [Int64] {
            try open().insertFinalBatch(formVersionID: formVersionID, valuesJSON: valuesJSON)
        }

        public func submission(id: Int64) throws -> StoredSubmission? {
            try open().submission(id: id)
        }

        public func delete(id: Int64) throws -> Bool {
            try open().delete(id: id)
        }

        public func latestVersion(formName: String) throws -> FormVersion? {
            try open().latestVersion(formName: formName)
        }

        public func formVersion(id: Int64) throws -> FormVersion? {
            try open().formVersion(id: id)
        }

        /// A nested transaction (a savepoint): if `body` throws, only its work is undone.
        public func write<T>(_ body: (Transaction) throws -> T) throws -> T {
            let state = try open()
            let inner = Transaction(state: state)
            defer { inner.isOpen = false }
            return try state.transaction { try body(inner) }
        }
    }
}
