import OrderedCollections

@testable import FormCore

/// Random definitions and data for the differential test, from a seed: sections plain and
/// iterating (arrays, dictionaries, `iterateproperties:`, a missing path), roots iterating a
/// `sectionTemplate`, select sections bound to anything, elements of every
/// value kind with definition defaults and `bind` pairs that reach plain and derived properties,
/// nested pages, and data full of awkward values: `@{...}` strings, 10 for a boolean, 1.7 for an
/// index, numeric strings and text that starts with a number, dates in several ISO 8601 forms.
///
/// Definitions stay valid (defaults the element takes, unique keys, `values` as long as
/// `items`), so that every case compiles; the data, as in life, is anything.
struct DifferentialGenerator {
    /// The same seed gives the same cases on every platform.
    var random: ExpressionRobustnessTests.SplitMix
    private var nextKey = 0
    private var iteratedPaths: [String] = []

    init(seed: UInt64) { random = ExpressionRobustnessTests.SplitMix(state: seed) }

    mutating func makeCase() -> (definition: FormValue, data: FormValue) {
        nextKey = 0
        iteratedPaths = ["list", "map", "obj", "zz", "s"]
        var root: OrderedDictionary<String, FormValue> = ["title": "Generated"]
        if chance(0.3) { root["bind"] = .string("title:\(pick(Self.paths))") }
        if chance(0.15) {
            // A root that builds one section per item, from a template with elements of its own.
            let path = pick(["list", "map", "obj", "zz"])
            iteratedPaths.removeAll { $0 == path }
            root["bind"] = .string([root["bind"]?.stringValue, "iterate:\(path)"].compactMap { $0 }.joined(separator: ", "))
            var template: OrderedDictionary<String, FormValue> = [:]
            if chance(0.5) { template["bind"] = .string("title:\(pick(["x", "title", "self"]))") }
            template["elements"] = .array((0..<int(0...2)).map { _ in element(depth: 1) })
            root["sectionTemplate"] = .object(template)
            if chance(0.5) { root["emptyMessage"] = "Nothing yet" }
        }
        root["sections"] = .array((0..<int(1...3)).map { _ in section() })
        return (.object(root), data())
    }

    // MARK: Data

    static let scalars: [FormValue] = [
        "Ann", "@{k1}", "@{secret}", "@{1/0}", "0.5", " 12 ", "2", "-3e2", "abc", "yes", "no", "", "S", "M", "s", "m", "12 apples", "1.7",
        "2026-11-22T10:30:00Z", "2026-11-22", "10:30", "2026-11-22T23:30:00-02:00", "tomorrow",
        0, 1, 2, 10, -1, 86400, 37800, 1_795_343_400, 1.7, -1.7, 0.5, -1.5, 1e300, true, false, nil,
        ["s", "m"], ["x": 1], [2, 0], [1, "x", 9, 0.0],
    ]

    mutating func data() -> FormValue {
        var object = OrderedDictionary<String, FormValue>()
        for key in ["a", "b", "n", "s", "flag", "title"] where chance(0.85) { object[key] = pick(Self.scalars) }
        if chance(0.8) { object["obj"] = item() }
        if chance(0.8) { object["list"] = .array((0..<int(0...3)).map { _ in chance(0.7) ? item() : pick(Self.scalars) }) }
        if chance(0.8) {
            var map = OrderedDictionary<String, FormValue>()
            for key in ["zebras", "ants", "@{k2}", "lions"] where chance(0.6) { map[key] = chance(0.7) ? item() : pick(Self.scalars) }
            object["map"] = .object(map)
        }
        return .object(object)
    }

    mutating func item() -> FormValue {
        var object = OrderedDictionary<String, FormValue>()
        for key in ["x", "y", "title", "a"] where chance(0.75) { object[key] = pick(Self.scalars) }
        return .object(object)
    }

    // MARK: Definitions

    static let paths = ["a", "b", "n", "s", "flag", "title", "obj.x", "obj.y", "x", "y", "key", "value", "zz", "self", "type"]

