/// The JSON shape a definition property must have.
///
/// Any string-typed or non-string property may instead hold an `@{...}` expression, which is
/// checked by the expression parser rather than here.
package enum PropertyType: Sendable, Hashable {
    case string
    /// Text a person reads (a title, a footer, a message): a string, or a map of language tags
    /// to strings (`{"en": "Name", "de": "Name"}`) that `FormDefinition.localized(to:)` resolves.
    case text
    /// A list of texts (a radio's or a select section's `items`), each a string or a text map.
    case textArray
    /// `true`/`false`, or QuickDialog's 0/1.
    case bool
    case number
    case integer
    case stringArray
    case array
    case object
    /// A name from a fixed table (`keyboardType`: `EmailAddress`, ...).
    case enumName([String])
    /// Anything: values whose type depends on the element (picker `value`, `selectedValue`).
    case any

    /// Whether `value` fits; expressions are accepted everywhere and checked elsewhere.
    package func accepts(_ value: FormValue) -> Bool {
        if case .string(let text) = value, PropertyExpression.containsExpression(text) { return true }
        switch (self, value) {
        case (.any, _), (_, .null): return true
        case (.string, .string): return true
        // Authors write numbers where a string is meant ("title": 2020); QuickDialog coerces them.
        case (.string, .int), (.string, .double): return true
        case (.text, .string), (.text, .int), (.text, .double): return true
        // A map's entries (tags, strings) are checked one by one, each with its own path.
        case (.text, .object): return true
        case (.textArray, .array(let items)): return items.allSatisfy { $0.stringValue != nil || $0.isNumber || $0.objectValue != nil }
        case (.bool, _): return value.boolValue != nil
        case (.number, .int), (.number, .double): return true
        case (.integer, _): return value.intValue != nil
        case (.stringArray, .array(let items)): return items.allSatisfy { $0.stringValue != nil || $0.isNumber }
        case (.array, .array): return true
        case (.object, .object): return true
        case (.enumName(let names), .string(let name)): return names.contains(name)
        default: return false
        }
    }

    /// How the expected shape reads in an error: "expected a boolean (true, false, 0 or 1)".
    var expectation: String {
        switch self {
        case .string: return "a string"
        case .text: return "a string or a map of language tags to strings"
        case .textArray: return "an array of strings or maps of language tags to strings"
        case .bool: return "a boolean (true, false, 0 or 1)"
        case .number: return "a number"
        case .integer: return "an integer"
        case .stringArray: return "an array of strings"
        case .array: return "an array"
        case .object: return "an object"
        case .enumName(let names): return "one of " + names.joined(separator: ", ")
        case .any: return "any value"
        }
    }
}

/// The enum-name tables QuickDialog looks string values up in.
package enum EnumTables {
    package static let autocapitalizationType = ["None", "Words", "Sentences", "AllCharacters"]
    package static let autocorrectionType = ["Default", "No", "Yes"]
    package static let keyboardType = [
        "Default", "ASCIICapable", "NumbersAndPunctuation", "URL", "NumberPad", "PhonePad",
        "NamePhonePad", "EmailAddress", "DecimalPad", "Twitter", "Alphabet",
    ]
    package static let keyboardAppearance = ["Default", "Alert"]
    package static let returnKeyType = [
        "Default", "Go", "Google", "Join", "Next", "Route", "Search", "Send", "Yahoo", "Done", "EmergencyCall",
    ]
    package static let dateMode = ["Date", "Time", "DateAndTime"]
    package static let presentationMode = ["Normal", "NavigationInPopover", "ModalForm", "Popover", "ModalFullScreen", "ModalPage"]
    package static let cellStyle = ["Default", "Value1", "Value2", "Subtitle"]
    package static let indicatorViewStyle = ["WhiteLarge", "White", "Gray"]
    package static let accessoryType = ["None", "DisclosureIndicator", "DetailDisclosureButton", "Checkmark", "DetailButton"]
    package static let labelingPolicy = ["trimTitle", "trimValue"]
    package static let imageSource = ["photoLibrary", "camera", "savedPhotosAlbum"]
    static let visibility = ["visible", "gone"]
}
