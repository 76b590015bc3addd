import FormCore
import Synchronization

/// A form ready for submissions: its definition (includes inlined) compiled with the engine's
/// rules, transforms and functions, and its identity in the store (name, canonical JSON and the
/// content hash that finds its version). Immutable and shared: load it once, submit to it from
/// every request.
public final class LoadedForm: Sendable {
    /// The name submissions are stored under: `signup` for `forms/signup.json`.
    public let name: String
    /// The definition as loaded, includes inlined.
    public let definition: FormDefinition
    /// What loading found but did not refuse (unknown properties, key paths the data lacks...).
    public let warnings: [DefinitionIssue]
    /// The definition compiled and bound to its data.
    package let compiled: CompiledForm
    /// The definition as stored with each version: the resolved form, so a change in an
    /// included file is a new version too.
    public let canonicalJSON: String
    /// SHA-256 of `canonicalJSON`: finds the version among all of the form's versions.
    public let contentHash: String
    /// The data the form was loaded with, as given: the loaded compilation holds it with the
    /// defaults of the declared names it lacks, so asking again with the same data finds that
    /// compilation by this.
    private let givenData: FormValue
    /// Compilations of the same definition bound to other data (a session per user, say) or
    /// in another language.
    private let otherData = Mutex<[CompilationKey: CompiledForm]>([:])

    private struct CompilationKey: Hashable {
        var data: FormValue
        var language: LanguageTag
    }
    /// Compilations for other data kept at most.
    static let maximumOtherData = 16

    init(name: String, definition: FormDefinition, warnings: [DefinitionIssue], compiled: CompiledForm, givenData: FormValue,
         canonicalJSON: String, contentHash: String)
    {
        self.givenData = givenData
        self.name = name
        self.definition = definition
        self.warnings = warnings
        self.compiled = compiled
        self.canonicalJSON = canonicalJSON
        self.contentHash = contentHash
        languages = definition.languages
    }

    /// The data the form was loaded with, the declared names it lacked set to their defaults.
    public var data: FormValue { compiled.data }

    /// The languages the form has text in, its default first. Found once: finding them walks
    /// every text of the definition, and every request that names a language asks.
    public let languages: [LanguageTag]

    /// The form's own language (the root's `language`, English when absent).
    public var defaultLanguage: LanguageTag { definition.defaultLanguage }

    /// The language the form is shown and validated in for `preferences`: the first preferred
    /// language it has, else its default. What a submission records.
    public func language(for preferences: LanguagePreferences) -> LanguageTag {
        if preferences.tags.isEmpty { return definition.defaultLanguage }
        return preferences.firstMatch(in: languages) ?? definition.defaultLanguage
    }

    /// The form compiled for `data` in `language` (the loaded compilation when it is the same
    /// data in the default language).
    func compiled(for data: FormValue?, language: LanguageTag? = nil) throws(FormEngineError) -> CompiledForm {
        let language = language ?? compiled.language
        let data = data ?? compiled.data
        let loadedData = data == givenData || data == compiled.data
        guard !loadedData || language != compiled.language else { return compiled }
        let key = CompilationKey(data: data, language: language)
        if let kept = otherData.withLock({ $0[key] }) { return kept }
        let made: CompiledForm
        do { made = try CompiledForm(definition: definition, data: data, registry: compiled.registry, language: language) } catch {
            throw .definition(error)
        }
        otherData.withLock { kept in
            if kept.count >= Self.maximumOtherData { kept.removeAll(keepingCapacity: true) }
            kept[key] = made
        }
        return made
    }

    /// The form name for a file path: its base name without `.json`.
    public static func name(forPath path: String) -> String {
        let file = path.split(separator: "/").last.map(String.init) ?? path
        return file.hasSuffix(".json") ? String(file.dropLast(5)) : file
    }
}
