/// One property of one field that changed, as a UI binds a view to it: told to observers once
/// per change (a batch's changes merged, nothing when a value was set to what it was).
///
/// `old` and `new` are `FormValue`s whatever the property: `visible`, `enabled` and `required`
/// are booleans, `title` a string (null when there is none), `value` the field's value (null
/// when it has none; a secure field's value too, as `FormSession.values` gives it), and
/// `errors` an array of the messages `validate()` would give for the field now (empty while it
/// is hidden).
///
/// ```swift
/// session.observe("maxAttendees") { change in
///     for field in change.fields where field.property == .visible { view.isHidden = field.new != true }
/// }
/// ```
public struct FieldChange: Sendable, Hashable, CustomStringConvertible {
    /// What a view shows of a field.
    public enum Property: String, Sendable, Hashable, CaseIterable {
        /// Not hidden by `hidden`, `visibility: gone`, its section or an enclosing element.
        case visible
        /// `enabled` as it stands now.
        case enabled
        /// `required` as it stands now.
        case required
        /// The title, with its expression evaluated.
        case title
        /// The field's value.
        case value
        /// The messages validation gives for the field now.
        case errors
    }

    /// The field's value path (`guests.1.email`), or the key of an element that holds no value
    /// (a label, a button).
    public var path: String
    /// Which of the field's properties changed.
    public var property: Property
    /// What it was before the change (as observers were last told, or when they began).
    public var old: FormValue
    /// What it is now.
    public var new: FormValue

    /// A change, as observers are told it (tests compare with one).
    public init(path: String, property: Property, old: FormValue, new: FormValue) {
        self.path = path
        self.property = property
        self.old = old
        self.new = new
    }

    /// `maxAttendees.visible: false -> true`, for logs and test failures.
    public var description: String { "\(path).\(property.rawValue): \(old) -> \(new)" }

    /// The changes of a batch as one per field and property: the first old value, the last new
    /// one, and nothing where the two are equal again.
    static func merging(_ changes: [FieldChange]) -> [FieldChange] {
        var order: [String] = []
        var merged: [String: FieldChange] = [:]
        for change in changes {
            let key = change.path + "\u{0}" + change.property.rawValue
            if merged[key] == nil { order.append(key) }
            merged[key, default: change].new = change.new
        }
        return order.compactMap { merged[$0] }.filter { $0.old != $0.new }
    }
}
