/// Every element class of QuickDialog's catalogue.
///
/// The raw value is the class name written in definitions; `aliases` are the short names formctl
/// also accepts on input (`entry`, `boolean`, ...). Encoding writes back what the author wrote.
public enum ElementKind: String, Sendable, CaseIterable {
    case element = "QElement"
    case root = "QRootElement"
    case label = "QLabelElement"
    case text = "QTextElement"
    case badge = "QBadgeElement"
    case button = "QButtonElement"
    case boolean = "QBooleanElement"
    case float = "QFloatElement"
    case entry = "QEntryElement"
    case multiline = "QMultilineElement"
    case autoEntry = "QAutoEntryElement"
    case decimal = "QDecimalElement"
    case dateTimeInline = "QDateTimeInlineElement"
    case dateTime = "QDateTimeElement"
    case countdown = "QCountdownElement"
    case radio = "QRadioElement"
    case segmented = "QSegmentedElement"
    case colorPicker = "QColorPickerElement"
    case picker = "QPickerElement"
    case image = "QImageElement"
    /// formctl's own, not QuickDialog's: a file of any type (QuickDialog has images only).
    case file = "QFileElement"
    case map = "QMapElement"
    case web = "QWebElement"
    case mail = "QMailElement"
    case progress = "QProgressElement"
    case loading = "QLoadingElement"
    case emptyList = "QEmptyListElement"
    case radioItem = "QRadioItemElement"
    case selectItem = "QSelectItemElement"

    /// The class this one inherits its properties from.
    var superclass: ElementKind? {
        switch self {
        case .element: return nil
        case .root, .progress: return .element
        case .label, .text, .dateTime, .map: return .root
        case .badge, .button, .boolean, .float, .entry, .web, .mail, .loading, .emptyList, .radioItem, .selectItem:
            return .label
        case .multiline, .autoEntry, .decimal, .dateTimeInline, .radio, .picker, .image, .file: return .entry
        case .countdown: return .dateTimeInline
        case .segmented, .colorPicker: return .radio
        }
    }

    /// Lower-case short names accepted on input.
    package var aliases: [String] {
        switch self {
        case .element: return []
        case .root: return ["root"]
        case .label: return ["label"]
        case .text: return ["text"]
        case .badge: return ["badge"]
        case .button: return ["button"]
        case .boolean: return ["boolean", "bool", "switch"]
        case .float: return ["float", "slider"]
        case .entry: return ["entry", "textfield"]
        case .multiline: return ["multiline", "textarea"]
        case .autoEntry: return ["autoentry", "autocomplete"]
        case .decimal: return ["decimal", "number"]
        case .dateTimeInline: return ["date", "datetimeinline"]
        case .dateTime: return ["datetime"]
        case .countdown: return ["countdown"]
        case .radio: return ["radio"]
        case .segmented: return ["segmented"]
        case .colorPicker: return ["colorpicker", "color"]
        case .picker: return ["picker"]
        case .image: return ["image"]
        case .file: return ["file"]
        case .map: return ["map"]
        case .web: return ["web"]
        case .mail: return ["mail"]
        case .progress: return ["progress"]
        case .loading: return ["loading"]
        case .emptyList: return ["emptylist"]
        case .radioItem: return ["radioitem"]
        case .selectItem: return ["selectitem"]
        }
    }

    /// Looks up a type name as written: a class name or an alias (aliases ignore case).
    package init?(typeName: String) {
        if let kind = ElementKind(rawValue: typeName) {
            self = kind
            return
        }
        let lowered = typeName.lowercased()
        guard let kind = ElementKind.allCases.first(where: { $0.aliases.contains(lowered) || $0.rawValue.lowercased() == lowered })
        else { return nil }
        self = kind
    }

    /// Every name a definition may use for a type, for "did you mean" suggestions.
    package static var allTypeNames: [String] { allCases.flatMap { [$0.rawValue] + $0.aliases } }

    package func isA(_ ancestor: ElementKind) -> Bool {
        var current: ElementKind? = self
        while let kind = current {
            if kind == ancestor { return true }
            current = kind.superclass
        }
        return false
    }

    /// The property that holds the element's value, as `fetchValueIntoObject` reads it.
    package var valueProperty: String? {
        switch self {
        case .entry, .multiline, .autoEntry: return "textValue"
        case .boolean: return "boolValue"
        case .float: return "floatValue"
        case .decimal: return "numberValue"
        case .dateTimeInline, .dateTime: return "dateValue"
        // QCountdownElement stores its ticks; its `dateValue` is now plus them.
        case .countdown: return "ticksValue"
        case .text: return "text"
        case .radio, .segmented, .colorPicker: return "selected"
        case .picker: return "value"
        case .image: return "imageValue"
        case .file: return "fileValue"
        case .label, .badge, .web, .mail, .loading, .emptyList, .radioItem, .selectItem: return "value"
        case .progress: return "progress"
        case .element, .root, .button, .map: return nil
        }
    }

    /// Whether `fetchValueIntoObject` writes this element's value under its key: the value-bearing
    /// kinds of QuickDialog's catalogue, not labels and buttons, whose `value` is display text.
    var fetchesValue: Bool {
        switch self {
        case .entry, .multiline, .autoEntry, .decimal, .dateTimeInline, .dateTime, .countdown, .boolean, .float,
            .radio, .segmented, .colorPicker, .picker, .text, .image, .file:
            return true
        default:
            return false
        }
    }

    /// Whether the values of elements in this element's own sections come out with the form's:
    /// only for classes that fetch no value of their own (labels, buttons, plain roots), whose
    /// `fetchValueIntoObject:` is QRootElement's, which walks the sections.
    var collectsNestedValues: Bool { !fetchesValue }

    /// Whether a person fills this element in (as opposed to reading it or pressing it).
    public var isInput: Bool {
        switch self {
        case .entry, .multiline, .autoEntry, .decimal, .dateTimeInline, .dateTime, .countdown, .boolean, .float,
            .radio, .segmented, .colorPicker, .picker:
            return true
        default:
            return false
        }
    }
}