    mutating func section() -> FormValue {
        var section = OrderedDictionary<String, FormValue>()
        if chance(0.5) { section["title"] = "Section" }
        if chance(0.1) {
            // A select section: its choice bound to anything the data holds.
            nextKey += 1
            section["type"] = "QSelectSection"
            section["key"] = .string("k\(nextKey)")
            section["items"] = .array(Array((["a", "b", "c"] as [FormValue]).prefix(int(0...3))))
            if chance(0.3), section["items"]?.arrayValue?.isEmpty == false { section["selectedIndexes"] = [0] }
            if chance(0.8) { section["bind"] = .string("selectedIndexes:\(pick(Self.paths))") }
            return .object(section)
        }
        var pairs = (0..<int(0...2)).map { _ in "\(pick(["title", "hidden", "footer"])):\(pick(Self.paths))" }
        if chance(0.5), !iteratedPaths.isEmpty {
            let path = iteratedPaths.remove(at: int(0...(iteratedPaths.count - 1)))
            pairs.insert("\(chance(0.7) ? "iterate" : "iterateproperties"):\(path)", at: int(0...pairs.count))
            section["elementTemplate"] = element(depth: 1)
            if chance(0.4) { section["beforeTemplateElements"] = .array((0..<int(1...2)).map { _ in element(depth: 1) }) }
            if chance(0.3) { section["afterTemplateElements"] = .array([element(depth: 1)]) }
        } else {
            section["elements"] = .array((0..<int(0...4)).map { _ in element(depth: 0) })
        }
        if !pairs.isEmpty { section["bind"] = .string(pairs.joined(separator: ", ")) }
        return .object(section)
    }

    /// What each type may be given in its definition, and the properties a bind may reach.
    static let bindable: [String: [String]] = [
        "entry": ["textValue", "title", "placeholder", "hidden", "required", "enabled"],
        "boolean": ["boolValue", "numberValue", "title", "hidden"],
        "decimal": ["numberValue", "floatValue", "title"],
        "float": ["floatValue", "title"],
        "date": ["dateValue", "ticksValue", "title"],
        "countdown": ["ticksValue", "dateValue", "title"],
        "radio": ["selected", "selectedValue", "selectedItem", "title", "items"],
        "segmented": ["selected", "selectedValue", "selectedItem"],
        "colorpicker": ["selected", "selectedValue", "selectedItem", "title", "items"],
        "text": ["text", "title"],
        "label": ["value", "title"],
    ]

    mutating func element(depth: Int) -> FormValue {
        let type = pick(Array(Self.bindable.keys).sorted())
        var element: OrderedDictionary<String, FormValue> = ["type": .string(type)]
        if chance(0.75) {
            nextKey += 1
            element["key"] = .string("k\(nextKey)")
        }
        if chance(0.5) { element["title"] = .string(pick(["Name", "When", "Plain"])) }
        defaults(type, into: &element)
        let pairs = (0..<int(0...3)).map { _ in "\(pick(Self.bindable[type] ?? ["title"])):\(pick(Self.paths))" }
        if !pairs.isEmpty { element["bind"] = .string(pairs.joined(separator: ", ")) }
        if depth < 2, type == "label" || type == "entry", chance(0.25) {
            // Before `sections`, where formctl writes it when an element is its own data.
            if chance(0.5) { element["shallowBind"] = .bool(chance(0.5)) }
            element["sections"] = .array([["elements": .array((0..<int(1...2)).map { _ in self.element(depth: depth + 1) })]])
        }
        return .object(element)
    }

