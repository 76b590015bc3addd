/// One element of a session's form, flattened in definition order, with where its value lives.
struct SessionElement: Sendable {
    var element: Element
    /// Index of the section the element sits in (in `FormStructure.sections`).
    var sectionIndex: Int
    /// The path of the element's value in the values object, for keyed value-bearing elements.
    var valuePath: ValuePath?
    /// `valuePath.dotted`, kept because answers, errors and lookups all use the dotted form.
    var dottedPath: String?
    /// The repeat item the element was built from (`guests[1]`), for sibling lookups.
    var itemPath: ValuePath?
    /// The data item the element was bound to, for expressions that read the iterate item.
    var dataItem: FormValue?
    /// The enclosing element for elements of nested roots (their hidden state is inherited).
    var parentIndex: Int?
    /// Whether the element is hidden, when no expression can change it (nil when one can):
    /// spares the property lookups for the common, static case.
    var staticHidden: Bool? = nil
    /// The element's `validate` rules, parsed once rather than at every validation.
    var rules: [ValidationRule] = []
    /// The tests of its `expression` rules, compiled once.
    var tests: [String: PropertyExpression] = [:]
    /// How the element's value is given, checked and shown.
    var valueType: FieldValueType
    /// The element's `transform` names, applied to every value set.
    var transforms: [String] = []
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

/// A change told to observers: the values that changed, once per batch.
public struct FormChange: Sendable {
    /// Value paths that were set (or recomputed), dotted (`guests.1.email`).
    public var paths: [String]
    /// Actions fired by the change: a boolean switched, a radio or segmented choice changed.
    public var actions: [ActionRequest]
}

/// An action a person triggered: its name (without the trailing colon) and the element's key path.
public struct ActionRequest: Sendable, Hashable {
    public var name: String
    public var elementPath: String
    public var elementKey: String?

    public init(name: String, elementPath: String, elementKey: String?) {
        self.name = name
        self.elementPath = elementPath
        self.elementKey = elementKey
    }
}

/// Cancels an observation when passed to `FormSession.removeObserver(_:)`.
public struct ObservationToken: Sendable, Hashable {
    let id: Int
}

/// A request a session cannot carry out: an unknown key, a computed field, a secret from text.
public struct SessionError: Error, Sendable, Equatable, CustomStringConvertible {
    public var path: String
    public var message: String
    public init(path: String, message: String) {
        self.path = path
        self.message = message
    }
    public var description: String { "\(path): \(message)" }
}
