import PropertyBased
import Testing

@testable import FormCore

/// Generated values written as Swift literals, in every spelling Swift allows, read back the
/// same; and no text, however mangled, makes the reader do anything but answer or refuse.
@Suite struct SwiftLiteralPropertyTests {
    /// A value a literal can hold: no doubles that are whole numbers (`.double(3)` is written
    /// `3.0`, which reads back as a double, but `1e3` spellings are kept for the integers).
    static func tree(depth: Int, using rng: inout any SeededRandomNumberGenerator) -> FormValue {
        switch Int.random(in: 0..<(depth > 0 ? 8 : 6), using: &rng) {
        case 0: return .null
        case 1: return .bool(Bool.random(using: &rng))
        case 2: return .int(PropertyRoundTripTests.int.run(using: &rng))
        case 3: return .double(PropertyRoundTripTests.double.run(using: &rng))
        case 4, 5: return .string(PropertyRoundTripTests.string.run(using: &rng))
        case 6: return .array((0..<Int.random(in: 0...4, using: &rng)).map { _ in tree(depth: depth - 1, using: &rng) })
        default:
            var members: [(String, FormValue)] = []
            for _ in 0..<Int.random(in: 0...4, using: &rng) {
                members.append((PropertyRoundTripTests.string.run(using: &rng), tree(depth: depth - 1, using: &rng)))
            }
            return .object(.init(members, uniquingKeysWith: { first, _ in first }))
        }
    }

    static let literals = Generator<(FormValue, String), Shrink.None<(FormValue, String)>> { rng in
        let value = tree(depth: 4, using: &rng)
        return (value, SwiftLiteralWriter.write(value, using: &rng))
    }

    @Test func writtenLiteralsReadBackTheSameValue() async {
        await propertyCheck(count: 400, input: Self.literals) { pair throws in
            let (value, literal) = pair
            #expect(try SwiftLiteral.parse(literal) == value, "\(literal)")
        }
    }

    /// Pieces of Swift, shuffled: every result is a value or a SwiftLiteralError, never a crash.
    static let pieces: [String] = [
        "[", "]", "[:]", ":", ",", "\"", "\"\"\"", "#", "\\", "\\(", "\\u{", "}", "{", "(", ")", ".", "-", "+", "0x", "0b",
        "1", "2.5", "e", "p", "_", "nil", "true", "Date", " ", "\n", "\r\n", "\u{301}", "😀", "\"a\"", "#\"", "\"#", "1e",
    ]
    static let mangled = Generator<String, Shrink.None<String>> { rng in
        (0..<Int.random(in: 0...24, using: &rng)).map { _ in pieces.randomElement(using: &rng) ?? "" }.joined()
    }

    @Test func anyTextIsReadOrRefused() async {
        await propertyCheck(count: 2000, input: Self.mangled) { text in
            do throws(SwiftLiteralError) {
                _ = try SwiftLiteral.parse(text)
            } catch {
                #expect(!error.message.isEmpty)
                #expect((0...text.unicodeScalars.count).contains(error.offset), "\(text)")
            }
        }
    }
}

/// Writes a value as a Swift literal, choosing at random among the spellings Swift takes.
enum SwiftLiteralWriter {
    static func write(_ value: FormValue, using rng: inout any SeededRandomNumberGenerator) -> String {
        let space = [" ", "", "\n  ", "\t"].randomElement(using: &rng) ?? ""
        switch value {
        case .null: return "nil"
        case .bool(let flag): return flag ? "true" : "false"
        case .int(let number): return integer(number, using: &rng)
        case .double(let number): return number.description
        case .string(let text): return string(text, using: &rng)
        case .array(let items):
            let body = items.map { write($0, using: &rng) }.joined(separator: "," + space)
            let trailing = !items.isEmpty && Bool.random(using: &rng) ? "," : ""
            return "[" + space + body + trailing + space + "]"
        case .object(let members):
            guard !members.isEmpty else { return "[:]" }
            let body = members.map { key, member in string(key, using: &rng) + space + ":" + space + write(member, using: &rng) }
            return "[" + body.joined(separator: ", ") + (Bool.random(using: &rng) ? "," : "") + "]"
        }
    }

    static func integer(_ number: Int, using rng: inout any SeededRandomNumberGenerator) -> String {
        let (prefix, radix) = [("", 10), ("0x", 16), ("0o", 8), ("0b", 2)].randomElement(using: &rng) ?? ("", 10)
        let magnitude = String(number.magnitude, radix: radix)
        // Underscores anywhere after the first digit.
        var digits = ""
        for (position, digit) in magnitude.enumerated() {
            digits.append(digit)
            if position < magnitude.count - 1, Int.random(in: 0..<6, using: &rng) == 0 { digits.append("_") }
        }
        return (number < 0 ? "-" : "") + prefix + digits
    }

    static func string(_ text: String, using rng: inout any SeededRandomNumberGenerator) -> String {
        switch Int.random(in: 0..<3, using: &rng) {
        case 0:
            return "\"" + text.unicodeScalars.map { escaped($0, hashes: "", using: &rng) }.joined() + "\""
        case 1:
            return "##\"" + text.unicodeScalars.map { escaped($0, hashes: "##", using: &rng) }.joined() + "\"##"
        default:
            // Multi-line: quotes and backslashes escaped, line breaks as written, indented.
            let indentation = "    "
            var body = ""
            for scalar in text.unicodeScalars {
                switch scalar {
                case "\n": body += "\n" + indentation
                case "\"", "\\", "\r": body += "\\u{\(String(scalar.value, radix: 16))}"
                default: body.unicodeScalars.append(scalar)
                }
            }
            return "\"\"\"\n" + indentation + body + "\n" + indentation + "\"\"\""
        }
    }

    static func escaped(_ scalar: Unicode.Scalar, hashes: String, using rng: inout any SeededRandomNumberGenerator) -> String {
        let named: [Unicode.Scalar: String] = ["\n": "n", "\t": "t", "\r": "r", "\0": "0", "\\": "\\", "\"": "\"", "'": "'"]
        let mustEscape = scalar == "\n" || scalar == "\r" || (hashes.isEmpty && (scalar == "\"" || scalar == "\\"))
        guard mustEscape || Int.random(in: 0..<5, using: &rng) == 0 else { return String(Character(scalar)) }
        if let name = named[scalar], Bool.random(using: &rng) { return "\\" + hashes + name }
        return "\\" + hashes + "u{" + String(scalar.value, radix: 16) + "}"
    }
}
