/// Turns text a person typed (at a prompt, in `--set`) into the value an element holds.
public enum FieldValueParser {
    /// The typed value for `text`, or a message saying what is expected.
    public static func parse(_ text: String, for element: Element) -> Result<FormValue, FieldInputError> {
        let trimmed = text.trimmingSpaces
        switch element.kind {
        case .boolean:
            switch trimmed.lowercased() {
            case "y", "yes", "true", "1", "on": return .success(.bool(true))
            case "n", "no", "false", "0", "off", "": return .success(.bool(false))
            default: return .failure(FieldInputError("answer yes or no (y/n)"))
            }
        case .decimal, .float:
            if trimmed.isEmpty { return .success(.null) }
            if let int = Int(trimmed), element.kind == .decimal, (element.properties["fractionDigits"]?.intValue ?? 0) == 0 {
                return .success(.int(int))
            }
            guard let number = Double(trimmed), number.isFinite else {
                return .failure(FieldInputError("enter a number, such as 42 or 3.5"))
            }
            if number.rounded() == number, abs(number) < 9e15, !trimmed.contains(".") { return .success(.int(Int(number))) }
            return .success(.double(number))
        case .radio, .segmented, .colorPicker:
            return parseChoice(trimmed, for: element)
        case .picker where element.isSectionSelection:
            return parseSelection(trimmed, for: element)
        case .dateTimeInline, .dateTime, .countdown:
            if trimmed.isEmpty { return .success(.null) }
            let mode = element.properties["mode"]?.stringValue
            guard ISODate(parsing: trimmed, mode: mode) != nil else {
                return .failure(FieldInputError("enter a date as \(ISODate.format(for: mode))"))
            }
            return .success(.string(trimmed))
        default:
            return .success(.string(text))
        }
    }

    /// Numbers of the items chosen in a select section, separated by commas or spaces: `1, 3`.
    static func parseSelection(_ text: String, for element: Element) -> Result<FormValue, FieldInputError> {
        let choices = element.selectionChoices
        var chosen: [FormValue] = []
        for part in text.split(whereSeparator: { $0 == "," || $0 == " " }) {
            guard let number = Int(part), number >= 1, number <= choices.count else {
                return .failure(FieldInputError("choose item numbers between 1 and \(choices.count), separated by commas"))
            }
            if !chosen.contains(choices[number - 1]) { chosen.append(choices[number - 1]) }
        }
        if chosen.count > 1 && element.properties["multipleAllowed"]?.boolValue == false {
            return .failure(FieldInputError("choose only one item"))
        }
        return .success(.array(chosen))
    }

    /// A choice by its number (1-based, as shown), its item text or its stored value.
    static func parseChoice(_ text: String, for element: Element) -> Result<FormValue, FieldInputError> {
        let items = element.items
        let values = element.values
        if text.isEmpty { return .success(.null) }
        if let number = Int(text), number >= 1, number <= items.count {
            return .success(values.map { $0.indices.contains(number - 1) ? $0[number - 1] : .int(number - 1) } ?? .int(number - 1))
        }
        if let index = items.firstIndex(where: { $0.lowercased() == text.lowercased() }) {
            return .success(values.map { $0.indices.contains(index) ? $0[index] : .int(index) } ?? .int(index))
        }
        if let values, let match = values.first(where: { $0.displayString == text }) { return .success(match) }
        let choices = items.enumerated().map { "\($0.offset + 1)) \($0.element)" }.joined(separator: ", ")
        return .failure(FieldInputError("choose one of \(choices)"))
    }
}

/// Input that does not fit its field, with what is expected instead.
public struct FieldInputError: Error, Sendable, Equatable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
