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
                text.utf8.allSatisfy { $0 < 0x41 || ($0 > 0x5A && $0 < 0x80) } ? text
                    : Self.mappingASCII(text, from: 0x41...0x5A, offset: 0x20) ?? text.lowercased()
            },
            "uppercase": Self.mapString { text in
                text.utf8.allSatisfy { $0 < 0x61 || ($0 > 0x7A && $0 < 0x80) } ? text
                    : Self.mappingASCII(text, from: 0x61...0x7A, offset: -0x20) ?? text.uppercased()
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
        if isCollapsed(text) { return text }
        if let collapsed = collapsingASCIIWhitespace(text) { return collapsed }
        // One pass over the scalars (white space is single scalars; grapheme breaking is not needed).
        var out = String.UnicodeScalarView()
        var pendingSpace = false
        for scalar in text.unicodeScalars {
            if scalar.isWhitespace {
                pendingSpace = !out.isEmpty
            } else {
                if pendingSpace { out.append(" ") }
                pendingSpace = false
                out.append(scalar)
            }
        }
        return String(out)
    }

    /// Whether `text` is as `collapseWhitespace` leaves it: words apart by one space, no white
    /// space at either end and none other than spaces. Bytes while the text is ASCII; from the
    /// first other byte on, scalars, asking Unicode's tables only about those past ASCII.
    static func isCollapsed(_ text: String) -> Bool {
        var previousIsSpace = true
        for byte in text.utf8 {
            if byte >= 0x80 { return isCollapsed(scalars: text.unicodeScalars) }
            let isSpace = byte == 0x20
            if byte < 0x20 || (isSpace && previousIsSpace) { return false }
            previousIsSpace = isSpace
        }
        return !previousIsSpace
    }

    private static func isCollapsed(scalars: String.UnicodeScalarView) -> Bool {
        var previousIsSpace = true
        for scalar in scalars {
            let isSpace = scalar == " "
            if (isSpace && previousIsSpace) || (!isSpace && scalar.isWhitespace) { return false }
            previousIsSpace = isSpace
        }
        return !previousIsSpace
    }

    /// White space in ASCII text is tab, the line breaks (LF, VT, FF, CR) and space: the
    /// scalars below 0x80 whose `isWhitespace` is true.
    static func isASCIIWhitespace(_ byte: UInt8) -> Bool { byte == 0x20 || (byte >= 0x09 && byte <= 0x0D) }

    /// `collapseWhitespace` over bytes, for ASCII text (nil for any other): the same result
    /// as the pass over scalars without asking Unicode's tables about every scalar, since
    /// names and addresses typed with stray spaces are nearly always ASCII.
    static func collapsingASCIIWhitespace(_ text: String) -> String? {
        let utf8 = text.utf8
        guard utf8.allSatisfy({ $0 < 0x80 }) else { return nil }
        return String(unsafeUninitializedCapacity: utf8.count) { buffer in
            var count = 0
            var pendingSpace = false
            for byte in utf8 {
                if isASCIIWhitespace(byte) {
                    pendingSpace = count > 0
                } else {
                    if pendingSpace {
                        buffer[count] = 0x20
                        count += 1
                    }
                    pendingSpace = false
                    buffer[count] = byte
                    count += 1
                }
            }
            return count
        }
    }

    /// ASCII text with the bytes in `range` moved by `offset` (a case change); nil for text
    /// that is not ASCII, whose case rules are Unicode's.
    static func mappingASCII(_ text: String, from range: ClosedRange<UInt8>, offset: Int8) -> String? {
        let utf8 = text.utf8
        guard utf8.allSatisfy({ $0 < 0x80 }) else { return nil }
        return String(unsafeUninitializedCapacity: utf8.count) { buffer in
            var count = 0
            for byte in utf8 {
                buffer[count] = range.contains(byte) ? UInt8(Int8(byte) + offset) : byte
                count += 1
            }
            return count
        }
    }

    static func mapString(_ body: @escaping @Sendable (String) -> String) -> Transform {
        { value in
            if case .string(let text) = value { return .string(body(text)) }
            return value
        }
    }
}
