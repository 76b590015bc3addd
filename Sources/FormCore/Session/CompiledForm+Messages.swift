extension CompiledForm {
    /// Runs `body` with the library's messages in the form's language (`MessageLanguage`):
    /// each public call of a session and each fill that can make a message goes through here
    /// once. Binds nothing when the caller (the engine) already set the same chain, and binds
    /// the chain worked out when the form was compiled otherwise: a session's `set` runs once
    /// per value of an import.
    package func speaking<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
        if MessageLanguage.chain == messageChain { return try body() }
        // TaskLocal.withValue rethrows untyped; keep the typed error across it.
        let result: Result<T, E> = MessageLanguage.$chain.withValue(messageChain) {
            do throws(E) { return .success(try body()) } catch { return .failure(error) }
        }
        return try result.get()
    }
}