    /// Defaults as an author writes them: valid for the element, derived ones included.
    mutating func defaults(_ type: String, into element: inout OrderedDictionary<String, FormValue>) {
        switch type {
        case "entry": if chance(0.5) { element["textValue"] = "typed" }
        case "boolean":
            if chance(0.5) { element["boolValue"] = pick([true, false, 0, 1]) }
            if chance(0.3) { element["numberValue"] = pick([0, 1, 5]) }
        case "decimal":
            if chance(0.5) { element["numberValue"] = pick([3, 2.5]) }
            if chance(0.3) { element["floatValue"] = pick([0.25, 7]) }
        case "float":
            if chance(0.5) { element["floatValue"] = pick([0.5, 1]) }
            if chance(0.3) {
                element["minimumValue"] = element["floatValue"] == nil ? pick([0.25, 1]) : 0.25
                element["maximumValue"] = 2
            }
        case "date":
            let mode = pick(["Date", "Time", "DateAndTime", nil] as [String?])
            if let mode { element["mode"] = .string(mode) }
            let valid = Self.dates.filter { Self.dateHeld($0, mode: mode) != nil }
            if chance(0.6) { element["dateValue"] = .string(pick(valid)) }
            if chance(0.3) { element["ticksValue"] = pick([0, 86400, 1_795_343_400, -1.5]) }
        case "countdown":
            if chance(0.5) { element["ticksValue"] = pick([60, 90.5]) }
        case "radio", "segmented":
            let items: [FormValue] = pick([["S", "M", "L"], ["a", "b"], []] as [[FormValue]])
            element["items"] = .array(items)
            if chance(0.5) { element["values"] = .array(Array((["s", "m", "l"] as [FormValue]).prefix(items.count))) }
            if chance(0.5) { element["selected"] = .int(int(-1...(items.count - 1))) }
            if chance(0.3), let values = element["values"]?.arrayValue, !values.isEmpty { element["selectedValue"] = pick(values) }
            if chance(0.3), !items.isEmpty { element["selectedItem"] = pick(items) }
        case "colorpicker":
            // With no items it starts with QuickDialog's nine colours; its own items are pairs too.
            let items: [FormValue] = [["Teal", "#008080"], ["Navy", "#000080"]]
            if chance(0.4) { element["items"] = .array(items) }
            if chance(0.4) { element["selected"] = .int(int(-1...1)) }
            if chance(0.3) { element["selectedItem"] = pick(items + [["Black", "#000000"]]) }
        case "text": if chance(0.5) { element["text"] = "Some text" }
        case "label": if chance(0.5) { element["value"] = "shown" }
        default: break
        }
    }

    // MARK: Dates

    static let dates = ["2026-11-22T10:30:00Z", "2026-11-22", "10:30", "2026-11-22T23:30:00-02:00", "tomorrow"]

    /// What a date element of `mode` holds for one of `dates`, worked out by hand (UTC); nil where
    /// the mode cannot show it, and for text that is none of them.
    static func dateHeld(_ text: String, mode: String?) -> String? {
        switch (text, mode) {
        case ("2026-11-22T10:30:00Z", "Date"): return "2026-11-22"
        case ("2026-11-22T10:30:00Z", "Time"): return "10:30:00"
        case ("2026-11-22", "Time"): return "00:00:00"
        case ("2026-11-22", "DateAndTime"): return "2026-11-22T00:00:00Z"
        case ("2026-11-22T23:30:00-02:00", "Date"): return "2026-11-23"
        case ("2026-11-22T23:30:00-02:00", "Time"): return "01:30:00"
        case ("2026-11-22T23:30:00-02:00", _): return "2026-11-23T01:30:00Z"
        case ("10:30", "Time"): return "10:30:00"
        case ("10:30", _), ("tomorrow", _): return nil
        case (_, _) where dates.contains(text): return text
        default: return nil
        }
    }

    // MARK: Randomness

    mutating func chance(_ probability: Double) -> Bool { Double(random.next() % 1_000_000) / 1_000_000 < probability }
    mutating func int(_ range: ClosedRange<Int>) -> Int { range.lowerBound + Int(random.next() % UInt64(range.count)) }
    mutating func pick<T>(_ choices: [T]) -> T { choices[int(0...(choices.count - 1))] }
}
