import FormCore
import FormEngine
import Foundation

extension FormPrompter {
    /// Asks for one field until its answer is accepted: invalid input is explained and asked
    /// again at once. Enter keeps the current value.
    func promptUntilValid(_ field: FieldInfo) throws {
        guard let path = field.path else { return }
        while true {
            let answer = try promptOnce(field)
            if let answer {
                do { try session.setText(answer, forKey: path) } catch {
                    say(style.red("  \(error.message)\(inputHint(for: field))"))
                    continue
                }
            }
            // Cross-field rules (matches) wait for the summary: the other field may be next.
            let errors = session.validate().filter { $0.path == path && $0.rule != "matches" }
            if errors.isEmpty { return }
            errors.forEach { say(style.red("  \($0.message)")) }
        }
    }

    /// Shows the prompt fitted to the element's type and reads the answer; nil keeps the value.
    func promptOnce(_ field: FieldInfo) throws -> String? {
        let element = field.element
        let title = itemTitle(field)
        let position = positionText(of: field)
        let required = field.isRequired ? style.red("*") : ""
        switch element.kind {
        case .boolean:
            let current = field.value?.boolValue ?? false
            ask("\(position) \(title)\(required) \(current ? "[Y/n]" : "[y/N]"): ")
            let line = try TerminalInput.readLine()
            return line.trimmingCharacters(in: .whitespaces).isEmpty ? nil : line
        case .radio, .segmented, .colorPicker:
            say("\(position) \(title)\(required)")
            for (index, item) in element.items.enumerated() { say("    \(index + 1)) \(item)") }
            let current = element.selectedIndex.map { " [\($0 + 1)]" } ?? ""
            ask("  choose a number\(current): ")
        case .picker where element.isSectionSelection:
            say("\(position) \(title)\(required)")
            for (index, item) in element.items.enumerated() { say("    \(index + 1)) \(item)") }
            let multiple = element.properties["multipleAllowed"]?.boolValue ?? true
            let chosen = (field.value?.arrayValue ?? []).compactMap { element.selectionChoices.firstIndex(of: $0) }
            let current = chosen.isEmpty ? "" : " [\(chosen.map { String($0 + 1) }.joined(separator: ","))]"
            ask("  choose \(multiple ? "numbers separated by commas" : "a number")\(current): ")
        case .multiline:
            say("\(position) \(title)\(required) \(style.dim("(end with an empty line or Ctrl-D)"))")
            if let value = field.value?.displayString, !value.isEmpty { say(style.dim("  current: \(value)")) }
            return try readMultiline()
        default:
            ask("\(position) \(title)\(required)\(hint(for: field)): ")
        }
        let line = try TerminalInput.readLine(secret: element.isSecure)
        return line.isEmpty ? nil : line
    }

    /// The title, numbered within its repeat: `Guest email #2`.
    func itemTitle(_ field: FieldInfo) -> String {
        let title = field.element.title ?? field.key ?? "value"
        return field.itemIndex.map { "\(title) #\($0 + 1)" } ?? title
    }

    /// Placeholder, format or range, and the current value, in brackets after the title.
    func hint(for field: FieldInfo) -> String {
        let element = field.element
        var parts: [String] = []
        switch element.kind {
        case .decimal, .float:
            let low = element.properties["minimumValue"]?.displayString
            let high = element.properties["maximumValue"]?.displayString
            if low != nil || high != nil { parts.append("\(low ?? "…")–\(high ?? "…")") }
        case .dateTimeInline, .dateTime:
            parts.append(ISODate.format(for: element.properties["mode"]?.stringValue))
        default:
            break
        }
        if element.isSecure {
            parts.append("hidden input")
        } else if let placeholder = element.placeholder, field.value?.displayString?.isEmpty ?? true {
            parts.append(placeholder)
        }
        var text = parts.isEmpty ? "" : " " + style.dim("(" + parts.joined(separator: ", ") + ")")
        if !element.isSecure, let value = field.value?.displayString, !value.isEmpty { text += " [\(value)]" }
        return text
    }

    /// `[3/12]`: this field's place among the visible fields a person fills.
    func positionText(of field: FieldInfo) -> String {
        let askable = session.fields.filter(\.isAskable)
        let index = (askable.firstIndex { $0.path == field.path } ?? 0) + 1
        return style.cyan("[\(index)/\(askable.count)]")
    }

    func readMultiline() throws -> String? {
        var lines: [String] = []
        while true {
            let line: String
            do { line = try TerminalInput.readLine() } catch is TerminalInput.EndOfInput { break }
            if line.isEmpty { break }
            lines.append(line)
        }
        return lines.isEmpty ? nil : lines.joined(separator: "\n")
    }

    func askYesNo(_ question: String, default value: Bool) throws -> Bool {
        while true {
            ask("\(question) \(value ? "[Y/n]" : "[y/N]"): ")
            switch try TerminalInput.readLine().trimmingCharacters(in: .whitespaces).lowercased() {
            case "": return value
            case "y", "yes": return true
            case "n", "no": return false
            default: say(style.red("  answer y or n"))
            }
        }
    }

    /// A value as the summary shows it: secrets masked, choices by their item, and one line
    /// per field (line breaks shown, not taken).
    func display(_ value: FormValue, for element: Element) -> String {
        FieldValueType(element).display(value, for: element).replacingOccurrences(of: "\n", with: " ⏎ ")
    }

    /// What to type instead, after the library's message of what is wrong with the value.
    func inputHint(for field: FieldInfo) -> String {
        switch FieldValueType(field.element) {
        case .boolean: return "; answer y or n"
        case .choice: return "; enter a number from 1 to \(field.element.items.count)"
        case .selection: return "; enter numbers from 1 to \(field.element.items.count), separated by commas"
        default: return ""
        }
    }
}

extension FieldInfo {
    /// A field the walk asks for: visible, typed in, enabled, not a repeat's template.
    var isAskable: Bool { !isHidden && !isComputed && isEnabled && path != nil && !isTemplate && element.kind.isInput }
}
