/// The words an editor shows on hover. Every class and property in the decoder's tables has one
/// (a test holds them to it), so a property added to a table without words fails the tests.
extension DefinitionSchema {
    static func description(of kind: ElementKind) -> String {
        switch kind {
        case .element: return "QElement: the base of every element."
        case .root: return "QRootElement: a page of sections; nested, a row that opens it."
        case .label: return "QLabelElement: a title and a read-only value."
        case .text: return "QTextElement: a block of text."
        case .badge: return "QBadgeElement: a label with a badge."
        case .button: return "QButtonElement: a row that runs its controllerAction."
        case .boolean: return "QBooleanElement: an on/off switch (boolValue)."
        case .float: return "QFloatElement: a slider between minimumValue and maximumValue (floatValue)."
        case .entry: return "QEntryElement: one line of text (textValue)."
        case .multiline: return "QMultilineElement: text over several lines (textValue)."
        case .autoEntry: return "QAutoEntryElement: text completed from autoCompleteValues."
        case .decimal: return "QDecimalElement: a number with fractionDigits (numberValue)."
        case .dateTimeInline: return "QDateTimeInlineElement: a date, time or both (dateValue), picked in place."
        case .dateTime: return "QDateTimeElement: a date, time or both (dateValue)."
        case .countdown: return "QCountdownElement: a duration in seconds (ticksValue)."
        case .radio: return "QRadioElement: one of items (selected is its index; values are stored when given)."
        case .segmented: return "QSegmentedElement: one of a few items, side by side."
        case .colorPicker: return "QColorPickerElement: one of items, colours."
        case .picker: return "QPickerElement: a value from one or more lists of items."
        case .image: return "QImageElement: an image file attached by the person (imageValue; accept defaults to image/*)."
        case .file: return "QFileElement (formctl's own, not QuickDialog's): a file attached by the person (fileValue)."
        case .map: return "QMapElement: a place (lat, lng)."
        case .web: return "QWebElement: a web page (url, html or file)."
        case .mail: return "QMailElement: a row that writes an email."
        case .progress: return "QProgressElement: a progress bar (0 to 1)."
        case .loading: return "QLoadingElement: a spinner."
        case .emptyList: return "QEmptyListElement: what an empty list shows."
        case .radioItem: return "QRadioItemElement: one choice of a radio section."
        case .selectItem: return "QSelectItemElement: one choice of a select section."
        }
    }

    static func description(of kind: SectionKind) -> String {
        switch kind {
        case .section: return "QSection: a titled group of elements."
        case .dynamicData: return "QDynamicDataSection: a section filled from data, with an emptyMessage."
        case .select: return "QSelectSection: items to choose from (several when multipleAllowed)."
        case .radio: return "QRadioSection: items to choose one from (selected)."
        case .sorting: return "QSortingSection: elements the user can reorder."
        }
    }

    static func description(ofProperty name: String) -> String {
        propertyDescriptions[name] ?? ""
    }

