/// One element of a session's form, flattened in definition order, with where its value lives.
///
/// A class, because every answers object reads these entries many times and a struct this
/// size was copied at each read. `@unchecked Sendable` is sound because the `var`s are set only
/// by `StructureLayout` while it builds a structure, before the structure is shared; nothing
/// writes them afterwards.
final class SessionElement: @unchecked Sendable {
    let element: Element
    /// Index of the section the element sits in (in `FormStructure.sections`).
    let sectionIndex: Int
    /// The path of the element's value in the values object, for keyed value-bearing elements.
    let valuePath: ValuePath?
    /// `valuePath.dotted`, kept because answers, errors and lookups all use the dotted form.
    let dottedPath: String?
    /// The repeat item the element was built from (`guests[1]`), for sibling lookups.
    let itemPath: ValuePath?
    /// The data item the element was bound to, for expressions that read the iterate item.
    let dataItem: FormValue?
    /// The enclosing element for elements of nested roots (their hidden state is inherited).
    let parentIndex: Int?
    /// How the element's value is given, checked and shown.
    let valueType: FieldValueType
    /// Where the element is in the bound form (`sections[0].elements[2]`), as `check` names places.
    var jsonPath = ""

    /// Whether the element is hidden, when no expression can change it (nil when one can):
    /// spares the property lookups for the common, static case.
    var staticHidden: Bool? = nil
    /// Whether any property of the element is an expression: most are not, and for those the
    /// lookups of live results are skipped.
    var hasLiveProperties = false
    /// `required` as written, when no expression decides it.
    var staticRequired: Bool? = nil
    /// `secureTextEntry` as written, when no expression decides it.
    var staticSecure: Bool? = nil
    /// Whether the element may be disabled (`enabled` written false, or an expression): an
    /// answer that changes its value is checked once every answer is in.
    var mayBeDisabled = false
    /// What validation reads from the element as written, read once (elements whose properties
    /// are live are read again from their resolved element).
    var constraints: FieldConstraints?
    /// The tests of its `expression` rules and the rule messages written with `@{...}`,
    /// compiled once, by their text.
    var tests: [String: PropertyExpression] = [:]
    /// The live properties that read the element's value (or something inside or around it),
    /// found once: every answer written re-evaluates them. Nil when more than
    /// `StructureLayout.keptDependents` properties read its first key (each item of a big
    /// repeat read by every other: keeping them all would cost the square of the items when
    /// the form is laid out), and then they are looked up by the path when it changes.
    var dependents: [Int]?
    /// The element's `transform`s, resolved once, applied in order to every value set.
    var transforms: [TransformRegistry.Transform] = []

    init(element: Element, sectionIndex: Int, valuePath: ValuePath?, itemPath: ValuePath?, dataItem: FormValue?,
         parentIndex: Int?)
    {
        self.element = element
        self.sectionIndex = sectionIndex
        self.valuePath = valuePath
        self.dottedPath = valuePath?.dotted
        self.itemPath = itemPath
        self.dataItem = dataItem
        self.parentIndex = parentIndex
        self.valueType = FieldValueType(element)
    }
}

extension SessionElement {
    /// `valueType.accept(answer, for: element)`. Asked here, the element is passed where it
    /// lives; passed from outside (`entry.valueType.accept(answer, for: entry.element)`), the
    /// optimized build copied the whole element out of the class for every answer.
    /// The choices come from the constraints read at compile time, as validation reads them.
    func accept(_ answer: FormValue) -> Result<FormValue, FieldInputError> {
        valueType.accept(answer, for: element, choices: constraints?.choices)
    }
}

/// A section of a session's form.
struct SessionSection: Sendable {
    var section: Section
    var parentElement: Int?
}

/// A property whose value is an `@{...}` expression, re-evaluated when what it reads changes.
struct LiveProperty: Sendable {
    enum Owner: Sendable, Hashable {
        case element(Int)
        case section(Int)
        case root
    }

    var owner: Owner
    var property: String
    var expression: PropertyExpression
    /// The absolute value paths it reads (form values only: bound data never changes).
    var dependencies: [ValuePath]
    /// For a computed value: the value path it writes, which other properties may read.
    var writes: ValuePath?
    /// The JSON path of the property, for messages.
    var jsonPath: String
}

/// A change told to observers: the values that changed, and what changed of each field a
/// view shows, once per batch.
public struct FormChange: Sendable {
    /// Value paths that were set (or recomputed), dotted (`guests.1.email`); `""` when answers
    /// were applied as a whole or the form was reset.
    public var paths: [String]
    /// Actions fired by the change: a boolean switched, a radio or segmented choice changed.
    public var actions: [ActionRequest]
    /// Each field's visible, enabled, required, title, value and errors that changed, old and
    /// new, in form order; an observer of a key gets those of that key and what is inside it.
    public var fields: [FieldChange] = []
}

/// An action a person triggered: its name (without the trailing colon) and the element that fired.
public struct ActionRequest: Sendable, Hashable {
    /// The action's name, as routed to a handler.
    public var name: String
    /// The element's key path (`guests.1.agree`), or its key when it holds no value (a button).
    public var elementPath: String
    /// The element's `key`, when it has one.
    public var elementKey: String?
    /// Where the element is in the bound form (`sections[0].elements[2]`): the JSON path that
    /// `check` and `render --format json` use, which every element has, keyed or not.
    public var jsonPath: String

    /// A request for `name`, fired by the element at `jsonPath`.
    public init(name: String, elementPath: String, elementKey: String?, jsonPath: String) {
        self.name = name
        self.elementPath = elementPath
        self.elementKey = elementKey
        self.jsonPath = jsonPath
    }
}

/// Cancels an observation when passed to `FormSession.removeObserver(_:)`.
public struct ObservationToken: Sendable, Hashable {
    let id: Int
}

/// A request a session cannot carry out: an unknown key, a computed field, a secret from text,
/// a value that does not fit its field (`"abc"` for a number: `path` names the field, `message`
/// is what `formctl import` says of the same answer).
public struct SessionError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The key path the request named.
    public var path: String
    /// Why it was refused.
    public var message: String
    package init(path: String, message: String) {
        self.path = path
        self.message = message
    }
    /// `path: message`.
    public var description: String { "\(path): \(message)" }
}
