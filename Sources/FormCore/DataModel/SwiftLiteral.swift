/// Reads a `defaultValue` as SwiftJsonUI writes one: a Swift literal, and nothing else.
///
/// Taken: string literals (`"Guest"`, with Swift's escapes `\n \t \r \0 \\ \" \' \u{1F600}`,
/// multi-line `"""` strings and raw `#"..."#` strings, each as Swift reads it), integer and
/// floating-point literals (`0`, `-3`, `1_000`, `0x1F`, `0o17`, `0b101`, `2.5`, `1e3`,
/// `0x1p4`), `true`, `false`, `nil`, array literals (`[1, 2, 3]`, `[]`) and dictionary
/// literals (`["key": "value"]`, `[:]`) of literals, trailing commas as Swift allows them.
///
/// Refused, with a message that says only literals are taken: anything that would run code
/// (`Date()`, `User(name: "John")`, `CGRect(x: 0, y: 0, width: 1, height: 1)`,
/// `"x".uppercased()`, `.zero`, `1 + 1`, an identifier), and string interpolation (`"\(name)"`).
/// Nothing from a definition is ever executed: this is a reader of constants.
package enum SwiftLiteral {
    /// The most a literal may nest (arrays in arrays...): a bound that keeps reading safe.
    package static let maximumNesting = 32
    /// The longest literal read, in characters: a default is a constant an author writes, and
    /// the bound keeps a runaway definition from costing more than a glance.
    package static let maximumLength = 65_536

    /// The literal's value: `nil` is `.null`, an integer literal `.int` (a float literal, or an
    /// integer beyond `Int`, `.double`), a dictionary `.object` (keys as text: `[1: "a"]` is
    /// `{"1": "a"}`; two equal keys are refused, as Swift refuses them).
    package static func parse(_ text: String) throws(SwiftLiteralError) -> FormValue {
        var reader = SwiftLiteralReader(text)
        return try reader.readWhole()
    }

    /// What every refusal of code ends with.
    static let onlyLiterals = "only literals are taken (strings, numbers, true, false, nil, and arrays and dictionaries of them)"
}

/// A `defaultValue` that is no Swift literal.
package struct SwiftLiteralError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The literal as written.
    package var text: String
    /// Where in `text` (Unicode scalars from 0, as Swift's lexer counts) the problem starts.
    package var offset: Int
    /// What is wrong: `Date() is a call: only literals are taken (strings, numbers, true,
    /// false, nil, and arrays and dictionaries of them)`.
    package var message: String

    /// A problem at `offset` of `text`.
    package init(text: String, offset: Int, message: String) {
        self.text = text
        self.offset = offset
        self.message = message
    }

    /// The message; a literal that spans lines says on which line and column the problem is,
    /// since a message alone could name a `"` the author cannot find.
    package var description: String {
        var line = 1
        var column = 1
        let scalars = Array(text.unicodeScalars.prefix(offset))
        for (position, scalar) in scalars.enumerated() {
            // CRLF is one line break.
            if scalar == "\n" || (scalar == "\r" && scalars.dropFirst(position + 1).first != "\n") {
                line += 1
                column = 1
            } else {
                column += 1
            }
        }
        return line == 1 ? message : "\(message) (line \(line), column \(column) of the literal)"
    }
}