    static let propertyDescriptions: [String: String] = [
        "accept": "formctl: the files a file or image field takes: media types (image/png, image/*) and extensions (.pdf); empty takes any.",
        "accessoryType": "The cell's accessory (disclosure indicator, checkmark...).",
        "addTitle": "formctl: the prompt that offers another item of this repeat (\"Add another guest?\").",
        "afterTemplateElements": "Elements after the ones built from elementTemplate.",
        "autoCompleteValues": "The completions offered while typing.",
        "autocapitalizationType": "How the keyboard capitalises.",
        "autocorrectionType": "Whether the keyboard corrects.",
        "badge": "The badge's text.",
        "badgeColor": "The badge's colour.",
        "badgeTextColor": "The colour of the badge's text.",
        "bccRecipients": "Blind-copy addresses of the email.",
        "beforeTemplateElements": "Elements before the ones built from elementTemplate.",
        "bind": "Bindings to the data: \"property:keyPath\" pairs separated by commas, or \"iterate:keyPath\" (with a template) to repeat over a list or dictionary.",
        "bindingScript": "QuickDialog runs this as code; formctl never does and ignores it.",
        "boolValue": "The switch's value.",
        "canDeleteRows": "Whether rows can be deleted.",
        "ccRecipients": "Copy addresses of the email.",
        "cellStyle": "The table cell style.",
        "clearsOnBeginEditing": "Whether editing starts from an empty field.",
        "color": "The text's colour.",
        "controllerAccessoryAction": "The action run by the row's accessory button.",
        "controllerAction": "The action run when the element is chosen; formctl routes it to a registered handler (submit, cancel, reset, saveDraft are built in).",
        "controllerName": "The controller class that shows the page.",
        "classes": "SwiftJsonUI: the custom classes the data declares, each a map of member name to class ({\"User\": {\"name\": \"String\", \"age\": \"Int?\"}}).",
        "customDateFormat": "How the date is shown.",
        "data": "SwiftJsonUI: the data the form binds to, each name with its class and an optional default written as a Swift literal; bound data is checked against it.",
        "dateValue": "The date, time or date-time (ISO 8601; stored as YYYY-MM-DD, HH:MM:SS or UTC date-time by mode).",
        "deselectAllowed": "Whether a choice can be cleared.",
        "elementTemplate": "The element built for each item when the section's bind iterates.",
        "elements": "The section's elements.",
        "emptyMessage": "What is shown when an iterated list is empty.",
        "enabled": "Whether the element can be edited (may be an @{...} expression).",
        "enablesReturnKeyAutomatically": "Whether Return is enabled only with text.",
        "file": "A file whose content the web element shows.",
        "floatValue": "The slider's value.",
        "footer": "Text under the section.",
        "footerImage": "An image under the section.",
        "footerView": "A view under the section.",
        "fractionDigits": "How many digits after the decimal point the number keeps.",
        "grouped": "Whether sections are drawn as groups.",
        "headerImage": "An image above the section.",
        "headerView": "A view above the section.",
        "height": "The row's height.",
        "hidden": "Whether the element is hidden (may be an @{...} expression); hidden fields are not validated or stored.",
        "html": "HTML the web element shows.",
        "image": "An image shown with the label.",
        "imageMaxLength": "The longest side of the image, in pixels: a larger image is refused (formctl does not scale it down).",
        "imageNamed": "A named image shown with the label.",
        "fileValue": "The attached file: {name, size, type, sha256}, or an array of them when maximumFiles is above 1.",
        "imageValue": "The attached image: {name, size, type, sha256, width, height}, or an array of them when maximumFiles is above 1.",
        "imageValueNamed": "A named image.",
        "indicatorStyle": "The spinner's style.",
        "items": "The choices, as shown; each may be a map of language tags to labels (picker items are values, never translated).",
        "itemsImageNames": "An image name per choice.",
        "keepSelected": "Whether the row stays selected.",
        "key": "The name the element's value is stored under.",
        "keyboardAppearance": "The keyboard's appearance.",
        "keyboardType": "The keyboard shown (EmailAddress, NumberPad...).",
        "language": "formctl: the form's default language, a BCP 47 tag (English when absent).",
        "labelingPolicy": "Which of title and value is shortened when both do not fit.",
        "lat": "Latitude.",
        "lng": "Longitude.",
        "maxSize": "formctl: the largest file accepted, in bytes (default 10 MiB).",
        "maxUploadSize": "formctl: the most bytes all files of one submission may have together (default 50 MiB).",
        "maxLength": "The longest text accepted, in characters.",
        "maximumDate": "The latest date accepted.",
        "maximumFiles": "formctl: how many files the field takes (default 1); above 1 its value is an array.",
        "maximumItems": "formctl: the most items a repeat accepts.",
        "maximumValue": "The largest number accepted.",
        "messageBody": "The email's body.",
        "minLength": "The shortest text accepted, in characters.",
        "minimumDate": "The earliest date accepted.",
        "minimumItems": "formctl: the fewest items a repeat accepts.",
        "minimumValue": "The smallest number accepted.",
        "minuteInterval": "The step of the minutes.",
        "mode": "Date, Time or DateAndTime.",
        "multipleAllowed": "Whether several items can be chosen.",
        "numberValue": "The number (on a switch: 0 or 1, setting boolValue).",
        "object": "Arbitrary data kept with the element.",
        "offImage": "The switch's image when off.",
        "onImage": "The switch's image when on.",
        "pattern": "formctl: a regular expression the whole text must match (linear-time subset).",
        "patternMessage": "formctl: the message when the text does not match pattern; {title} and {pattern} put in the field's title and the pattern.",
        "placeholder": "A hint shown while empty; never a default.",
        "prefix": "Text shown before the value.",
        "presentationMode": "How the page is presented.",
        "progress": "The progress, from 0 to 1.",
        "required": "formctl: whether a value must be given (may be an @{...} expression).",
        "requiredMessage": "formctl: the message when a required field is empty; {title} puts in the field's title.",
        "returnKeyType": "The Return key's label.",
        "sectionTemplate": "The section built for each item when the root's bind iterates.",
        "sections": "The page's sections.",
        "secureTextEntry": "Whether the text is a secret: hidden while typed, never stored in plain text.",
        "selected": "The index of the chosen item (-1 or none for no choice).",
        "selectedIndexes": "The indexes of the chosen items.",
        "selectedItem": "Sets the choice by its item (label).",
        "selectedValue": "Sets the choice by its value, looked up in values (a number is the index; with no values, the first item).",
        "shallowBind": "QuickDialog: true (its default) binds an element in a plain section without its nested page; formctl binds the page with the element's data either way, as QuickDialog does with false.",
        "sortingEnabled": "Whether rows can be reordered.",
        "strings": "formctl: by language tag, the texts localized('key') reads ({\"de\": {\"thanks\": \"Danke!\"}}); NAME.strings.json beside the form adds to them.",
        "source": "Where the image comes from.",
        "subject": "The email's subject.",
        "suffix": "Text shown after the value.",
        "text": "The text shown.",
        "textValue": "The text.",
        "ticksValue": "The duration in seconds.",
        "title": "The title shown (may hold @{...} expressions, or be a map of language tags to titles).",
        "toRecipients": "The email's addresses.",
        "transform": "formctl: transforms applied to the value before validation (trim, lowercase...).",
        "type": "The section's class.",
        "url": "The page the web element shows.",
        "validate": "formctl: validation rules (email, range, matches(...)...) checked on submit.",
        "value": "The value (a label's text, a picker's choice).",
        "valueParser": "How a picker's value is read.",
        "valuePath": "formctl: the key path the value is stored at when it is not the key (render writes it for elements expanded from templates).",
        "values": "The value stored for each item, in the order of items.",
        "visibility": "visible or gone.",
    ]
}
