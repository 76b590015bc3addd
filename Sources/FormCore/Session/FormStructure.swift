/// Everything about a form being filled that its values cannot change: the bound form
/// flattened, its expressions compiled and ordered, where answers go and what may be stored.
///
/// Built once per shape (the repeats' item counts) by `CompiledForm` and shared, immutable, by
/// every session and every answers object of that shape; a session's own state is only its values
/// and the live results that depend on them (`SessionState`).
final class FormStructure: Sendable {
    /// The data this shape was bound to: the compiled form's data with empty items added.
    let data: FormValue
    let form: BoundForm
    let elements: [SessionElement]
    let sections: [SessionSection]
    /// Values as bound, before any expression ran: what `reset` goes back to.
    let defaults: FormValue
    let live: [LiveProperty]
    /// Live property indexes in evaluation order (computed values before their readers).
    let order: [Int]
    let orderPosition: [Int]
    /// Live properties by the first key of a path they read, to find dependents quickly.
    let dependentsByKey: [String: [Int]]
    /// Live property index by owner and property name.
    let liveIndex: [LiveProperty.Owner: [String: Int]]
    /// The keys an answers object may hold, as a tree.
    let answerKeys: AnswerKeys
    /// Element index by dotted value path.
    let elementByPath: [String: Int]
    /// Elements whose value is never stored: `secureTextEntry` true, or an expression that
    /// decides it per submission.
    let secureCandidates: [Int]
    /// Elements that a live property may hide, or hidden for good: left out of stored values.
    let hideableElements: [Int]
    let repeats: [RepeatInfo]
    /// Action names the form uses, with where each is used.
    let actionUses: [(name: String, path: String)]
    /// Buttons that name a `controllerAction`: every submit asks which are shown.
    let actionButtons: [Int]
    /// Per live property: whether it decides what is stored or checked.
    let decisive: [Bool]
    /// The host's rules, transforms and functions, as the form was compiled with them.
    let registry: FormRegistry
    /// The values, live results and evaluation errors right after binding: a new session's
    /// starting point, so making one evaluates nothing.
    let initialValues: FormValue
    let initialResolved: [FormValue]
    let initialErrors: [String: String]

    init(layout: StructureLayout, initialValues: FormValue, initialResolved: [FormValue], initialErrors: [String: String]) {
        data = layout.data
        form = layout.form
        elements = layout.elements
        sections = layout.sections
        defaults = layout.defaults
        live = layout.live
        order = layout.order
        orderPosition = layout.orderPosition
        dependentsByKey = layout.dependentsByKey
        liveIndex = layout.liveIndex
        answerKeys = layout.answerKeys
        elementByPath = layout.elementByPath
        secureCandidates = layout.secureCandidates
        hideableElements = layout.hideableElements
        repeats = layout.repeats
        actionUses = layout.actionUses
        actionButtons = layout.actionButtons
        registry = layout.registry
        decisive = layout.decisive
        self.initialValues = initialValues
        self.initialResolved = initialResolved
        self.initialErrors = initialErrors
    }

    /// Calls `body` with each live property that reads `path` (or something inside or around
    /// it), with no array made: every answer written asks.
    func forEachDependent(of path: ValuePath, _ body: (Int) -> Void) {
        guard case .key(let first)? = path.components.first, let candidates = dependentsByKey[first] else { return }
        for candidate in candidates where live[candidate].dependencies.contains(where: { Self.overlaps($0, path) }) { body(candidate) }
    }

    /// Two paths touch when one is a prefix of the other (`guests` and `guests[1].email`).
    static func overlaps(_ a: ValuePath, _ b: ValuePath) -> Bool {
        let count = min(a.components.count, b.components.count)
        for position in 0..<count where !same(a.components[position], b.components[position]) { return false }
        return true
    }

    /// `items.0` and `items[0]` name the same thing.
    static func same(_ a: ValuePath.Component, _ b: ValuePath.Component) -> Bool {
        switch (a, b) {
        case (.key(let x), .index(let i)), (.index(let i), .key(let x)): return Int(x) == i
        default: return a == b
        }
    }

    /// Whether the element's value is computed by an expression (and so not typed in).
    func isComputed(element index: Int) -> Bool {
        (liveIndex[.element(index)] ?? [:]).values.contains { live[$0].writes != nil }
    }
}
