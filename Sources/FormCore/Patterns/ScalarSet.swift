/// A set of Unicode scalars: a bracket class (`[a-z_]`, `[^\d]`) or one of `\d \w \s \D \W \S`.
struct ScalarSet: Sendable {
    /// `\d \w \s` and their complements.
    enum BuiltIn: Sendable {
        case digit, word, space, notDigit, notWord, notSpace

        func contains(_ scalar: Unicode.Scalar) -> Bool {
            switch self {
            case .digit: return Self.isDigit(scalar)
            case .word: return Self.isWord(scalar)
            case .space: return scalar.isWhitespace
            case .notDigit: return !Self.isDigit(scalar)
            case .notWord: return !Self.isWord(scalar)
            case .notSpace: return !scalar.isWhitespace
            }
        }

        /// A decimal digit of any script (Unicode's Nd), as `\d` means in Unicode regular expressions.
        static func isDigit(_ scalar: Unicode.Scalar) -> Bool {
            if scalar.isASCII { return scalar.value >= 0x30 && scalar.value <= 0x39 }
            return scalar.properties.numericType == .decimal
        }

        /// Letters, marks, decimal digits and connector punctuation (Unicode TR18's `\w`).
        static func isWord(_ scalar: Unicode.Scalar) -> Bool {
            if scalar.isASCII {
                let v = scalar.value
                return (v >= 0x30 && v <= 0x39) || (v >= 0x41 && v <= 0x5A) || (v >= 0x61 && v <= 0x7A) || v == 0x5F
            }
            let properties = scalar.properties
            switch properties.generalCategory {
            case .nonspacingMark, .spacingMark, .enclosingMark, .decimalNumber, .connectorPunctuation: return true
            default: return properties.isAlphabetic || scalar.value == 0x200C || scalar.value == 0x200D
            }
        }
    }

    var ranges: [ClosedRange<UInt32>] = []
    var builtIns: [BuiltIn] = []
    var isNegated = false

    func contains(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        let inside = ranges.contains { $0.contains(value) } || builtIns.contains { $0.contains(scalar) }
        return inside != isNegated
    }

    /// Line breaks, which `.` does not match (as in ICU and Swift's Regex).
    static func isNewline(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0A, 0x0B, 0x0C, 0x0D, 0x85, 0x2028, 0x2029: return true
        default: return false
        }
    }
}
