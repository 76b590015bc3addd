import FormCore
import FormStore
import Synchronization
import Secrets

/// What a service imports: load a definition, then submit answers to it (validated, routed to
/// action handlers, stored), or drive a live session field by field.
///
/// Sendable and meant to be shared: one engine serves many concurrent tasks. Register rules,
/// transforms and functions before loading the forms that use them; a form is compiled with the
/// registrations it was loaded under.
public final class FormEngine: Sendable {
    /// Where submissions are stored: SQLite (`SQLiteStorage`) or PostgreSQL (`PostgresStorage`
    /// from FormStorePostgres). The engine's own: callers go through the engine's calls
    /// (`FormEngine+Database`, `+Forms`, `+Show`, `+Queries`, `+AccessTokens`, `+Idempotency`).
    package let storage: any SubmissionStorage
    let registry = Mutex(Registry())
    /// Versions already registered in the store, by form name and content hash, so that a
    /// submit after the first writes only its row.
    let versions = Mutex<[VersionKey: Int64]>([:])
    /// Stored versions loaded for edits, by version id, so that edits of submissions made
    /// against the same version compile its definition once.
    let editedVersions = Mutex<[Int64: LoadedForm]>([:])
    /// Stored versions kept loaded at most.
    static let maximumEditedVersions = 64

    struct Registry {
        var actions: [String: ActionHandler] = [:]
        var form = FormRegistry()
    }

    struct VersionKey: Hashable {
        var name: String
        var contentHash: String
    }

    /// Where uploads wait, as unnamed temporary files, until the submit that carries them is
    /// stored (`StoreOptions.spoolDirectory`).
    let spoolDirectory: String
    /// What all uploads in progress may hold there together (`StoreOptions.spoolLimit`).
    let spoolBudget: SpoolBudget

    /// An engine storing into `storage`, spooling uploads in `spoolDirectory` (nil: `TMPDIR`,
    /// else `/tmp`), at most `spoolLimit` bytes of them at once.
    package init(storage: any SubmissionStorage, spoolDirectory: String? = nil, spoolLimit: Int = StoreOptions.defaultSpoolLimit) {
        self.storage = storage
        self.spoolDirectory = spoolDirectory ?? SpooledFile.defaultDirectory
        self.spoolBudget = SpoolBudget(limit: spoolLimit)
    }

    /// Opens (creating and migrating) the SQLite database at `path`.
    public convenience init(databasePath: String) throws(FormEngineError) {
        do { self.init(storage: try SQLiteStorage(path: databasePath)) } catch { throw .storage(error) }
    }

    // MARK: Registration

    /// Routes `controllerAction` name (with or without QuickDialog's trailing colon) to `handler`.
    /// `submit`, `cancel`, `reset` and `saveDraft` are built in; a handler registered under one
    /// of those names replaces the built-in.
    public func registerAction(_ name: String, _ handler: @escaping ActionHandler) {
        registry.withLock { $0.actions[ActionName.normalize(name)] = handler }
    }

    /// A validation rule for `{"rule": "NAME"}`.
    public func registerValidator(_ name: String, _ rule: @escaping ValidatorRegistry.Rule) {
        registry.withLock { $0.form.validators.register(name, rule) }
    }

    /// A transform for `"transform": ["NAME"]`.
    public func registerTransform(_ name: String, _ transform: @escaping TransformRegistry.Transform) {
        registry.withLock { $0.form.transforms.register(name, transform) }
    }

    /// A function expressions may call as `NAME(arguments)`.
    public func registerFunction(_ name: String, _ function: @escaping ExpressionFunctions.Function) {
        registry.withLock { $0.form.functions.register(name, function) }
    }

    /// Whether an action of this name would run something: a registered handler or a built-in.
    public func hasHandler(for action: String) -> Bool { handler(for: ActionName.normalize(action)) != nil }

    /// The action names every form may use without registering a handler.
    public static var builtInActions: [String] { BuiltInActions.names }

    /// The host's handler for `name`, else the built-in one.
    func handler(for name: String) -> ActionHandler? {
        registry.withLock { $0.actions[name] } ?? BuiltInActions.handlers[name]
    }

