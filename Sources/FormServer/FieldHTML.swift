import FormCore

/// One field of the page: its label, its input fitted to the element, and its errors.
struct FieldHTML {
    let field: FieldInfo
    let errors: [FieldError]
    /// Whether the page is shown again after a post it refused: a file chosen then is gone.
    var isReshown = false

    var html: String {
        let element = field.element
        let title = field.title ?? field.key ?? ""
        guard let path = field.path, element.kind.isInput || element.kind.holdsFiles, !field.isComputed else {
            let shown = field.value ?? element.value ?? element.properties["text"] ?? .null
            let value = FieldValueType(element).display(shown, for: element)
            if title.isEmpty && value.isEmpty || element.kind == .button { return "" }
            return #"<p class="info"\#(field.isHidden ? " hidden" : "")>\#(HTML.escape(title))\#(value.isEmpty ? "" : ": " + HTML.escape(value))</p>"#
        }
        let id = "field-" + HTML.id(path)
        let errorID = "error-" + HTML.id(path)
        let invalid = errors.isEmpty ? "" : #" aria-invalid="true" aria-describedby="\#(errorID)""#
        let required = field.isRequired ? #" aria-required="true""# : ""
        let disabled = field.isEnabled ? "" : " disabled"
        let mark = field.isRequired ? #"<span class="required" title="\#(PageMessages.html(.required))" aria-hidden="true">*</span>"# : ""
        var out = #"<div class="field" data-path="\#(HTML.escape(path))"\#(field.isHidden ? " hidden" : "")>"#
        let attributes = invalid + required + disabled
        if let choices = FieldChoices(element) {
            out += choiceGroup(choices, id: id, path: path, title: title, mark: mark, attributes: attributes)
        } else if let rules = FileFieldRules(element: element) {
            out += fileInput(rules, id: id, path: path, title: title, mark: mark, attributes: attributes)
        } else if element.kind == .boolean {
            let checked = field.value?.boolValue == true ? " checked" : ""
            // The unticked box's "false", sent in its place; disabled with it, since a disabled
            // field is sent by nobody (it keeps the form's value, and "false" would change it).
            out += #"<input type="hidden" name="\#(HTML.escape(path))" value="false"\#(disabled)>"#
            out += #"<input type="checkbox" id="\#(id)" name="\#(HTML.escape(path))" value="true"\#(checked)\#(attributes)> <label for="\#(id)">\#(HTML.escape(title))\#(mark)</label>"#
        } else {
            out += #"<label for="\#(id)">\#(HTML.escape(title))\#(mark)</label>"#
            let value = element.isSecure ? "" : inputValue(field)
            let placeholder = element.placeholder.map { #" placeholder="\#(HTML.escape($0))""# } ?? ""
            if element.kind == .multiline {
                out += #"<textarea id="\#(id)" name="\#(HTML.escape(path))"\#(placeholder)\#(attributes)>\#(HTML.escape(value))</textarea>"#
            } else {
                out += #"<input type="\#(inputType(element))" id="\#(id)" name="\#(HTML.escape(path))" value="\#(HTML.escape(value))"\#(placeholder)\#(extra(element))\#(attributes)>"#
            }
        }
        for error in errors {
            out += #"<p class="error" id="\#(errorID)">\#(HTML.escape(error.message))</p>"#
        }
        return out + "</div>"
    }

    /// A file input taking what the field accepts (several files when it holds more than one),
    /// the files it holds already (a draft's), and, on a page sent back, that a file chosen
    /// before must be chosen again: a browser cannot be given a file back.
    func fileInput(_ rules: FileFieldRules, id: String, path: String, title: String, mark: String, attributes: String) -> String {
        var out = #"<label for="\#(id)">\#(HTML.escape(title))\#(mark)</label>"#
        let accept = rules.accept.isEmpty ? "" : #" accept="\#(HTML.escape(rules.accept.joined(separator: ",")))""#
        let multiple = rules.maximumFiles > 1 ? " multiple" : ""
        out += #"<input type="file" id="\#(id)" name="\#(HTML.escape(path))"\#(accept)\#(multiple)\#(attributes)>"#
        let held = field.value.map { value in (value.arrayValue ?? [value]).compactMap(AttachmentReference.init(formValue:)) } ?? []
        if !held.isEmpty {
            let names = held.map { "\($0.name) (\(ByteCount($0.size)))" }.joined(separator: ", ")
            out += #"<p class="hint">\#(PageMessages.html(.attached, ["files": .text(names)]))</p>"#
        } else if isReshown {
            out += #"<p class="hint">\#(PageMessages.html(.chooseFileAgain))</p>"#
        }
        return out
    }

    /// Radios for one choice, checkboxes for several, in a group labelled by the title.
    func choiceGroup(_ choices: FieldChoices, id: String, path: String, title: String, mark: String, attributes: String) -> String {
        let chosen = Set(choices.chosenIndexes(field.value))
        // A selection section takes several choices unless `multipleAllowed` is false (a radio
        // section's is), as validation reads it: checkboxes let a person tick two and be refused.
        let allowsMany = choices.isSelection && field.element.properties["multipleAllowed"]?.boolValue ?? true
        var out = #"<fieldset class="choices" id="\#(id)" role="\#(choices.isSelection ? "group" : "radiogroup")"\#(attributes)><legend>\#(HTML.escape(title))\#(mark)</legend>"#
        // The empty selection, sent when nothing is ticked; not for a disabled field (as above).
        let disabled = field.isEnabled ? "" : " disabled"
        if choices.isSelection { out += #"<input type="hidden" name="\#(HTML.escape(path))" value=""\#(disabled)>"# }
        for (index, label) in choices.labels.enumerated() {
            let optionID = "\(id)-\(index + 1)"
            // A choice's value is what a typed answer would be: its stored value when it is text
            // or a number, else its 1-based number.
            let value: String
            if !choices.isSelection, case .string(let text) = choices.values[index] { value = text } else { value = String(index + 1) }
            let checked = chosen.contains(index) ? " checked" : ""
            out += #"<span class="choice"><input type="\#(allowsMany ? "checkbox" : "radio")" id="\#(optionID)" name="\#(HTML.escape(path))" value="\#(HTML.escape(value))"\#(checked)> <label for="\#(optionID)">\#(HTML.escape(label))</label></span>"#
        }
        return out + "</fieldset>"
    }

    func inputType(_ element: Element) -> String {
        if element.isSecure { return "password" }
        switch element.kind {
        case .decimal, .float: return "number"
        case .dateTimeInline, .dateTime:
            switch element.properties["mode"]?.stringValue {
            case "Time": return "time"
            case "DateAndTime": return "datetime-local"
            default: return "date"
            }
        default:
            switch element.properties["keyboardType"]?.stringValue {
            case "EmailAddress": return "email"
            case "URL": return "url"
            case "PhonePad": return "tel"
            default: return "text"
            }
        }
    }

    /// Bounds and steps the browser can show; the server checks them again.
    func extra(_ element: Element) -> String {
        var out = ""
        if element.kind == .decimal || element.kind == .float {
            let digits = element.properties["fractionDigits"]?.intValue ?? (element.kind == .decimal ? 0 : -1)
            out += digits < 0 ? #" step="any""# : digits == 0 ? #" step="1""# : #" step="0.\#(String(repeating: "0", count: digits - 1))1""#
            if let low = element.properties["minimumValue"]?.displayString { out += #" min="\#(HTML.escape(low))""# }
            if let high = element.properties["maximumValue"]?.displayString { out += #" max="\#(HTML.escape(high))""# }
        }
        if let maximum = element.properties["maxLength"]?.intValue { out += #" maxlength="\#(maximum)""# }
        return out
    }

    /// The value as the input shows it: a date-time without its `Z` for datetime-local (the
    /// server reads a date-time without a zone as UTC).
    func inputValue(_ field: FieldInfo) -> String {
        guard let value = field.value, !value.isNull else { return "" }
        let text = value.displayString ?? value.jsonString()
        if inputType(field.element) == "datetime-local", text.hasSuffix("Z") { return String(text.dropLast()) }
        return text
    }
}
