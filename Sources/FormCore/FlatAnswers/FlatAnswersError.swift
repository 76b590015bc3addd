/// Why flat name=value pairs (an HTML form's fields) could not be read as answers: which field,
/// and which rule or bound it broke.
package struct FlatAnswersError: Error, Sendable, Equatable, CustomStringConvertible {
    package enum Kind: String, Sendable {
        /// Bytes that do not decode: a malformed `%` escape, or invalid UTF-8.
        case encoding
        /// Past one of `FlatAnswers.Limits` (fields per request, parts per name, item number).
        case bound
        /// A name that is no field of the form, nor an item of one of its repeats.
        case unknownName
        /// An item number past the `maximumItems` the repeat declares.
        case maximumItems
        /// A page action (`_action`) that is neither `add:REPEAT` nor `remove:REPEAT.N`.
        case action
        /// A field that takes one value named more than once.
        case repeatedName
    }

    package var kind: Kind
    /// The field's name as sent, shortened to `shownNameLength` characters; empty when the
    /// request as a whole is past a bound.
    package var name: String
    package var message: String

    /// How much of a name an error repeats: enough to find it, never a whole 80 KB name.
    package static let shownNameLength = 80

    init(_ kind: Kind, name: some StringProtocol, _ message: String) {
        self.kind = kind
        self.name = name.count > Self.shownNameLength ? String(name.prefix(Self.shownNameLength)) + "..." : String(name)
        self.message = message
    }

    package var description: String { name.isEmpty ? message : "field '\(name)': \(message)" }
}
