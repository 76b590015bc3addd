import Synchronization

/// A definition compiled for filling: checked as `check` checks it, bound to its data, its
/// expressions compiled into an ordered graph, its rules and transforms resolved, where answers
/// go and what may be stored worked out. Immutable and shared: every session and every answers
/// object of the form starts from it, and making a session evaluates nothing.
///
/// Repeats change a form's structure (each item adds its template's elements); the structure of
/// each shape (the repeats' item counts) is built the first time it is needed and kept, so
/// answers with one, two or three guests each build theirs once.
package final class CompiledForm: Sendable {
    /// The definition as loaded (includes inlined), before binding: every language's text.
    package let definition: FormDefinition
    /// The language the form is compiled in: its text, and the library's messages in its
    /// sessions (`MessageLanguage`).
    package let language: LanguageTag
    /// The languages the form's messages are looked up in: `language`, its fallbacks, the
    /// definition's default language, English.
    let messageChain: [LanguageTag]
    /// `definition` in `language`: what is bound, shown and validated.
    package let localizedDefinition: FormDefinition
    /// The data the form is bound to.
    package let data: FormValue
    /// The rules, transforms and functions the form was compiled with.
    package let registry: FormRegistry
    /// The structure with the data's own items.
    let base: FormStructure
    /// The form's file fields, as patterns of their key paths (`fileRules(atKeyPath:)`).
    let fileFields: [FileField]
    private let shapes = Mutex<[RepeatShape: FormStructure]>([:])

    /// Shapes kept at most; answers with ever new item counts are built each time rather than
    /// holding memory without bound.
    static let maximumKeptShapes = 64

    /// Compiles `definition` bound to `data`. Refuses what `check` refuses (an expression that
    /// does not parse, in a template too; a malformed `validate` entry), data of another class
    /// than the form declares (`dataMismatch` issues, with the data's paths and no file) and,
    /// since the host's registrations are known here, rules and transforms nobody registered.
    ///
    /// `requiringRegistrations: false` lets unknown rules and transforms through, for reading a
    /// stored definition whose host is not this one (an export); such a form validates with
    /// an error for each unknown rule.
    package init(
        definition: FormDefinition, data: FormValue = .emptyObject, registry: FormRegistry = FormRegistry(),
        requiringRegistrations: Bool = true, language: LanguageTag? = nil
    ) throws(DefinitionError) {
        let lint = DefinitionLint(
            knownRules: Set(registry.validators.names), knownTransforms: Set(registry.transforms.names),
            registrationsComplete: requiringRegistrations)
        let errors = lint.lint(definition).filter(\.isError)
        if !errors.isEmpty { throw DefinitionError(issues: errors) }
        self.definition = definition
        self.language = language ?? definition.defaultLanguage
        localizedDefinition = definition.localized(to: self.language)
        messageChain = MessageLanguage.lookupChain(for: self.language, formDefault: definition.defaultLanguage)
        // Declared data is checked wherever the data comes from, and fills in what it lacks.
        let conformed = definition.conformedData(data)
        if !conformed.mismatches.isEmpty { throw DataMismatch.error(conformed.mismatches) }
        self.data = conformed.data
        // localized('key') reads the form's strings in the language it is compiled in.
        var registry = registry
        registry.functions.strings = localizedDefinition.strings(for: self.language)
        self.registry = registry
        do {
            base = try Self.build(localizedDefinition, data: self.data, baseData: self.data, registry: registry)
        } catch {
            // Compiling knows JSON paths only; the definition knows their files, lines and columns.
            throw DefinitionError(issues: error.issues.map(definition.located))
        }
        fileFields = Self.fileFields(of: base)
    }

    /// A new session on this form, at its bound values.
    package func makeSession() -> FormSession {
        FormSession(form: self, state: SessionState(form: self, structure: base))
    }

    /// The fields of the form as bound (repeats with the data's items), with their live state.
    /// The same form compiled again: equal in every respect, but sharing none of this one's
    /// structures. Threads filling one compiled form at once touch the same objects' reference
    /// counts and its lock of repeat shapes; a copy each keeps them apart.
    package func compiledAgain() throws(DefinitionError) -> CompiledForm {
        try CompiledForm(definition: definition, data: data, registry: registry, language: language)
    }

    package var fields: [FieldInfo] { SessionState(form: self, structure: base).fieldInfos() }

    /// The repeats of the form as bound.
    package var repeats: [RepeatInfo] { base.repeats }

    /// Every action name the form uses, with the field it is on.
    package var actionUses: [(name: String, path: String)] { base.actionUses }

    /// Dotted paths of fields that are never stored (`secureTextEntry`), as bound.
    package var securePaths: [String] { base.secureCandidates.compactMap { base.elements[$0].dottedPath } }

    /// The structure for `shape`, built once and kept.
    func structure(for shape: RepeatShape) throws(DefinitionError) -> FormStructure {
        if shape.added.isEmpty { return base }
        if let kept = shapes.withLock({ $0[shape] }) { return kept }
        var grown = data
        for (path, count) in shape.added.sorted(by: { $0.key.components.count < $1.key.components.count }) {
            let existing = grown.value(at: path)?.arrayValue?.count ?? 0
            for offset in 0..<count { try? grown.setValue(.emptyObject, at: path.appending(.index(existing + offset))) }
        }
        let built = try Self.build(localizedDefinition, data: grown, baseData: data, registry: registry)
        shapes.withLock { kept in
            if kept.count >= Self.maximumKeptShapes { kept.removeAll(keepingCapacity: true) }
            kept[shape] = built
        }
        return built
    }

    /// Shapes kept now (at most `maximumKeptShapes`).
    var keptShapeCount: Int { shapes.withLock { $0.count } }

    /// A structure for data that is not a shape of this form's data (items removed from the
    /// data's own list): built for the one session that needs it, not kept.
    func structure(forData data: FormValue) throws(DefinitionError) -> FormStructure {
        try Self.build(localizedDefinition, data: data, baseData: self.data, registry: registry)
    }

    /// Lays out the structure and evaluates every live property once, so that sessions start
    /// from its results.
    static func build(_ definition: FormDefinition, data: FormValue, baseData: FormValue, registry: FormRegistry)
        throws(DefinitionError) -> FormStructure
    {
        let layout = try StructureLayout(definition: definition, data: data, baseData: baseData, registry: registry)
        let unevaluated = FormStructure(
            layout: layout, initialValues: layout.defaults,
            initialResolved: Array(repeating: .null, count: layout.live.count), initialErrors: [:])
        var state = SessionState(form: nil, structure: unevaluated)
        state.evaluateAll()
        return FormStructure(layout: layout, initialValues: state.values, initialResolved: state.resolved,
                             initialErrors: state.evaluationErrors)
    }
}

/// What a host adds to its forms: validation rules, transforms and expression functions.
package struct FormRegistry: Sendable {
    package var validators = ValidatorRegistry()
    package var transforms = TransformRegistry()
    package var functions = ExpressionFunctions()

    package init(
        validators: ValidatorRegistry = ValidatorRegistry(), transforms: TransformRegistry = TransformRegistry(),
        functions: ExpressionFunctions = ExpressionFunctions()
    ) {
        self.validators = validators
        self.transforms = transforms
        self.functions = functions
    }
}

/// The items added to a form's repeats beyond the data's own, by repeat path: what decides a
/// structure once the definition and data are fixed.
struct RepeatShape: Sendable, Hashable {
    var added: [ValuePath: Int] = [:]
}
