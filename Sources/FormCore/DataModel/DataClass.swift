/// The class of a name the form declares in its root `data`, written as SwiftJsonUI writes it:
/// `String`, `Bool`, `Int`, `Float`, `Double`, `Date`, `URL`, `Array`, `Dictionary`, `Set`,
/// `[T]`, `[K: V]`, `Array<T>`, `Dictionary<K, V>`, `Set<T>`, any of them optional with a
/// trailing `?`, or the name of a custom class (`User`), which the form may describe in its
/// root `classes`.
///
/// A class is a promise about the JSON the name is bound to: `Int` is an integer, `Float` and
/// `Double` any number, `Date` an ISO 8601 text, `URL` a text that is a URL, `Set` an array
/// without duplicates, a custom class an object. Nothing is converted: data of the wrong class
/// is refused, not coerced.
public indirect enum DataClass: Sendable, Hashable, CustomStringConvertible {
    case string
    case bool
    case int
    case float
    case double
    case date
    case url
    /// `Array` (`.array(.any)`), `[T]` or `Array<T>`.
    case array(DataClass)
    /// `Dictionary` (`.dictionary(key: .string, value: .any)`), `[K: V]` or `Dictionary<K, V>`.
    /// JSON objects have text keys: a key class other than `String` checks each key's text
    /// (`Int` keys are texts of integers).
    case dictionary(key: DataClass, value: DataClass)
    /// `Set` or `Set<T>`: an array whose items are all different.
    case set(DataClass)
    /// `T?`: null, or a `T`.
    case optional(DataClass)
    /// A name that is none of the above: a class the form describes in `classes`, else any
    /// object.
    case custom(String)
    /// Anything: the items of a bare `Array`, `Set` or `Dictionary`.
    case any

    /// Parses a class as SwiftJsonUI writes it (spaces around `:`, `,`, `<` and `>` allowed).
    package init(parsing text: String) throws(DataClassSyntaxError) {
        var parser = DataClassParser(text)
        self = try parser.parseWhole()
    }

    /// The class without its `?`, and whether it had one.
    public var unwrapped: (base: DataClass, isOptional: Bool) {
        if case .optional(let base) = self { return (base.unwrapped.base, true) }
        return (self, false)
    }

    /// The class as Swift writes it (`[String: Int]`, `User?`): how messages name it.
    public var description: String {
        switch self {
        case .string: return "String"
        case .bool: return "Bool"
        case .int: return "Int"
        case .float: return "Float"
        case .double: return "Double"
        case .date: return "Date"
        case .url: return "URL"
        case .array(.any): return "Array"
        case .array(let item): return "[\(item)]"
        case .dictionary(.string, .any): return "Dictionary"
        case .dictionary(let key, let value): return "[\(key): \(value)]"
        case .set(.any): return "Set"
        case .set(let item): return "Set<\(item)>"
        case .optional(let base): return "\(base)?"
        case .custom(let name): return name
        case .any: return "Any"
        }
    }
}

/// A class that is not written as SwiftJsonUI writes classes.
package struct DataClassSyntaxError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The class as written.
    package var text: String
    /// What is wrong, for a person.
    package var message: String

    /// `'[String: ' is no class: expected a class after ':'`.
    package var description: String { "'\(text)' is no class: \(message)" }
}

/// Reads a class: `Name`, `Name<T>`, `Name<K, V>`, `[T]`, `[K: V]`, each with any number of `?`.
struct DataClassParser {
    private let text: String
    private let characters: [Character]
    private var index = 0
    /// Deeper nesting is refused: no data model needs it, and a bound keeps recursion safe.
    static let maximumNesting = 16

    init(_ text: String) {
        self.text = text
        characters = Array(text)
    }

    mutating func parseWhole() throws(DataClassSyntaxError) -> DataClass {
        let parsed = try parseClass(depth: 0)
        skipSpaces()
        if index < characters.count { throw failure("unexpected '\(characters[index])' after \(parsed)") }
        return parsed
    }

    private mutating func parseClass(depth: Int) throws(DataClassSyntaxError) -> DataClass {
        guard depth < Self.maximumNesting else { throw failure("nested more than \(Self.maximumNesting) levels deep") }
        skipSpaces()
        var parsed: DataClass
        if take("[") {
            let first = try parseClass(depth: depth + 1)
            if take(":") {
                let value = try parseClass(depth: depth + 1)
                parsed = .dictionary(key: first, value: value)
            } else {
                parsed = .array(first)
            }
            guard take("]") else { throw failure("expected ']'") }
        } else {
            let name = readName()
            guard !name.isEmpty else {
                throw failure(index < characters.count ? "expected a class name, found '\(characters[index])'" : "expected a class name")
            }
            var arguments: [DataClass] = []
            if take("<") {
                repeat { arguments.append(try parseClass(depth: depth + 1)) } while take(",")
                guard take(">") else { throw failure("expected '>' after the arguments of \(name)") }
            }
            parsed = try Self.named(name, arguments: arguments, failure: failure)
        }
        while take("?") {
            if case .optional = parsed { continue }
            parsed = .optional(parsed)
        }
        return parsed
    }

    private static func named(
        _ name: String, arguments: [DataClass], failure: (String) -> DataClassSyntaxError
    ) throws(DataClassSyntaxError) -> DataClass {
        func expect(_ count: Int) throws(DataClassSyntaxError) {
            guard arguments.isEmpty || arguments.count == count else {
                throw failure("\(name) takes \(count == 1 ? "one class" : "two classes") in <>, found \(arguments.count)")
            }
        }
        switch name {
        case "Array":
            try expect(1)
            return .array(arguments.first ?? .any)
        case "Set":
            try expect(1)
            return .set(arguments.first ?? .any)
        case "Dictionary":
            try expect(2)
            return arguments.count == 2 ? .dictionary(key: arguments[0], value: arguments[1]) : .dictionary(key: .string, value: .any)
        default:
            guard arguments.isEmpty else { throw failure("\(name) takes no classes in <>") }
            switch name {
            case "String", "Character", "NSString": return .string
            case "Bool": return .bool
            case "Int", "Int64", "Int32", "UInt", "NSInteger": return .int
            case "Float", "CGFloat": return .float
            case "Double", "NSNumber": return .double
            case "Date": return .date
            case "URL": return .url
            case "Any", "AnyObject", "AnyHashable": return .any
            default: return .custom(name)
            }
        }
    }

    private mutating func readName() -> String {
        skipSpaces()
        var name = ""
        while index < characters.count {
            let character = characters[index]
            let allowed = character == "_" || character.isLetter || (!name.isEmpty && (character.isNumber || character == "."))
            guard allowed, character.isASCII else { break }
            name.append(character)
            index += 1
        }
        return name
    }

    private mutating func take(_ character: Character) -> Bool {
        skipSpaces()
        guard index < characters.count, characters[index] == character else { return false }
        index += 1
        return true
    }

    private mutating func skipSpaces() {
        while index < characters.count, characters[index] == " " { index += 1 }
    }

    private func failure(_ message: String) -> DataClassSyntaxError { DataClassSyntaxError(text: text, message: message) }
}
