import Foundation
import OrderedCollections

@testable import FormCore

/// A second reading of QuickDialog's binding rules (../shared/quickdialog/README.md and the
/// element classes), written apart from `Binder` and `FieldValueType` so that the two cannot share
/// a bug: it walks the definition's raw JSON, keeps each element as a dictionary, and leans on
/// Foundation where QuickDialog does (`NSString.boolValue`, dates through `DateFormatter`).
///
/// It covers what `DifferentialGenerator` writes: one level of `iterate:` and
/// `iterateproperties:` over keys of the data, a root iterating a `sectionTemplate`, plain key
/// paths, the elements listed in `valueProperty`, select sections, nested pages under labels and
/// entries (plain sections of elements, bound or left as built).
///
/// It binds as QuickDialog does, except at the `DeliberateDifference`s it is allowed, where it
/// follows formctl's documented choice instead; every place where the two part is noted in
/// `differences`, so a test can show that each one is reached and is real.
struct ReferenceBinder {
    /// The bound form, one line per root, section and element (see `Projection`).
    private(set) var lines: [String] = []
    /// What `fetchValueIntoObject` gives.
    private(set) var values: FormValue = .object([:])
    /// The deliberate differences this case reached (whether or not they were allowed).
    private(set) var differences: Set<DeliberateDifference> = []
    let allowed: Set<DeliberateDifference>

    /// What QuickDialog's `fetchValueIntoObject` writes for a date taken from the clock when the
    /// element was built ("now"): no fixed value, so a marker formctl can never produce.
    static let now: FormValue = "<the moment the form was built>"

    static func bind(definition: FormValue, data: FormValue,
                     allowing allowed: Set<DeliberateDifference> = Set(DeliberateDifference.allCases)) -> ReferenceBinder {
        var reference = ReferenceBinder(allowed: allowed)
        var root = definition.objectValue ?? [:]
        let sections = root.removeValue(forKey: "sections")?.arrayValue ?? []
        reference.applyBind(&root, type: "root", data: data)
        reference.lines.append(Projection.root(title: root["title"]))
        if let (kind, path) = Self.parseBind(root["bind"]?.stringValue).iteration, kind == "iterate", let template = root["sectionTemplate"] {
            // QRootElement's bindToObject: drops the written sections of an iterating root, and
            // bindRootElement:toCollection: builds one section per item from the template.
            let items = Self.items(of: Self.lookup(path, in: data), path: path)
            for (item, prefix) in items {
                reference.bindSection(template, data: item, prefix: prefix, collects: true, isTemplate: true)
            }
            if items.isEmpty, let message = root["emptyMessage"] {
                reference.lines.append(Projection.section(title: nil))
                reference.lines.append(Projection.element(type: "QTextElement", title: nil, property: "text", value: message))
            }
            return reference
        }
        for section in sections { reference.bindSection(section, data: data, prefix: [], collects: true) }
        return reference
    }

    /// Notes that QuickDialog and formctl part here; true when the difference is allowed, that
    /// is, when the reference is to follow formctl.
    mutating func differ(_ difference: DeliberateDifference) -> Bool {
        differences.insert(difference)
        return allowed.contains(difference)
    }

    /// `for (id item in collection)`: an array's items, a dictionary's keys; nothing else.
    static func items(of collection: FormValue, path: String) -> [(FormValue, [ValuePath.Component])] {
        switch collection {
        case .array(let items): return items.enumerated().map { ($1, [.key(path), .index($0)]) }
        case .object(let members): return members.keys.map { (.string($0), [.key(path), .key($0)]) }
        default: return []
        }
    }

    // MARK: Walking the JSON