    /// True when running `name` during a submit would do nothing: a built-in the host did not
    /// replace. The submit then needs no live session for it.
    func isInertDuringSubmit(_ name: String) -> Bool {
        BuiltInActions.inertDuringSubmit.contains(name) && registry.withLock { $0.actions[name] == nil }
    }

    // MARK: Forms

    /// Loads a definition file (includes resolved, from its own directory tree or
    /// `includeRoots`) under the name of the file, and compiles it. Refuses what `formctl check`
    /// refuses, and rules or transforms nobody registered. `data` is checked against the data
    /// the form declares (its root `data`): the names it lacks take their defaults, and a value
    /// of another class is refused as a `dataMismatch` issue whose path is the data's
    /// (`user.age`) and whose file is nil (the caller knows where it read the data).
    public func loadForm(
        path: String, name: String? = nil, data: FormValue = .emptyObject, includeRoots: [String] = []
    ) throws(FormEngineError) -> LoadedForm {
        let loaded: DefinitionLoader.Loaded
        do { loaded = try DefinitionLoader(includeRoots: includeRoots).load(path: path) } catch { throw .definition(error) }
        return try loadForm(definition: loaded.definition, name: name ?? LoadedForm.name(forPath: path), data: data,
                            warnings: loaded.warnings)
    }

    /// Compiles a definition that did not come from a file (a database, a request); includes
    /// must already be resolved (`DefinitionLoader().load(json:name:baseDirectory:)` does that).
    public func loadForm(
        definition: FormDefinition, name: String, data: FormValue = .emptyObject, warnings: [DefinitionIssue] = []
    ) throws(FormEngineError) -> LoadedForm {
        let registrations = registry.withLock { $0.form }
        let compiled: CompiledForm
        do { compiled = try CompiledForm(definition: definition, data: data, registry: registrations) } catch {
            throw .definition(DefinitionError(issues: error.issues + warnings))
        }
        let canonical = definition.resolvedCanonicalJSON
        return LoadedForm(name: name, definition: definition, warnings: warnings, compiled: compiled, givenData: data,
                          canonicalJSON: canonical, contentHash: SHA256.hex(of: canonical))
    }

    // MARK: Sessions

    /// A live session of `form` (bound to `data` when given, checked against the data the form
    /// declares as `loadForm` checks it), in the first of `languages` the form has (its
    /// default language otherwise): its text, and the messages of its errors.
    /// Every action the form names must have a handler: an unrouted action is reported now,
    /// before anyone starts filling it in.
    public func makeSession(for form: LoadedForm, data: FormValue? = nil, languages: LanguagePreferences = .none)
        throws(FormEngineError) -> FormSession
    {
        try checkRouted(form)
        return try form.compiled(for: data, language: form.language(for: languages)).makeSession().owned(by: form)
    }

    /// Actions the form names that no handler is registered for.
    public func unroutedActions(in form: LoadedForm) -> [ActionUse] {
        // Asked on every submit: each name the form uses is looked up, rather than a set of
        // every registered name built each time; each is looked up among the built-ins once,
        // and a form of built-in actions alone (the common case) takes no lock.
        let custom = form.compiled.actionUses.filter { BuiltInActions.handlers[$0.name] == nil }
        if custom.isEmpty { return [] }
        let unknown = registry.withLock { registry in custom.filter { registry.actions[$0.name] == nil } }
        var seen = Set<ActionUse>()
        return unknown.compactMap { use in
            let entry = ActionUse(name: use.name, path: use.path)
            return seen.insert(entry).inserted ? entry : nil
        }
    }

    func checkRouted(_ form: LoadedForm) throws(FormEngineError) {
        let unrouted = unroutedActions(in: form)
        if !unrouted.isEmpty { throw .unroutedActions(unrouted) }
    }

    /// The engine's form behind a session it made.
    func loadedForm(of session: FormSession) throws(FormEngineError) -> LoadedForm {
        guard let form = session.owner as? LoadedForm else { throw .foreignSession }
        return form
    }
}
