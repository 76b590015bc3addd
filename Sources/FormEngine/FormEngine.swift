import FormCore
import FormStore
import Synchronization

/// What a service imports: load a definition, make sessions, route actions, validate and store.
///
/// Sendable and meant to be shared: one engine serves many concurrent tasks, each with its own
/// `FormSession`; the store serializes writes.
public final class FormEngine: Sendable {
    public let store: SubmissionStore
    let registry = Mutex(Registry())

    struct Registry {
        var actions: [String: ActionHandler] = [:]
        var validators = ValidatorRegistry()
        var transforms = TransformRegistry()
        var functions = ExpressionFunctions()
    }

    public init(store: SubmissionStore) {
        self.store = store
    }

    /// Opens (creating and migrating) the database at `path`.
    public convenience init(databasePath: String) throws(FormEngineError) {
        do { self.init(store: try SubmissionStore(path: databasePath)) } catch {
            throw .storage(String(describing: error))
        }
    }

    // MARK: Registration

    /// Routes `controllerAction` name (with or without QuickDialog's trailing colon) to `handler`.
    public func registerAction(_ name: String, _ handler: @escaping ActionHandler) {
        registry.withLock { $0.actions[ActionName.normalize(name)] = handler }
    }

    /// A validation rule for `{"rule": "NAME"}`.
    public func registerValidator(_ name: String, _ rule: @escaping ValidatorRegistry.Rule) {
        registry.withLock { $0.validators.register(name, rule) }
    }

    /// A transform for `"transform": ["NAME"]`.
    public func registerTransform(_ name: String, _ transform: @escaping TransformRegistry.Transform) {
        registry.withLock { $0.transforms.register(name, transform) }
    }

    /// A function expressions may call as `NAME(arguments)`.
    public func registerFunction(_ name: String, _ function: @escaping ExpressionFunctions.Function) {
        registry.withLock { $0.functions.register(name, function) }
    }

    public func hasHandler(for action: String) -> Bool {
        registry.withLock { $0.actions[ActionName.normalize(action)] != nil }
    }

    // MARK: Definitions and sessions

    /// Loads a definition file (includes resolved) under the name of the file.
    public func loadForm(path: String, name: String? = nil) throws(FormEngineError) -> LoadedForm {
        do {
            let loaded = try DefinitionLoader().load(path: path)
            return LoadedForm(name: name ?? LoadedForm.name(forPath: path), definition: loaded.definition, warnings: loaded.warnings)
        } catch {
            throw .definition(error)
        }
    }

    /// A session of `form` bound to `data`. Every action the form names must have a handler:
    /// an unrouted action is reported now, before anyone starts filling the form in.
    public func makeSession(for form: LoadedForm, data: FormValue = .emptyObject) throws(FormEngineError) -> FormSession {
        let (functions, transforms) = registry.withLock { ($0.functions, $0.transforms) }
        let session: FormSession
        do { session = try FormSession(definition: form.definition, data: data, functions: functions, transforms: transforms) } catch {
            throw .definition(error)
        }
        let unrouted = unroutedActions(in: session)
        if !unrouted.isEmpty { throw .unroutedActions(unrouted) }
        return session
    }

    /// Actions the session's form names that no handler is registered for.
    public func unroutedActions(in session: FormSession) -> [ActionUse] {
        let known = registry.withLock { Set($0.actions.keys) }
        var seen = Set<ActionUse>()
        return session.actionUses.compactMap { use in
            let entry = ActionUse(name: use.name, path: use.path)
            guard !known.contains(use.name), seen.insert(entry).inserted else { return nil }
            return entry
        }
    }

    /// Validation with the engine's registered rules.
    public func validate(_ session: FormSession) -> [FieldError] {
        session.validate(registry: registry.withLock { $0.validators })
    }
}