    /// `binds` false is a section of a page QuickDialog left unbound: built from its JSON, its
    /// elements as written, no bind applied.
    mutating func bindSection(_ json: FormValue, data: FormValue, prefix: [ValuePath.Component], collects: Bool, isTemplate: Bool = false,
                              binds: Bool = true) {
        var section = json.objectValue ?? [:]
        let (pairs, iteration) = Self.parseBind(section["bind"]?.stringValue)
        for (property, path) in pairs where binds {
            let value = Self.lookup(path, in: data)
            section[property] = property == "hidden" ? boolSetting(value, nilIsNo: false) : value
        }
        lines.append(Projection.section(title: section["title"]))
        if section["type"]?.stringValue == "QSelectSection" {
            bindSelection(section, prefix: prefix, collects: collects)
            return
        }
        guard binds, let (kind, path) = iteration, let template = section["elementTemplate"] else {
            var elements = section["elements"]?.arrayValue ?? []
            // buildSectionWithObject: (the template's builder) never reads `elements`.
            if isTemplate, !elements.isEmpty, !differ(.templateSectionElements) { elements = [] }
            // QSection's bindToObject: binds each element `shallow: el.shallowBind`.
            for element in elements { bindElement(element, data: data, prefix: prefix, collects: collects, shallow: true, binds: binds) }
            return
        }
        // Elements around the template are bound to their own JSON object.
        for element in section["beforeTemplateElements"]?.arrayValue ?? [] {
            bindElement(element, data: element, prefix: prefix, collects: collects)
        }
        switch (kind, Self.lookup(path, in: data)) {
        case ("iterate", .array(let items)):
            for (index, item) in items.enumerated() {
                bindElement(template, data: item, prefix: prefix + [.key(path), .index(index)], collects: collects)
            }
        case ("iterate", .object(let members)):
            for key in members.keys {
                bindElement(template, data: .string(key), prefix: prefix + [.key(path), .key(key)], collects: collects)
            }
        case ("iterateproperties", .object(let members)):
            for (key, value) in members {
                bindElement(template, data: ["key": .string(key), "value": value], prefix: prefix + [.key(path), .key(key)],
                            collects: collects)
            }
        default:
            break
        }
        for element in section["afterTemplateElements"]?.arrayValue ?? [] {
            bindElement(element, data: element, prefix: prefix, collects: collects)
        }
    }

    /// `shallow`: bound by its section, which passes the element's `shallowBind` (an element
    /// bound on its own, from a template or around one, is bound with its page); `binds` false:
    /// an element of a page QuickDialog left unbound.
    mutating func bindElement(_ json: FormValue, data: FormValue, prefix: [ValuePath.Component], collects: Bool, shallow: Bool = false,
                              binds: Bool = true) {
        var element = json.objectValue ?? [:]
        let type = element.removeValue(forKey: "type")?.stringValue ?? ""
        let sections = element.removeValue(forKey: "sections")?.arrayValue
        if type == "colorpicker" {
            // QColorPickerElement's init, before the builder sets the definition's properties.
            if element["items"] == nil { element["items"] = Self.quickDialogColours }
            if element["selected"] == nil { element["selected"] = 0 }
        }
        // Derived properties the definition wrote are set after the stored ones, in order.
        for (name, value) in element where Self.isDerived(name, type: type) {
            element.removeValue(forKey: name)
            set(name, value, on: &element, type: type)
        }
        if binds { applyBind(&element, type: type, data: data) }
        let property = Self.valueProperty[type]
        lines.append(Projection.element(type: type, title: element["title"], property: property,
                                        value: property.flatMap { element[$0] }))
        let holdsValue = property != nil && type != "label"
        if collects, holdsValue, let key = element["key"]?.stringValue {
            let value = stored(type: type, element)
            Self.write(value, at: prefix + [.key(key)], into: &values)
        }
        // QRootElement's bindToObject:shallow: binds its sections only when not shallow; a
        // `shallowBind` written false (KVC's boolValue) binds them.
        var bindsPage = binds
        if binds, shallow, let sections, !sections.isEmpty, element["shallowBind"].map(Self.bool) ?? true,
           !differ(.nestedPageAlwaysBound) {
            bindsPage = false
        }
        for section in sections ?? [] {
            bindSection(section, data: data, prefix: prefix, collects: collects && !holdsValue, binds: bindsPage)
        }
    }

