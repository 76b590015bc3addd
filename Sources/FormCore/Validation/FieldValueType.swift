/// How each kind of element takes, checks and shows its value: the one table that typed text
/// (a prompt, an override such as `--set`), JSON answers and every display go through, so that
/// a terminal, an answers file and a service read the same value the same way.
///
/// Messages say what is wrong with the value ("must be true or false"); a terminal adds its
/// own hints (y/n, item numbers) on top.
package enum FieldValueType: Sendable, Hashable {
    /// Free text: entry, multiline, auto-entry, text.
    case text
    case boolean
    /// Decimal and float elements, and a countdown's seconds.
    case number
    /// Date, time or date-and-time, by the element's `mode`; any ISO 8601 form is taken and
    /// held in the mode's form.
    case date
    /// One of `items` (radio, segmented, color picker): stored as `values[i]`, else the index.
    case choice
    /// A keyed select section: any number of its items, stored as an array.
    case selection
    /// A picker: one of its (possibly nested) `items`, stored as the item.
    case picker
    /// An image or file field: an `AttachmentReference`, or an array of them when the field
    /// takes more than one file. Never typed as text.
    case file
    /// Anything else that holds a value (a label's value): taken as given.
    case other

    package init(_ element: Element) {
        switch element.kind {
        case .entry, .multiline, .autoEntry, .text: self = .text
        case .boolean: self = .boolean
        // A countdown holds its `ticksValue`, seconds: its date is a clock reading.
        case .decimal, .float, .countdown: self = .number
        case .dateTimeInline, .dateTime: self = .date
        case .radio, .segmented, .colorPicker: self = .choice
        case .picker: self = element.isSectionSelection ? .selection : .picker
        case .image, .file: self = .file
        default: self = .other
        }
    }

    // MARK: Typed text

    /// The value for text a person typed (at a prompt, in an override).
    package func parse(_ text: String, for element: Element) -> Result<FormValue, FieldInputError> {
        parse(text, for: element, choices: nil)
    }

    /// `choices` is `ChoiceList(element)` when the caller keeps it (a compiled form does), so a
    /// choice answered is not read from the element's items again.
    func parse(_ text: String, for element: Element, choices: ChoiceList?) -> Result<FormValue, FieldInputError> {
        if self != .other, let problem = ControlCharacterCheck.problem(in: text, allowingLineBreaks: element.kind == .multiline) {
            return .failure(problem)
        }
        let trimmed = text.trimmingSpaces
        switch self {
        case .text, .other:
            return .success(.string(text))
        case .file:
            // Nothing typed is no file; any text is a path or a name, which only the channel
            // that reads files (a path prompt, --attach, an upload) can turn into one.
            if trimmed.isEmpty { return .success(.null) }
            return .failure(FieldInputError(Self.fileExpected(found: LibraryMessages.text(.foundString))))
        case .boolean:
            switch trimmed.lowercased() {
            case "y", "yes", "true", "1", "on": return .success(.bool(true))
            case "n", "no", "false", "0", "off", "": return .success(.bool(false))
            default: return .failure(FieldInputError(LibraryMessages.text(.booleanExpected)))
            }
        case .number:
            if trimmed.isEmpty { return .success(.null) }
            return Self.number(from: trimmed, for: element)
        case .date:
            if trimmed.isEmpty { return .success(.null) }
            let mode = element.properties["mode"]?.stringValue
            guard let date = ISODate.normalized(trimmed, mode: mode) else {
                return .failure(FieldInputError(ISODate.formatMessage(for: mode)))
            }
            return .success(.string(date))
        case .choice:
            if trimmed.isEmpty { return .success(.null) }
            return (choices ?? ChoiceList(element)).choice(for: trimmed)
        case .selection:
            let list = choices ?? ChoiceList(element)
            var chosen: [FormValue] = []
            for part in Self.selectionParts(trimmed) {
                switch list.choice(for: part) {
                case .success(let value): if !chosen.contains(value) { chosen.append(value) }
                case .failure: return .failure(list.notAChoice(.notChoices))
                }
            }
            return list.checkCount(chosen)
        case .picker:
            if trimmed.isEmpty { return .success(.null) }
            let items = Self.pickerItems(of: element)
            if items.isEmpty { return .success(.string(text)) }
            if let item = items.first(where: { $0.displayString == trimmed })
                ?? items.first(where: { $0.displayString?.lowercased() == trimmed.lowercased() })
            {
                return .success(item)
            }
            if let number = Int(trimmed), number >= 1, number <= items.count { return .success(items[number - 1]) }
            return .failure(FieldInputError(LibraryMessages.text(.notAChoice, ["choices": .text(Self.list(items.compactMap(\.displayString)))])))
        }
    }

    // MARK: JSON answers

    /// The value for a JSON answer: strings are read as typed text for fields that are not
    /// text; other JSON types must already be the field's type.
    package func accept(_ answer: FormValue, for element: Element) -> Result<FormValue, FieldInputError> {
        accept(answer, for: element, choices: nil)
    }

    /// `choices` as for `parse(_:for:choices:)`.
    func accept(_ answer: FormValue, for element: Element, choices: ChoiceList?) -> Result<FormValue, FieldInputError> {
        if case .null = answer { return .success(.null) }
        switch self {
        case .text:
            guard case .string(let text) = answer else { return .failure(FieldInputError(LibraryMessages.text(.textExpected, ["found": .text(answer.foundName)]))) }
            if let problem = ControlCharacterCheck.problem(in: text, allowingLineBreaks: element.kind == .multiline) { return .failure(problem) }
            return .success(answer)
        case .other:
            return .success(answer)
        case .file:
            return Self.fileValue(answer, maximumFiles: FileFieldRules(element: element)?.maximumFiles ?? 1)
        case .boolean:
            if case .string(let text) = answer { return parse(text, for: element) }
            guard let flag = answer.boolValue else { return .failure(FieldInputError(LibraryMessages.text(.booleanExpected))) }
            return .success(.bool(flag))
        case .number:
            if case .string(let text) = answer { return parse(text, for: element) }
            guard answer.isNumber else { return .failure(FieldInputError(LibraryMessages.text(.numberExpected, ["found": .text(answer.foundName)]))) }
            // A number the field cannot hold as it is is refused as its text would be, not
            // stored as another number: an integer past a double's exact range in a field with
            // fractions, and in a whole-number field one past Int's, which JSON gave as a double.
            guard Self.holdsExactly(answer, for: element) else { return .failure(FieldInputError(LibraryMessages.text(.tooManyDigits))) }
            return .success(Self.heldNumber(answer, for: element))
        case .date:
            guard case .string(let text) = answer else {
                return .failure(FieldInputError(ISODate.formatMessage(for: element.properties["mode"]?.stringValue)))
            }
            return parse(text, for: element)
        case .choice:
            if case .string(let text) = answer { return parse(text, for: element, choices: choices) }
            return (choices ?? ChoiceList(element)).checkStored(answer)
        case .selection:
            let list = choices ?? ChoiceList(element)
            let given = answer.arrayValue ?? [answer]
            var chosen: [FormValue] = []
            for item in given {
                let resolved: Result<FormValue, FieldInputError>
                if case .string(let text) = item { resolved = list.choice(for: text.trimmingSpaces) } else { resolved = list.checkStored(item) }
                guard case .success(let value) = resolved else { return .failure(list.notAChoice(.notChoices)) }
                if !chosen.contains(value) { chosen.append(value) }
            }
            return list.checkCount(chosen)
        case .picker:
            if case .string(let text) = answer { return parse(text, for: element) }
            return .success(answer)
        }
    }

    // MARK: The element's own property

    /// The value an element holds as written or bound, by QuickDialog's rules for its kind
    /// (`fetchValueIntoObject`): a radio's `values[selected]`, else the index, nothing when the
    /// index is outside them; a boolean as a boolean (any number but 0 is true); a numeric
    /// string as its number; a date in any ISO 8601 form in the form of the element's mode.
    ///
    /// What the definition leaves unset is what the element shows: a switch off (false) and a
    /// float slider at 0, as QuickDialog's initializers set them (see `untouchedValue(of:)`); a
    /// decimal, a date and a countdown hold nothing until given a value.
    func storedValue(of element: Element) -> FormValue {
        guard let property = element.kind.valueProperty else { return .null }
        guard let raw = element.properties[property] else { return Self.untouchedValue(of: element) }
        switch self {
        case .boolean:
            if case .bool = raw { return raw }
            // A nil BOOL is NO (QBooleanElement's setNilValueForKey:); an expression waits for its value.
            if raw.isNull { return .bool(false) }
            return raw.isNumber ? .bool(PropertyType.setterBool(raw)) : .null
        case .number:
            // QFloatElement's setNilValueForKey: makes a nil float 0.
            if raw.isNull, element.kind == .float { return Self.untouchedValue(of: element) }
            if case .string(let text) = raw {
                if let number = PropertyType.setterNumber(raw) { return number }
                // Blank text is no answer, here as in every text a person types.
                if text.isBlank { return .null }
            }
            return raw
        case .date:
            guard case .string(let text) = raw,
                let date = ISODate.normalized(text, mode: element.properties["mode"]?.stringValue, writtenInDefinition: true)
            else { return raw }
            return .string(date)
        case .choice:
            guard let index = raw.intValue else { return .null }
            let choices = element.values ?? element.properties["items"]?.arrayValue ?? []
            guard choices.indices.contains(index) else { return .null }
            return element.values == nil ? .int(index) : choices[index]
        default:
            return raw
        }
    }

    /// The value of an element whose definition sets no value: QBooleanElement's switch is off
    /// (QuickDialog's initializer turns it on, which would record a yes nobody gave: formctl
    /// differs there), and QFloatElement's slider is at 0, or at the end of its range nearest 0
    /// when 0 is outside `minimumValue`...`maximumValue` (where a slider shows it): a switch and
    /// a slider have no empty state. QDecimalElement's initializer sets 0, but a typed number
    /// nobody typed is no answer, which `required` must be able to refuse; a date is not "now"
    /// and a countdown has no seconds: nothing is invented that the person did not see chosen.
    static func untouchedValue(of element: Element) -> FormValue {
        switch element.kind {
        case .boolean: return .bool(false)
        case .float:
            let minimum = element.properties["minimumValue"]?.doubleValue
            let maximum = element.properties["maximumValue"]?.doubleValue
            if let minimum, minimum > 0, maximum.map({ minimum <= $0 }) ?? true { return element.properties["minimumValue"] ?? .int(0) }
            if let maximum, maximum < 0, minimum.map({ $0 <= maximum }) ?? true { return element.properties["maximumValue"] ?? .int(0) }
            return .int(0)
        default: return .null
        }
    }

    /// Writes a value back into the element's value property, as its kind holds it: a radio's
    /// `selected` index is found from the value among `values`, and no choice is -1, as the
    /// binder and QuickDialog's setter hold it.
    package func write(_ value: FormValue, into element: inout Element) {
        guard let property = element.kind.valueProperty else { return }
        if case .choice = self {
            // An index the binder set outside the choices is no choice too: kept as it is.
            if storedValue(of: element) == value { return }
            let index = element.values.map { $0.firstIndex(of: value) } ?? value.intValue
            element.properties[property] = .int(index ?? -1)
        } else {
            element.properties[property] = value
        }
    }

    // MARK: Display

    /// A value as a person reads it in a summary or an outline: secrets masked, choices by
    /// their item, booleans as yes/no; empty for no value.
    package func display(_ value: FormValue, for element: Element) -> String {
        if element.isSecure { return (value.displayString ?? "").isEmpty ? "" : Self.mask }
        switch self {
        case .choice:
            let list = ChoiceList(element)
            return list.label(for: value) ?? value.displayString ?? ""
        case .selection:
            let list = ChoiceList(element)
            return (value.arrayValue ?? []).compactMap { list.label(for: $0) ?? $0.displayString }.joined(separator: ", ")
        case .boolean:
            // No answer (an answer cleared with null) shows as none, not as a "no" never stored.
            if value.isNull { return "" }
            return value.boolValue == true ? "yes" : "no"
        case .file:
            let files = value.arrayValue ?? [value]
            return files.map { file in
                guard let reference = AttachmentReference(formValue: file) else { return file.displayString ?? "" }
                return "\(reference.name) (\(reference.mediaType), \(ByteCount(reference.size)))"
            }.joined(separator: ", ")
        default:
            return value.displayString ?? ""
        }
    }

    /// What a secret shows as, wherever it is shown.
    package static let mask = "••••••"

    // MARK: Support

    /// A number as typed: decimal notation only (`-12`, `3.5`, `.5`), so `0x10` is not 16; a
    /// float (slider) field also takes an exponent (`1.5e3`), a decimal or countdown does not,
    /// so `1e1` never turns into 10.0 in a whole-number field.
    static func number(from text: String, for element: Element) -> Result<FormValue, FieldInputError> {
        let allowsExponent = element.kind == .float
        guard isDecimalNotation(text, allowingExponent: allowsExponent) else {
            // Text that is no number in any notation is told so plainly.
            guard Double(text) != nil else { return .failure(FieldInputError(LibraryMessages.text(.notANumber))) }
            return .failure(FieldInputError(LibraryMessages.text(allowsExponent ? .decimalNotationWithExponent : .decimalNotation)))
        }
        if let int = Int(text), !holdsFractions(element) { return .success(.int(int)) }
        // Held as a double, which keeps 15 significant digits exactly: more would be stored as
        // another number (99999999999999999 as 1e17), so they are refused, not rounded.
        guard significantDigits(text) <= maximumSignificantDigits else {
            return .failure(FieldInputError(LibraryMessages.text(.tooManyDigits)))
        }
        guard let number = Double(text), number.isFinite else { return .failure(FieldInputError(LibraryMessages.text(.notANumber))) }
        return .success(heldNumber(.double(number), for: element))
    }

    /// Whether `heldNumber` keeps `number` (from JSON, not text) as the same number.
    static func holdsExactly(_ number: FormValue, for element: Element) -> Bool {
        switch number {
        case .int(let int) where holdsFractions(element): return Int(exactly: Double(int)) == int
        case .double(let double) where !holdsFractions(element) && double.rounded() == double:
            return Int(exactly: double) != nil
        default: return true
        }
    }

    /// The significant digits a number typed in decimal notation may have when it is held as
    /// a double: every decimal number of 15 digits survives the trip to a double and back.
    static let maximumSignificantDigits = 15

    /// The digits of a number in decimal notation from its first non-zero digit to its last
    /// one, exponent aside (`0.0120` has 2, `1200` has 2, `-3.50e4` has 2).
    static func significantDigits(_ text: String) -> Int {
        var digits: [UInt8] = []
        for byte in text.utf8 {
            if byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") { break }
            if byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") { digits.append(byte) }
        }
        guard let first = digits.firstIndex(where: { $0 != UInt8(ascii: "0") }),
            let last = digits.lastIndex(where: { $0 != UInt8(ascii: "0") })
        else { return 0 }
        return last - first + 1
    }

    /// Whether a number field holds a real number (a float, a decimal with `fractionDigits`)
    /// rather than a whole one (a decimal without, a countdown's seconds).
    static func holdsFractions(_ element: Element) -> Bool {
        element.kind == .float || (element.kind == .decimal && (element.properties["fractionDigits"]?.intValue ?? 0) > 0)
    }

    /// A number as its field holds it, whichever notation or source it came in: a whole
    /// number as an integer in a whole-number field and as a double in one with fractions.
    /// `7`, `7.0` and a stored `7` are then one value, and an expression reading the field
    /// gives one result (`a / b` divides two integers as integers, and a double otherwise),
    /// however the answer was typed and after its row is exported and imported again.
    static func heldNumber(_ number: FormValue, for element: Element) -> FormValue {
        switch number {
        case .int(let int) where holdsFractions(element): return .double(Double(int))
        case .double(let double) where !holdsFractions(element) && double.rounded() == double && abs(double) < 9e15:
            return .int(Int(double))
        default: return number
        }
    }

    /// An optional sign, digits with at most one decimal point (a digit on at least one side),
    /// and with `allowingExponent` an optional `e` or `E`, a sign and digits. ASCII only.
    static func isDecimalNotation(_ text: String, allowingExponent: Bool) -> Bool {
        let bytes = Array(text.utf8)
        func isDigit(_ index: Int) -> Bool { index < bytes.count && bytes[index] >= UInt8(ascii: "0") && bytes[index] <= UInt8(ascii: "9") }
        var index = 0
        if index < bytes.count, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") { index += 1 }
        var digits = 0
        while isDigit(index) { index += 1; digits += 1 }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            while isDigit(index) { index += 1; digits += 1 }
        }
        guard digits > 0 else { return false }
        if allowingExponent, index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") { index += 1 }
            guard isDigit(index) else { return false }
            while isDigit(index) { index += 1 }
        }
        return index == bytes.count
    }

    /// `a, b, c`; also `1 3` when every space-separated part is a number.
    static func selectionParts(_ text: String) -> [String] {
        if text.isEmpty { return [] }
        let byComma = text.split(separator: ",").map { String($0).trimmingSpaces }.filter { !$0.isEmpty }
        if byComma.count == 1 {
            let bySpace = text.split(separator: " ").map(String.init)
            if bySpace.count > 1, bySpace.allSatisfy({ Int($0) != nil }) { return bySpace }
        }
        return byComma
    }

    static func pickerItems(of element: Element) -> [FormValue] {
        let components = element.properties["items"]?.arrayValue ?? []
        return components.flatMap { $0.arrayValue ?? [$0] }
    }

    static func list(_ names: [String]) -> String { names.joined(separator: ", ") }
}

