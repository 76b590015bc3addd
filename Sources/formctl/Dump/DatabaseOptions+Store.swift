import FormEngine

// dump reads the store below the engine until its export moves into FormEngine; this file goes
// with that move.
extension DatabaseOptions {
    func openStore(readOnly: Bool) async throws -> any SubmissionStorage {
        try await openEngine(readOnly: readOnly).storage
    }
}