    mutating func applyBind(_ object: inout OrderedDictionary<String, FormValue>, type: String, data: FormValue) {
        for (property, path) in Self.parseBind(object["bind"]?.stringValue).pairs {
            set(property, Self.lookup(path, in: data), on: &object, type: type)
        }
    }

    /// QSelectSection: `selectedIndexes` kept as given (bound or written), fetched as they are;
    /// its item rows are the section's `items`, which the projection does not list.
    mutating func bindSelection(_ section: OrderedDictionary<String, FormValue>, prefix: [ValuePath.Component], collects: Bool) {
        guard collects, let key = section["key"]?.stringValue else { return }
        let given = section["selectedIndexes"] ?? .array([])
        let count = section["items"]?.arrayValue?.count ?? 0
        // What QSelectItemElement shows checked: the indexes among the items (NSNumber's
        // isEqual: compares values, so 1.0 is item 1).
        let shown = (given.arrayValue ?? []).compactMap { index -> FormValue? in
            guard let number = Self.number(index), case .int(let whole) = Self.wholeOrSame(number), whole >= 0, whole < count else { return nil }
            return .int(whole)
        }
        var stored = given
        if stored != .array(shown), differ(.selectionStoresWhatIsShown) { stored = .array(shown) }
        Self.write(stored, at: prefix + [.key(key)], into: &values)
    }

    static func wholeOrSame(_ number: FormValue) -> FormValue {
        if case .double(let real) = number, real.rounded() == real, abs(real) < 9e15 { return .int(Int(real)) }
        return number
    }

    // MARK: Setters (QuickDialog's element classes)

    static let valueProperty: [String: String] = [
        "entry": "textValue", "boolean": "boolValue", "decimal": "numberValue", "float": "floatValue", "date": "dateValue",
        "countdown": "ticksValue", "radio": "selected", "segmented": "selected", "colorpicker": "selected", "text": "text",
        "label": "value",
    ]

    /// QColorPickerElement's `init`: UIKit's named colours, each `[name, colour]` (UIColor here as
    /// the `#RRGGBB` text formctl writes for it).
    static let quickDialogColours: FormValue = [
        ["Black", "#000000"], ["White", "#FFFFFF"], ["Gray", "#808080"], ["Blue", "#0000FF"], ["Red", "#FF0000"],
        ["Green", "#00FF00"], ["Yellow", "#FFFF00"], ["Purple", "#800080"], ["Magenta", "#FF00FF"],
    ]

    static func isDerived(_ name: String, type: String) -> Bool {
        switch type {
        case "radio", "segmented", "colorpicker": return name == "selectedValue" || name == "selectedItem"
        case "boolean": return name == "numberValue"
        case "decimal": return name == "floatValue"
        case "date": return name == "ticksValue"
        case "countdown": return name == "dateValue"
        default: return false
        }
    }

