/// A key path into form data: `user.name`, `items.0.name`, `items[0].name`, `items.@count`.
///
/// Named `ValuePath` rather than `KeyPath` so that it never shadows Swift's own `KeyPath`.
package struct ValuePath: Sendable, Hashable, CustomStringConvertible {
    package enum Component: Sendable, Hashable {
        /// An object member, or an array index written as digits (`items.0`).
        case key(String)
        /// An array index written in brackets (`items[0]`).
        case index(Int)
        /// A KVC collection operator, applied to the collection on its left with the rest of the
        /// path on its right (`items.@sum.price`).
        case collectionOperator(CollectionOperator)
        /// `self`: the value itself.
        case this
    }

    package var components: [Component]

    /// The most components a key path written in a definition, an expression or `--set` may
    /// have. Real data is a few levels deep; the bound keeps a path of 100,000 steps (which
    /// costs work at every lookup) from ever being built.
    package static let maximumComponents = 64

    package init(components: [Component]) { self.components = components }

    /// The path that denotes the value itself.
    package static let this = ValuePath(components: [])

    /// Parses a key path; throws `ValuePathError` for text that is not one (`a..b`, `a[x]`).
    package init(parsing text: String) throws(ValuePathError) {
        let trimmed = text.trimmingSpaces
        if trimmed.isEmpty { throw ValuePathError(path: text, message: "the key path is empty") }
        var components: [Component] = []
        var current = ""
        var pendingDot = false
        var chars = trimmed.makeIterator()
        var sawBracket = false
        func checkLength() throws(ValuePathError) {
            guard components.count < Self.maximumComponents else {
                throw ValuePathError(path: text, message: "the key path has more than \(Self.maximumComponents) components (the limit)")
            }
        }
        func flush(_ current: inout String) throws(ValuePathError) {
            if current.isEmpty {
                throw ValuePathError(path: text, message: "the key path has an empty component")
            }
            try checkLength()
            if current == "self" {
                components.append(.this)
            } else if current.hasPrefix("@") {
                guard let op = CollectionOperator(rawValue: String(current.dropFirst())) else {
                    let known = CollectionOperator.allCases.map { "@" + $0.rawValue }.joined(separator: ", ")
                    throw ValuePathError(path: text, message: "unknown collection operator \(current); known: \(known)")
                }
                components.append(.collectionOperator(op))
            } else {
                components.append(.key(current))
            }
            current = ""
        }
        while let c = chars.next() {
            switch c {
            case ".":
                if sawBracket && current.isEmpty { sawBracket = false; pendingDot = true; continue }
                try flush(&current)
                pendingDot = true
            case "[":
                if !current.isEmpty { try flush(&current) } else if components.isEmpty || pendingDot {
                    throw ValuePathError(path: text, message: "an index must follow a key")
                }
                var digits = ""
                var closed = false
                while let d = chars.next() {
                    if d == "]" { closed = true; break }
                    digits.append(d)
                }
                guard closed, let index = Int(digits.trimmingSpaces), index >= 0 else {
                    throw ValuePathError(path: text, message: "an index in brackets must be a non-negative integer")
                }
                try checkLength()
                components.append(.index(index))
                sawBracket = true
                pendingDot = false
            default:
                if sawBracket {
                    throw ValuePathError(path: text, message: "expected '.' or '[' after ']'")
                }
                current.append(c)
                pendingDot = false
            }
        }
        if !current.isEmpty || pendingDot { try flush(&current) }
        // `self` alone is the value itself; `self` elsewhere is a no-op kept for KVC compatibility.
        self.components = components.filter { $0 != .this }
    }

    package var isSelf: Bool { components.isEmpty }

    package var description: String {
        if components.isEmpty { return "self" }
        var text = ""
        for component in components {
            switch component {
            case .key(let k): text += text.isEmpty ? k : "." + k
            case .index(let i): text += "[\(i)]"
            case .collectionOperator(let op): text += (text.isEmpty ? "@" : ".@") + op.rawValue
            case .this: text += text.isEmpty ? "self" : ".self"
            }
        }
        return text
    }

    /// A path one component longer.
    package func appending(_ component: Component) -> ValuePath {
        ValuePath(components: components + [component])
    }

    package func appending(_ other: ValuePath) -> ValuePath {
        ValuePath(components: components + other.components)
    }
}

/// A key path string that cannot be parsed.
package struct ValuePathError: Error, Sendable, Equatable, CustomStringConvertible {
    package var path: String
    package var message: String
    package var description: String { "invalid key path '\(path.excerpt())': \(message)" }
}

/// KVC's collection operators.
package enum CollectionOperator: String, Sendable, CaseIterable {
    case count, sum, avg, min, max
    case distinctUnionOfObjects, unionOfObjects, allObjects
}

extension String {
    /// Trims spaces, tabs and newlines without Foundation.
    var trimmingSpaces: String {
        // Fast path: nothing to trim when both ends are visible ASCII, the common case.
        if endsAreVisibleASCII { return self }
        // Scalars rather than Characters: white space is single scalars, and breaking text into
        // grapheme clusters costs far more than trimming needs.
        let scalars = unicodeScalars
        guard let start = scalars.firstIndex(where: { !$0.isWhitespace }) else { return "" }
        guard let last = scalars.lastIndex(where: { !$0.isWhitespace }) else { return "" }
        // Text ending in a letter outside ASCII ("Zoë") has nothing to trim either: no copy.
        if start == scalars.startIndex, scalars.index(after: last) == scalars.endIndex { return self }
        return String(scalars[start...last])
    }
}

extension String {
    /// Whether the first and last bytes are visible ASCII (so there is no white space at either
    /// end), read in place: `utf8.last` walks an index back, which costs more than the check.
    var endsAreVisibleASCII: Bool {
        func visible(_ byte: UInt8) -> Bool { byte > 0x20 && byte < 0x7F }
        if let answer = utf8.withContiguousStorageIfAvailable({ bytes in
            guard let first = bytes.first, let last = bytes.last else { return false }
            return visible(first) && visible(last)
        }) {
            return answer
        }
        guard let first = utf8.first, let last = utf8.last else { return false }
        return visible(first) && visible(last)
    }
}

extension Unicode.Scalar {
    /// Unicode's White_Space property, answered without looking it up in Unicode's tables: tab,
    /// the line breaks LF, VT, FF, CR, and space below 0x80, and 19 scalars above (NEL, the
    /// no-break spaces, the Ogham mark, the typographic spaces, the line and paragraph
    /// separators, the ideographic space). The property has held exactly these since Unicode
    /// 6.3; a test compares this with Unicode's tables for every scalar.
    var isWhitespace: Bool {
        switch value {
        case 0x09...0x0D, 0x20, 0x85, 0xA0, 0x1680, 0x2000...0x200A, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000: return true
        default: return false
        }
    }
}