/// The choices of a radio, segmented or select element: what is stored for each item (its
/// value, else its index) and the label a person reads.
struct ChoiceList {
    let labels: [String]
    /// What is stored for each item.
    let stored: [FormValue]
    let storesIndexes: Bool
    let allowsMany: Bool

    init(_ element: Element) {
        labels = element.items
        if element.isSectionSelection {
            stored = element.selectionChoices
            storesIndexes = element.values == nil
            allowsMany = element.properties["multipleAllowed"]?.boolValue ?? true
        } else if let values = element.values {
            stored = values
            storesIndexes = false
            allowsMany = false
        } else {
            stored = labels.indices.map(FormValue.int)
            storesIndexes = true
            allowsMany = false
        }
    }

    /// What a person may write: the stored values, or the labels when indexes are stored.
    var describedChoices: String {
        let names = storesIndexes ? labels : stored.compactMap(\.displayString)
        return names.joined(separator: ", ")
    }

    /// A choice written as text: a stored value, a label (any case), or a 1-based number.
    func choice(for text: String) -> Result<FormValue, FieldInputError> {
        if !storesIndexes, let match = stored.first(where: { $0.displayString == text }) { return .success(match) }
        if let index = labels.firstIndex(where: { $0 == text }) ?? labels.firstIndex(where: { $0.lowercased() == text.lowercased() }),
            stored.indices.contains(index)
        {
            return .success(stored[index])
        }
        if let number = Int(text), number >= 1, number <= stored.count { return .success(stored[number - 1]) }
        return .failure(notAChoice())
    }