    mutating func set(_ name: String, _ value: FormValue, on element: inout OrderedDictionary<String, FormValue>, type: String) {
        if Self.isDerived(name, type: type) { element.removeValue(forKey: name) }
        let radio = type == "radio" || type == "segmented" || type == "colorpicker"
        switch (type, name) {
        case (_, "selected") where radio:
            // An NSInteger through key-value coding: `integerValue` of a number or a string; nil
            // and collections raise.
            if let index = Self.integerValue(value) {
                element["selected"] = .int(index)
            } else if differ(.whereQuickDialogRaises) {
                element["selected"] = .int(-1)
            } else {
                element["selected"] = Self.raised
            }
        case (_, "selectedValue") where radio:
            switch value {
            case .int, .double, .bool: element["selected"] = .int(Self.integerValue(value) ?? 0)
            default:
                // `[_values indexOfObject:]`: NSNotFound when absent from the values; a message to
                // nil, 0, when there are none.
                if let values = element["values"]?.arrayValue {
                    element["selected"] = .int(values.firstIndex(of: value) ?? -1)
                } else {
                    element["selected"] = .int(0)
                }
            }
        case (_, "selectedItem") where radio:
            guard value != .null, let items = element["items"]?.arrayValue else { return }
            element["selected"] = .int(items.firstIndex(of: value) ?? -1)
        case ("boolean", "boolValue"), ("boolean", "numberValue"):
            // setNilValueForKey: makes a nil boolValue NO; setNumberValue: reads nil's boolValue, NO.
            element["boolValue"] = boolSetting(value, nilIsNo: true)
        case ("float", "floatValue"):
            // A `float` through key-value coding: `floatValue` of a number or a string, nil is 0
            // (setNilValueForKey:); collections raise.
            if value == .null {
                element["floatValue"] = .int(0)
            } else if let number = Self.doubleValue(value) {
                element["floatValue"] = number
            } else {
                element["floatValue"] = differ(.whereQuickDialogRaises) ? .int(0) : Self.raised
            }
        case ("decimal", "floatValue"):
            element["numberValue"] = value == .null ? .int(0) : numberObject(value)
        case ("decimal", "numberValue"), ("countdown", "ticksValue"):
            element[name] = numberObject(value)
        case ("countdown", "dateValue"):
            return
        case ("date", "ticksValue"):
            // setTicksValue: ignores nil and reads `ticks.doubleValue`; a collection raises.
            if value == .null { return }
            guard let seconds = Self.doubleValue(value) else {
                if !differ(.whereQuickDialogRaises) { element["dateValue"] = Self.raised }
                return
            }
            if let date = Self.date(ticks: seconds, mode: element["mode"]?.stringValue) { element["dateValue"] = .string(date) }
        case (_, "hidden"), (_, "enabled"), (_, "required"):
            element[name] = boolSetting(value, nilIsNo: false)
        default:
            element[name] = value
        }
    }

    /// A `BOOL` through key-value coding: `boolValue` of a number or a string; nil is NO where
    /// the class says so (QBooleanElement) and raises elsewhere, as a collection does.
    mutating func boolSetting(_ value: FormValue, nilIsNo: Bool) -> FormValue {
        switch value {
        case .array, .object: return differ(.whereQuickDialogRaises) ? .bool(false) : Self.raised
        case .null where !nilIsNo: return differ(.whereQuickDialogRaises) ? .bool(false) : Self.raised
        default: return .bool(Self.bool(value))
        }
    }

    /// What a property QuickDialog cannot set leaves behind: an exception, which formctl never gives.
    static let raised: FormValue = "<NSInvalidArgumentException>"

    /// An `NSNumber *` property set through key-value coding keeps what it is given; formctl reads
    /// numeric text as its number and true/false as 1/0 (and stores blank text as none, see
    /// `numberObjectStored`).
    mutating func numberObject(_ value: FormValue) -> FormValue {
        let converted: FormValue
        switch value {
        case .bool(let flag): converted = .int(flag ? 1 : 0)
        case .string: converted = Self.number(value) ?? value
        default: converted = value
        }
        if converted != value, differ(.numbersFromText) { return converted }
        return value
    }

    /// An `NSNumber *` property's value as fetched: as it is; formctl stores blank text as no answer.
    mutating func numberObjectStored(_ value: FormValue) -> FormValue {
        guard case .string(let text) = value, text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { return value }
        return differ(.numbersFromText) ? .null : value
    }

    /// NSString's and NSNumber's `integerValue`, through Foundation; nil where there is none.
    static func integerValue(_ value: FormValue) -> Int? {
        switch value {
        case .string(let text): return NSString(string: text).integerValue
        case .bool(let flag): return flag ? 1 : 0
        case .int, .double: return truncate(value)
        default: return nil
        }
    }

