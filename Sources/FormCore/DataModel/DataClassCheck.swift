import OrderedCollections

/// Checks values against declared classes, collecting every mismatch with its path: what
/// `DataModel.conform(_:)` does to bound data and `DataModel.read` to each default.
struct DataClassCheck {
    /// The custom classes the form describes.
    let classes: OrderedDictionary<String, OrderedDictionary<String, DataClass>>
    private(set) var mismatches: [DataMismatch] = []

    /// Mismatches kept: a list of 100,000 wrong items says what is wrong in its first ones, and
    /// a message of all of them would bury it.
    static let maximumMismatches = 100
    /// Data deeper than JSON is ever read (a recursive class over data a library built) is
    /// refused rather than followed down.
    static let maximumDepth = JSONReader.maximumDepth

    init(classes: OrderedDictionary<String, OrderedDictionary<String, DataClass>>) {
        self.classes = classes
    }

    /// Records the mismatches of `value` against `dataClass`, paths starting at `path`.
    mutating func check(_ value: FormValue, _ dataClass: DataClass, path: String, depth: Int = 0) {
        guard mismatches.count < Self.maximumMismatches else { return }
        guard depth < Self.maximumDepth else {
            mismatches.append(DataMismatch(path: path, expected: dataClass, found: value, reason: "nested deeper than \(Self.maximumDepth) levels"))
            return
        }
        func mismatch(_ reason: String? = nil) {
            mismatches.append(DataMismatch(path: path, expected: dataClass, found: value, reason: reason))
        }
        switch (dataClass, value) {
        case (.any, _), (.optional, .null):
            return
        case (.optional(let base), _):
            check(value, base, path: path, depth: depth)
        case (_, .null):
            mismatch()
        case (.string, .string), (.bool, .bool), (.int, .int), (.float, .int), (.float, .double), (.double, .int), (.double, .double):
            return
        case (.int, .double(let number)):
            // JSON has one number: 3.0 is written by tools that mean 3; 3.5 is no Int.
            if !Self.isInteger(number) { mismatch() }
        case (.date, .string(let text)):
            if ISODate.parseAnyForm(text) == nil { mismatch("not an ISO 8601 date") }
        case (.url, .string(let text)):
            if let problem = Self.urlProblem(text) { mismatch(problem) }
        case (.array(let item), .array(let items)):
            checkItems(items, item, path: path, depth: depth)
        case (.set(let item), .array(let items)):
            var seen = Set<FormValue>()
            if let duplicate = items.first(where: { !seen.insert($0).inserted }) {
                mismatch("\(DataMismatch.shortDescription(duplicate)) is in it twice")
            }
            checkItems(items, item, path: path, depth: depth)
        case (.dictionary(let key, let valueClass), .object(let members)):
            if let wrongKey = members.keys.first(where: { !Self.keyFits($0, key) }) {
                mismatch("the key \(DataMismatch.shortDescription(.string(wrongKey))) is no \(key)")
            }
            for (name, member) in members { check(member, valueClass, path: JSONPath.join(path, name), depth: depth + 1) }
        case (.custom(let name), .object(let members)):
            guard let described = classes[name] else { return }
            for (memberName, memberClass) in described {
                let memberPath = JSONPath.join(path, memberName)
                if let member = members[memberName] {
                    check(member, memberClass, path: memberPath, depth: depth + 1)
                } else if !Self.mayBeMissing(memberClass), mismatches.count < Self.maximumMismatches {
                    mismatches.append(DataMismatch(path: memberPath, expected: memberClass, found: nil))
                }
            }
        default:
            mismatch()
        }
    }

    private mutating func checkItems(_ items: [FormValue], _ item: DataClass, path: String, depth: Int) {
        guard item != .any else { return }
        for (index, value) in items.enumerated() { check(value, item, path: JSONPath.join(path, "[\(index)]"), depth: depth + 1) }
    }

    /// A member an object may leave out: an optional's absence is its null, and Any takes anything.
    static func mayBeMissing(_ dataClass: DataClass) -> Bool {
        switch dataClass {
        case .optional, .any: return true
        default: return false
        }
    }

    static func isInteger(_ number: Double) -> Bool {
        number.isFinite && number.rounded() == number && number.magnitude < 9.2e18
    }

    /// Whether a JSON object's key (always text) is one of `key`: `Int` keys are texts of
    /// integers, `Bool` keys `true` or `false`.
    static func keyFits(_ text: String, _ key: DataClass) -> Bool {
        switch key {
        case .any, .string: return true
        case .int: return Int(text) != nil
        case .float, .double: return Double(text).map(\.isFinite) ?? false
        case .bool: return text == "true" || text == "false"
        case .date: return ISODate.parseAnyForm(text) != nil
        case .url: return urlProblem(text) == nil
        case .optional(let base): return keyFits(text, base)
        case .array, .dictionary, .set, .custom: return false
        }
    }

    /// Whether `key` can be the class of a JSON object's keys, which are texts.
    static func isKeyClass(_ key: DataClass) -> Bool {
        switch key.unwrapped.base {
        case .array, .dictionary, .set, .custom: return false
        default: return true
        }
    }

    /// Why `text` is no URL: a URL starts with a scheme (`https:`, `mailto:`) and has no spaces
    /// or control characters. Nil when it is one.
    static func urlProblem(_ text: String) -> String? {
        let scalars = Array(text.unicodeScalars)
        guard let colon = scalars.firstIndex(of: ":"), colon > 0, isASCIILetter(scalars[0]),
            scalars[1..<colon].allSatisfy({ isASCIILetter($0) || ("0"..."9").contains($0) || "+-.".unicodeScalars.contains($0) })
        else { return "no scheme such as https: in front" }
        guard colon + 1 < scalars.count else { return "nothing after the scheme" }
        if scalars.contains(where: ControlCharacterCheck.isControl) { return "a URL has no control characters" }
        if scalars.contains(where: \.properties.isWhitespace) { return "a URL has no spaces" }
        return nil
    }

    private static func isASCIILetter(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
    }
}
