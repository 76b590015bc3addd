extension ElementKind {
    /// The properties this class itself declares (not its superclasses'), with their types.
    var ownProperties: [String: PropertyType] {
        switch self {
        case .element:
            return [
                "key": .string, "bind": .string, "controllerAction": .string, "controllerAccessoryAction": .string,
                "enabled": .bool, "hidden": .bool, "height": .number, "visibility": .enumName(EnumTables.visibility),
                // formctl's validation and transform properties, shared by every element.
                "required": .bool, "validate": .array, "transform": .stringArray, "cellStyle": .enumName(EnumTables.cellStyle),
                "labelingPolicy": .enumName(EnumTables.labelingPolicy), "object": .any, "bindingScript": .any,
                // QuickDialog's: whether binding leaves the element's nested page alone (formctl
                // binds the page whatever it says: see DefinitionLint's warning).
                "shallowBind": .bool,
                // formctl: where the value goes when that is not simply the key (render writes it
                // for the elements it expands from templates).
                "valuePath": .string,
                // formctl: the message shown when a required field is left empty.
                "requiredMessage": .text,
            ]
        case .root:
            return [
                "title": .text, "grouped": .bool, "controllerName": .string, "emptyMessage": .text,
                "presentationMode": .enumName(EnumTables.presentationMode), "sectionTemplate": .object,
                "sections": .array,
                // formctl: the most bytes a submission's files may have together (the form's root only).
                "maxUploadSize": .integer,
                // formctl: the form's default language, and its strings for localized('key').
                "language": .string, "strings": .object,
                // SwiftJsonUI: the data the form binds to, declared with classes and defaults.
                "data": .array, "classes": .object,
            ]
        case .label:
            return [
                "value": .any, "image": .string, "imageNamed": .string,
                "accessoryType": .enumName(EnumTables.accessoryType), "keepSelected": .bool,
            ]
        case .text: return ["text": .text, "color": .string]
        case .badge: return ["badge": .string, "badgeColor": .string, "badgeTextColor": .string]
        case .button: return [:]
        case .boolean: return ["boolValue": .bool, "numberValue": .number, "onImage": .string, "offImage": .string]
        case .float: return ["floatValue": .number, "minimumValue": .number, "maximumValue": .number]
        case .entry:
            return [
                "textValue": .string, "placeholder": .text, "prefix": .text, "suffix": .text,
                "maxLength": .integer, "minLength": .integer, "pattern": .string, "patternMessage": .text, "secureTextEntry": .bool,
                "keyboardType": .enumName(EnumTables.keyboardType),
                "autocapitalizationType": .enumName(EnumTables.autocapitalizationType),
                "autocorrectionType": .enumName(EnumTables.autocorrectionType),
                "returnKeyType": .enumName(EnumTables.returnKeyType),
                "keyboardAppearance": .enumName(EnumTables.keyboardAppearance),
                "enablesReturnKeyAutomatically": .bool, "clearsOnBeginEditing": .bool, "customDateFormat": .string,
            ]
        case .multiline: return [:]
        case .autoEntry: return ["autoCompleteValues": .stringArray]
        case .decimal:
            return ["numberValue": .number, "fractionDigits": .integer, "minimumValue": .number, "maximumValue": .number]
        case .dateTimeInline:
            return [
                "dateValue": .string, "ticksValue": .number, "mode": .enumName(EnumTables.dateMode),
                "minimumDate": .string, "maximumDate": .string, "minuteInterval": .integer,
            ]
        case .dateTime:
            return [
                "dateValue": .string, "mode": .enumName(EnumTables.dateMode), "minuteInterval": .integer,
                "minimumDate": .string, "maximumDate": .string,
            ]
        case .countdown: return [:]
        case .radio:
            return [
                "items": .textArray, "values": .array, "selected": .integer, "selectedValue": .any,
                "selectedItem": .any, "itemsImageNames": .stringArray,
            ]
        case .segmented: return [:]
        case .colorPicker: return ["items": .array]
        case .picker: return ["items": .array, "value": .any, "selectedIndexes": .array, "valueParser": .string]
        case .image:
            return [
                "imageValue": .any, "imageValueNamed": .string, "imageMaxLength": .number,
                "source": .enumName(EnumTables.imageSource),
                // formctl's file rules (see FileFieldRules).
                "accept": .stringArray, "maxSize": .integer, "maximumFiles": .integer,
            ]
        case .file:
            return [
                "fileValue": .any, "accept": .stringArray, "maxSize": .integer, "maximumFiles": .integer,
                "imageMaxLength": .number,
            ]
        case .map: return ["lat": .number, "lng": .number]
        case .web: return ["url": .string, "html": .string, "file": .string]
        case .mail:
            return [
                "subject": .text, "messageBody": .text, "toRecipients": .stringArray,
                "ccRecipients": .stringArray, "bccRecipients": .stringArray,
            ]
        case .progress: return ["progress": .number]
        case .loading: return ["indicatorStyle": .enumName(EnumTables.indicatorViewStyle)]
        case .emptyList, .radioItem, .selectItem: return [:]
        }
    }

    /// Every property of the class, its superclasses' included.
    package var properties: [String: PropertyType] { Self.propertyTable[self] ?? [:] }

    /// Computed once: decoding looks properties up for every key of every element.
    private static let propertyTable: [ElementKind: [String: PropertyType]] = Dictionary(
        uniqueKeysWithValues: allCases.map { ($0, inheritedProperties(of: $0, superclass: \.superclass, own: \.ownProperties)) })
}

/// A class's own properties merged with its superclasses', the nearest declaration winning.
func inheritedProperties<Kind>(
    of kind: Kind, superclass: (Kind) -> Kind?, own: (Kind) -> [String: PropertyType]
) -> [String: PropertyType] {
    var all = own(kind)
    var current = superclass(kind)
    while let ancestor = current {
        all.merge(own(ancestor)) { mine, _ in mine }
        current = superclass(ancestor)
    }
    return all
}
