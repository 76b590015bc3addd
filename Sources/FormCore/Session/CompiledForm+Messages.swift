extension CompiledForm {
    /// Runs `body` with the library's messages in the form's language (`MessageLanguage`):
    /// each public call of a session and each fill that can make a message goes through here
    /// once. Binds nothing when the caller (the engine) already set the same chain, and binds
    /// the chain worked out when the form was compiled otherwise: a session's `set` runs once
    /// per value of an import.
    package func speaking<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
        try MessageLanguage.with(chain: messageChain, body)
    }
}