    /// A JSON value that must itself be one of the stored choices.
    func checkStored(_ value: FormValue) -> Result<FormValue, FieldInputError> {
        if stored.contains(value) { return .success(value) }
        if let number = value.doubleValue, let match = stored.first(where: { $0.doubleValue == number }) { return .success(match) }
        return .failure(notAChoice())
    }

    /// A value that is none of the choices: `message` lists them, or, when there are none (items
    /// bound to a path the data lacks), says so instead of listing nothing.
    func notAChoice(_ message: LibraryMessage = .notAChoice) -> FieldInputError {
        if stored.isEmpty { return FieldInputError(LibraryMessages.text(.noChoices)) }
        return FieldInputError(LibraryMessages.text(message, ["choices": .text(describedChoices)]))
    }

    func checkCount(_ chosen: [FormValue]) -> Result<FormValue, FieldInputError> {
        if chosen.count > 1 && !allowsMany { return .failure(FieldInputError(LibraryMessages.text(.oneChoiceOnly))) }
        return .success(.array(chosen))
    }

    func label(for value: FormValue) -> String? {
        guard let index = stored.firstIndex(of: value), labels.indices.contains(index) else { return nil }
        return labels[index]
    }
}

/// Input that does not fit its field, with what is expected instead.
package struct FieldInputError: Error, Sendable, Equatable, CustomStringConvertible {
    package var message: String
    package init(_ message: String) { self.message = message }
    package var description: String { message }
}
