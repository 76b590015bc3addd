/// Lets any `Codable` type be bound to a form and receive the values written back.
///
/// The value is held as a `FormValue` (encoded with `FormValueEncoder`, so members keep the order
/// the type encodes them in); reads and writes go through that tree, and `decoded()` turns it back
/// into `T`. Writes are not checked against `T` one by one: a form sets fields one at a time and
/// the intermediate states need not decode; `decoded()` reports what does not fit, with its path.
///
/// Dates travel as ISO 8601 strings (the design's rule for form data), both ways.
///
/// ```swift
/// var data = try CodableKeyValueAdapter(user)
/// try data.setValue("Lyon", at: ValuePath(parsing: "address.city"))
/// let updated = try data.decoded()
/// ```
package struct CodableKeyValueAdapter<T: Codable>: KeyValueCoding {
    /// The encoded value, with every write applied.
    package private(set) var formValue: FormValue

    package init(_ value: T, encoder: FormValueEncoder = FormValueEncoder()) throws {
        formValue = try encoder.encode(value)
    }

    /// Adopts an already encoded value, e.g. one loaded from a stored submission.
    package init(formValue: FormValue) {
        self.formValue = formValue
    }

    package func value(at path: ValuePath) -> FormValue? {
        formValue.value(at: path)
    }

    package mutating func setValue(_ value: FormValue, at path: ValuePath) throws(KeyValueCodingError) {
        try formValue.setValue(value, at: path)
    }

    /// `T` rebuilt from the current values, read straight from the tree by `FormValueDecoder`
    /// (no JSON in between); throws `DecodingError` naming the offending path when a written
    /// value does not fit the type (a string where `T` has an `Int`, a missing member).
    package func decoded(using decoder: FormValueDecoder = FormValueDecoder()) throws -> T {
        try decoder.decode(T.self, from: formValue)
    }
}
