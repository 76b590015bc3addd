import Synchronization

/// One form being filled, live: its values, its live properties and its observers, over a
/// compiled form shared with every other session of it. Thread-safe: every read and write goes
/// through one lock, and observers are called after it is released.
///
/// A terminal or a UI drives a session field by field; answers from a file or a request go
/// through `CompiledForm.fill` (or the engine's submit) without one.
public final class FormSession: Sendable {
    /// The compiled form the session fills.
    let compiledForm: CompiledForm
    /// What the engine that made the session knows of its form (its stored identity); nil for
    /// a session made without one.
    package let owner: (any Sendable)?
    let state: Mutex<SessionState>
    let observers = Mutex<Observers>(Observers())

    struct Observers {
        var nextID = 0
        var byKey: [Int: (key: String?, body: @Sendable (FormChange) -> Void)] = [:]
        /// Nesting depth of `batch` and the change accumulated in it.
        var batchDepth = 0
        var pending = FormChange(paths: [], actions: [])
    }

    /// Compiles `definition` bound to `data` and starts a session on it (a convenience for one
    /// session; share a `CompiledForm` to make many).
    package convenience init(
        definition: FormDefinition, data: FormValue = .emptyObject, functions: ExpressionFunctions = ExpressionFunctions(),
        transforms: TransformRegistry = TransformRegistry(), validators: ValidatorRegistry = ValidatorRegistry()
    ) throws(DefinitionError) {
        let registry = FormRegistry(validators: validators, transforms: transforms, functions: functions)
        let form = try CompiledForm(definition: definition, data: data, registry: registry)
        self.init(form: form, state: SessionState(form: form, structure: form.base))
    }

    init(form: CompiledForm, state: SessionState, owner: (any Sendable)? = nil) {
        compiledForm = form
        self.owner = owner
        self.state = Mutex(state)
    }

    /// The same session's state under another owner (the engine tags the sessions it makes).
    package func owned(by owner: any Sendable) -> FormSession {
        // Without the observers' snapshots: the new session has no observers of its own.
        FormSession(form: compiledForm, state: state.withLock { state in
            var copy = state
            copy.observation = nil
            return copy
        }, owner: owner)
    }

    // MARK: Reading

    /// The language the session shows its form in and writes its messages in.
    public var language: LanguageTag { compiledForm.language }

    /// All current values, secure fields included.
    public var values: FormValue { state.withLock { $0.values } }

    /// The value at a key path (`guests.1.email`); nil when nothing is there or the path does not parse.
    public func value(forKey path: String) -> FormValue? {
        state.withLock { state in (try? ValuePath(parsing: path)).flatMap { state.values.value(at: $0) } }
    }

    /// The form bound to its data, with the current values and live properties written in.
    package var form: BoundForm {
        state.withLock { state in
            var form = state.structure.form
            var counter = 0
            var sectionCounter = 0
            // Section selections are synthesized fields with no element in the tree.
            let treeIndexes = state.elements.indices.filter { !state.elements[$0].element.isSectionSelection }
            form.definition.root = Self.replaceElements(
                in: form.definition.root, counter: &counter, sectionCounter: &sectionCounter,
                resolveSection: { state.resolvedSection($0, $1) }
            ) { state.resolvedElement(treeIndexes[$0]) }
            return form
        }
    }

    /// Every element in definition order, with its live state, and each repeat's template.
    public var fields: [FieldInfo] { state.withLock { $0.fieldInfos() } }

    /// Every section in definition order, with its live title and visibility.
    public var sections: [SectionInfo] { state.withLock { $0.sectionInfos() } }

    /// Every repeat (a section built from `iterate:`), with its item count and bounds.
    public var repeats: [RepeatInfo] { state.withLock { $0.repeats } }

    /// The values of visible fields, secure fields included: what validation and action
    /// handlers see.
    public var visibleValues: FormValue { state.withLock { $0.submissionValues() } }

    /// What a store gets: visible fields without the secure ones. Secrets reach validation and
    /// handlers through `values`; never storage.
    public var valuesToStore: FormValue { state.withLock { $0.storableValues() } }

    /// The actions of the visible buttons, in form order.
    public var buttonActions: [ActionRequest] { state.withLock { $0.buttonActions() } }

    /// Dotted paths of the fields that are secure now, whose values must never be stored or logged.
    package var securePaths: [String] { state.withLock { $0.securePaths } }

    /// Answers that could not be used and have not been corrected since: a submit refuses them.
    public var answerErrors: [FieldError] { state.withLock { Array($0.inputErrors.values) } }

    /// The bound data with the current values written back through every `bind` pair.
    package var dataWrittenBack: FormValue {
        let form = self.form
        var data = state.withLock { $0.data }
        form.fetchValueUsingBindings(into: &data)
        return data
    }

    /// Grows with every change of a value: whether anything changed since an earlier reading.
    package var revision: Int { state.withLock { $0.revision } }

    /// Expression evaluations since the session was made.
    package var evaluationCount: Int { state.withLock { $0.evaluationCount } }

    /// Runtime expression failures (a division by zero...) by JSON path of the property.
    package var evaluationErrors: [String: String] { state.withLock { $0.evaluationErrors } }

    /// Every action name the form uses, with the field it is on.
    package var actionUses: [(name: String, path: String)] { state.withLock { $0.structure.actionUses } }

    /// `root` with each element replaced by `resolve` of its number and each section's
    /// properties by `resolveSection` of its number, both counted in the order the structure
    /// lays them out (a section, then its elements, an element's own sections after it).
    static func replaceElements(
        in root: Element, counter: inout Int, sectionCounter: inout Int, resolveSection: (Int, Section) -> Section,
        _ resolve: (Int) -> Element
    ) -> Element {
        var root = root
        guard var sections = root.sections else { return root }
        for sectionIndex in sections.indices {
            // A section's title, footer and hidden may be expressions: shown as they are now.
            sections[sectionIndex] = resolveSection(sectionCounter, sections[sectionIndex])
            sectionCounter += 1
            guard var elements = sections[sectionIndex].elements else { continue }
            for elementIndex in elements.indices {
                let nested = elements[elementIndex].sections
                var replaced = resolve(counter)
                counter += 1
                if nested != nil {
                    replaced.sections = nested
                    replaced = replaceElements(
                        in: replaced, counter: &counter, sectionCounter: &sectionCounter, resolveSection: resolveSection, resolve)
                }
                elements[elementIndex] = replaced
            }
            sections[sectionIndex].elements = elements
        }
        root.sections = sections
        return root
    }
}
