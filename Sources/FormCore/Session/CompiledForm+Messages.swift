extension CompiledForm {
    /// Runs `body` with the library's messages in the form's language (`MessageLanguage`):
    /// each public call of a session and each fill that can make a message goes through here
    /// once. Binding nothing when the caller (the engine) already set the same chain.
    package func speaking<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
        if MessageLanguage.chain == messageChain { return try body() }
        return try MessageLanguage.with(language, formDefault: definition.defaultLanguage, body)
    }
}
