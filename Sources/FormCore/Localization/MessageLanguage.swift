/// The languages the library's messages are written in for the work under way: the session's
/// language, its fallbacks, the form's default language, then English.
///
/// A task-local rather than a parameter: messages are made deep inside validation (a date that
/// does not parse, a choice that is not offered), and every one of them must speak the
/// session's language without each function between the session and the message passing it on.
/// `FormSession` and the engine set it around their work; code that sets nothing speaks English.
package enum MessageLanguage {
    /// The lookup chain, best first; never empty.
    @TaskLocal package static var chain: [LanguageTag] = [.english]

    /// Runs `body` with messages in `language`, falling back along its tag, then to
    /// `formDefault`, then to English.
    package static func with<T, E: Error>(
        _ language: LanguageTag, formDefault: LanguageTag = .english, _ body: () throws(E) -> T
    ) throws(E) -> T {
        try with(chain: lookupChain(for: language, formDefault: formDefault), body)
    }

    /// Runs `body` with messages looked up along `chain`; binds nothing when it is the chain
    /// in force already (a session's every call, inside a fill that set it).
    package static func with<T, E: Error>(chain: [LanguageTag], _ body: () throws(E) -> T) throws(E) -> T {
        if self.chain == chain { return try body() }
        // TaskLocal.withValue rethrows untyped; keep the typed error across it.
        let result: Result<T, E> = $chain.withValue(chain) {
            do throws(E) { return .success(try body()) } catch { return .failure(error) }
        }
        return try result.get()
    }

    /// The async form of `with`, for engine calls that await inside.
    package static func with<T: Sendable, E: Error>(
        _ language: LanguageTag, formDefault: LanguageTag = .english, _ body: () async throws(E) -> T
    ) async throws(E) -> T {
        let chain = lookupChain(for: language, formDefault: formDefault)
        let result: Result<T, E> = await $chain.withValue(chain) {
            do throws(E) { return .success(try await body()) } catch { return .failure(error) }
        }
        return try result.get()
    }

    /// `de-CH`, `de`, then the form's default and English, without repeats.
    package static func lookupChain(for language: LanguageTag, formDefault: LanguageTag) -> [LanguageTag] {
        var chain: [LanguageTag] = []
        for tag in language.fallbacks + formDefault.fallbacks + [.english] where !chain.contains(tag) { chain.append(tag) }
        return chain
    }
}