    /// NSString's and NSNumber's `doubleValue`, through Foundation (an integer when whole); nil
    /// where there is none.
    static func doubleValue(_ value: FormValue) -> FormValue? {
        switch value {
        case .string(let text): return wholeOrSame(.double(NSString(string: text).doubleValue))
        case .bool(let flag): return .int(flag ? 1 : 0)
        case .int, .double: return value
        default: return nil
        }
    }

    /// A `BOOL` set through key-value coding.
    static func bool(_ value: FormValue) -> Bool {
        switch value {
        case .bool(let flag): return flag
        case .int(let number): return number != 0
        case .double(let number): return number != 0
        case .string(let text): return NSString(string: text).boolValue
        default: return false
        }
    }

    /// An NSNumber's reading of a value, or of text that is a decimal number.
    static func number(_ value: FormValue) -> FormValue? {
        switch value {
        case .int, .double: return value
        case .bool(let flag): return .int(flag ? 1 : 0)
        case .string(let text):
            let trimmed = text.trimmingCharacters(in: .whitespaces)
            guard !trimmed.isEmpty, trimmed.allSatisfy({ "0123456789+-.eE".contains($0) }) else { return nil }
            if let whole = Int(trimmed) { return .int(whole) }
            return Double(trimmed).map(FormValue.double)
        default: return nil
        }
    }

    static func numberOrSame(_ value: FormValue) -> FormValue { number(value) ?? value }

    static func truncate(_ number: FormValue) -> Int {
        switch number {
        case .int(let whole): return whole
        case .double(let value): return value >= 9.2e18 ? Int.max : value <= -9.2e18 ? Int.min : Int(value)
        default: return 0
        }
    }

    /// `setTicksValue:`: 1970 plus the seconds, written as the element's mode shows dates.
    static func date(ticks: FormValue, mode: String?) -> String? {
        guard let seconds = Optional(ticks).flatMap({ value -> Double? in
            if case .int(let whole) = value { return Double(whole) }
            if case .double(let real) = value { return real }
            return nil
        }), seconds >= -62_135_596_800, seconds < 253_402_300_800 else { return nil }
        let date = Date(timeIntervalSince1970: seconds.rounded(.down))
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.calendar = Calendar(identifier: .gregorian)
        switch mode {
        case "Date": formatter.dateFormat = "yyyy-MM-dd"
        case "Time": formatter.dateFormat = "HH:mm:ss"
        default: formatter.dateFormat = "yyyy-MM-dd'T'HH:mm:ss'Z'"
        }
        return formatter.string(from: date)
    }

    // MARK: Values out

    mutating func stored(type: String, _ element: OrderedDictionary<String, FormValue>) -> FormValue {
        switch type {
        case "boolean":
            switch element["boolValue"] {
            case .bool(let flag)?: return .bool(flag)
            case .int(let number)?: return .bool(number != 0)
            case .double(let number)?: return .bool(number != 0)
            case nil:
                // QBooleanElement's init sets YES.
                return differ(.untouchedSwitchIsOff) ? .bool(false) : .bool(true)
            default: return .bool(false)
            }
        case "float":
            // QFloatElement's init sets 0, whatever its range.
            guard let value = element["floatValue"] else {
                if let minimum = element["minimumValue"]?.doubleValue, minimum > 0, differ(.untouchedSliderInItsRange) {
                    return element["minimumValue"] ?? .null
                }
                return .int(0)
            }
            return value
        case "decimal":
            // QDecimalElement's init sets @0; a bound nil stays nil.
            guard let value = element["numberValue"] else { return differ(.untouchedDecimalIsEmpty) ? .null : .int(0) }
            return numberObjectStored(value)
        case "countdown":
            // QCountdownElement fetches the date its initializer took from the clock, not its ticks.
            return differ(.countdownStoresItsSeconds) ? numberObjectStored(element["ticksValue"] ?? .null) : Self.now
        case "date":
            guard let raw = element["dateValue"] else { return differ(.noDateFromTheClock) ? .null : Self.now }
            guard case .string(let text) = raw else { return raw }
            return DifferentialGenerator.dateHeld(text, mode: element["mode"]?.stringValue).map(FormValue.string) ?? raw
        case "radio", "segmented", "colorpicker":
            guard case .int(let index)? = element["selected"] else { return .null }
            let values = element["values"]?.arrayValue
            let choices = values ?? element["items"]?.arrayValue ?? []
            guard index >= 0, index < choices.count else { return .null }
            return values?[index] ?? .int(index)
        default:
            return element[Self.valueProperty[type] ?? ""] ?? .null
        }
    }

