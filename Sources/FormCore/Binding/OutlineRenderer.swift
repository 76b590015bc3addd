/// Renders a bound form as a readable text outline, the way a person scans a form:
/// title, sections with their titles and footers, one line per element with its value.
package struct OutlineRenderer {
    package init() {}

    package func render(_ form: BoundForm) -> String {
        var lines: [String] = []
        let root = form.definition.root
        lines.append(root.title ?? "(untitled form)")
        renderSections(of: root, indent: "", into: &lines)
        return lines.joined(separator: "\n") + "\n"
    }

    func renderSections(of element: Element, indent: String, into lines: inout [String]) {
        for section in element.sections ?? [] {
            if section.properties["hidden"]?.boolValue == true { continue }
            lines.append("")
            lines.append(indent + (section.title.map { "== \($0) ==" } ?? "=="))
            if let source = section.repeatSource {
                lines.append(indent + "   (repeats \(source.count) × over \(source.path))")
            }
            if let selection = section.selectionElement {
                let chosen = Set((selection.value?.arrayValue ?? []).compactMap { selection.selectionChoices.firstIndex(of: $0) })
                let key = section.key.map { " [\($0)]" } ?? ""
                lines.append(indent + "  (select\(key), \(selection.flag("multipleAllowed") == false ? "one" : "any number"))")
                for (index, item) in selection.items.enumerated() {
                    lines.append(indent + "  " + (chosen.contains(index) ? "[x] " : "[ ] ") + item)
                }
            }
            for element in section.elements ?? [] {
                lines.append(indent + "  " + describe(element))
                if element.sections != nil { renderSections(of: element, indent: indent + "    ", into: &lines) }
            }
            if let footer = section.footer { lines.append(indent + "  -- " + footer) }
        }
    }

    /// `Email [email] (entry): ann@example.com`
    func describe(_ element: Element) -> String {
        var text = element.title ?? element.properties["text"]?.displayString ?? ""
        if let key = element.key { text += " [\(key)]" }
        let kindName = element.kind.aliases.first ?? element.kind.rawValue
        text += text.isEmpty ? "(\(kindName))" : " (\(kindName))"
        if element.properties["hidden"]?.boolValue == true { text += " hidden" }
        if element.properties["enabled"]?.boolValue == false { text += " disabled" }
        if let action = element.controllerAction { text += " -> \(action)" }
        if let shown = shownValue(of: element) { text += ": " + shown }
        return text
    }

    func shownValue(of element: Element) -> String? {
        let type = FieldValueType(element)
        switch element.kind {
        case .radio, .segmented, .colorPicker:
            let shown = type.display(type.storedValue(of: element), for: element)
            return shown.isEmpty ? "(none of \(element.items.joined(separator: " | ")))" : shown
        case .button:
            return nil
        case .text:
            return element.title == nil ? nil : element.properties["text"]?.displayString
        case .boolean, .float:
            // What is stored, as it is stored: an untouched switch is off and stores false, an
            // untouched slider its position (see `FieldValueType.untouchedValue(of:)`).
            return type.display(type.storedValue(of: element), for: element)
        default:
            let shown = element.value.map { type.display($0, for: element) } ?? ""
            if !shown.isEmpty { return shown }
            if let placeholder = element.placeholder, !element.isSecure { return "<\(placeholder)>" }
            return nil
        }
    }
}
