/// Anything a form can be bound to and write its values back into.
///
/// `FormValue` conforms directly; any `Codable` type conforms through `CodableKeyValueAdapter`,
/// which round-trips it through `FormValue`.
package protocol KeyValueCoding {
    /// The value at `path`, or nil when the path is missing.
    func value(at path: ValuePath) -> FormValue?
    /// Writes `value` at `path`.
    mutating func setValue(_ value: FormValue, at path: ValuePath) throws(KeyValueCodingError)
    /// The whole object as a value, which is what templates are bound to.
    var formValue: FormValue { get }
}

/// A write that cannot happen: through a collection operator, or into a type that rejects it.
package struct KeyValueCodingError: Error, Sendable, Equatable, CustomStringConvertible {
    package var path: String
    package var message: String
    package init(path: String, message: String) {
        self.path = path
        self.message = message
    }
    package var description: String { "cannot set '\(path)': \(message)" }
}

extension FormValue: KeyValueCoding {
    package var formValue: FormValue { self }
}