    /// Writes at a path of keys and indexes, making objects and arrays on the way (an index past
    /// the end pads with null).
    static func write(_ value: FormValue, at path: [ValuePath.Component], into target: inout FormValue) {
        guard let first = path.first else {
            target = value
            return
        }
        let rest = Array(path.dropFirst())
        switch first {
        case .key(let key):
            var object = target.objectValue ?? [:]
            var child = object[key] ?? .null
            write(value, at: rest, into: &child)
            object[key] = child
            target = .object(object)
        case .index(let index):
            var array = target.arrayValue ?? []
            while array.count <= index { array.append(.null) }
            write(value, at: rest, into: &array[index])
            target = .array(array)
        default:
            return
        }
    }

    // MARK: Bind strings and key paths

    /// Pairs `prop:path` (trimmed) and the iteration, if any.
    static func parseBind(_ bind: String?) -> (pairs: [(String, String)], iteration: (String, String)?) {
        var pairs: [(String, String)] = []
        var iteration: (String, String)?
        for part in (bind ?? "").split(separator: ",") {
            let halves = part.split(separator: ":", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard halves.count == 2 else { continue }
            if halves[0] == "iterate" || halves[0] == "iterateproperties" { iteration = (halves[0], halves[1]) } else { pairs.append((halves[0], halves[1])) }
        }
        return (pairs, iteration)
    }

    /// `valueForKeyPath:`: `self` is the object; a key of a dictionary is its member; a key of
    /// an array is the array of that key of each element (NSNull for nil); anything else nil.
    static func lookup(_ path: String, in data: FormValue) -> FormValue {
        if path == "self" { return data }
        return lookup(path.split(separator: ".").map(String.init)[...], in: data)
    }

    static func lookup(_ keys: ArraySlice<String>, in value: FormValue) -> FormValue {
        guard let key = keys.first else { return value }
        switch value {
        case .object(let members): return members[key].map { lookup(keys.dropFirst(), in: $0) } ?? .null
        case .array(let items): return .array(items.map { lookup(keys, in: $0) })
        default: return .null
        }
    }
}

/// One line per bound root, section and element: what both binders are compared on.
enum Projection {
    static func root(title: FormValue?) -> String { "root title=\(text(title))" }
    static func section(title: FormValue?) -> String { "  section title=\(text(title))" }
    static func element(type: String, title: FormValue?, property: String?, value: FormValue?) -> String {
        "    \(type) title=\(text(title)) \(property ?? "-")=\(text(value))"
    }

    static func text(_ value: FormValue?) -> String { value.map { $0.jsonString() } ?? "absent" }

    /// The same lines read off `Binder`'s bound form.
    static func lines(of form: BoundForm) -> [String] {
        var lines = [root(title: form.definition.root.properties["title"])]
        func walk(_ element: Element) {
            for section in element.sections ?? [] {
                lines.append(Projection.section(title: section.properties["title"]))
                for child in section.elements ?? [] {
                    let property = child.kind.valueProperty
                    lines.append(Projection.element(type: child.typeName, title: child.properties["title"], property: property,
                                                    value: property.flatMap { child.properties[$0] }))
                    walk(child)
                }
            }
        }
        walk(form.definition.root)
        return lines
    }
}
