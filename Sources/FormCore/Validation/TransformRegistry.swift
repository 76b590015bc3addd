/// Named transforms applied to input before validation (`"transform": ["trim", "lowercase"]`).
public struct TransformRegistry: Sendable {
    /// Takes the value as entered and returns the value to validate and store.
    public typealias Transform = @Sendable (FormValue) -> FormValue

    private var transforms: [String: Transform]

    /// The built-in transforms: trim, lowercase, uppercase, collapseWhitespace, digitsOnly.
    package init() {
        transforms = [
            "trim": Self.mapString { $0.trimmingSpaces },
            "lowercase": Self.mapString { text in
                // Most input has no capital letter: nothing to allocate for it.
                text.utf8.allSatisfy { $0 < 0x41 || ($0 > 0x5A && $0 < 0x80) } ? text : text.lowercased()
            },
            "uppercase": Self.mapString { text in
                text.utf8.allSatisfy { $0 < 0x61 || ($0 > 0x7A && $0 < 0x80) } ? text : text.uppercased()
            },
            "collapseWhitespace": Self.mapString(Self.collapseWhitespace),
            "digitsOnly": Self.mapString { String($0.filter(\.isNumber)) },
        ]
    }

    package mutating func register(_ name: String, _ transform: @escaping Transform) {
        transforms[name] = transform
    }

    package func transform(named name: String) -> Transform? { transforms[name] }

    package var names: [String] { transforms.keys.sorted() }

    /// Applies the named transforms in order; unknown names are reported by the lint, not here.
    package func apply(_ names: [String], to value: FormValue) -> FormValue {
        names.reduce(value) { current, name in transforms[name].map { $0(current) } ?? current }
    }

    /// Runs of white space become one space, with none at either end; text that is already so
    /// (most of it) is returned as it is.
    static func collapseWhitespace(_ text: String) -> String {
        var previousIsSpace = true
        var plain = true
        for byte in text.utf8 {
            let isSpace = byte == 0x20
            if byte < 0x20 || byte >= 0x80 || (isSpace && previousIsSpace) { plain = false; break }
            previousIsSpace = isSpace
        }
        if plain && !previousIsSpace { return text }
        // One pass over the scalars (white space is single scalars; grapheme breaking is not needed).
        var out = String.UnicodeScalarView()
        var pendingSpace = false
        for scalar in text.unicodeScalars {
            if scalar.properties.isWhitespace {
                pendingSpace = !out.isEmpty
            } else {
                if pendingSpace { out.append(" ") }
                pendingSpace = false
                out.append(scalar)
            }
        }
        return String(out)
    }

    static func mapString(_ body: @escaping @Sendable (String) -> String) -> Transform {
        { value in
            if case .string(let text) = value { return .string(body(text)) }
            return value
        }
    }
}
