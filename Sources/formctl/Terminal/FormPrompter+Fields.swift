import FormCore
import FormEngine
import Foundation

extension FormPrompter {
    /// Asks for one field until its answer is accepted: invalid input is explained and asked
    /// again at once; a confirmation (`matches`) is checked as soon as both of its fields have
    /// a value (FormPrompter+Confirmation).
    func promptUntilValid(_ field: FieldInfo) throws {
        try promptUntilOwnRulesPass(field)
        try confirmMatches(field)
    }

    /// Asks for one field until its answer passes the field's own rules. Text the field cannot
    /// take (`abc` for a number, `1990-13-45` for a date) comes back on the line with the
    /// message, as a value that breaks a rule does, to be corrected rather than typed again.
    func promptUntilOwnRulesPass(_ field: FieldInfo) throws {
        guard let path = field.path else { return }
        var field = field
        var refusedText: String?
        while true {
            do {
                try promptOnce(field, refusedText: refusedText)
                refusedText = nil
            } catch let refusal as RefusedText {
                say(style.red("  \(refusal.error.message)\(inputHint(for: field))"))
                refusedText = refusal.text
                continue
            } catch let error as SessionError {
                say(style.red("  \(error.message)\(inputHint(for: field))"))
                continue
            }
            // Cross-field rules (matches) are the confirmation's check, once both have a value.
            let errors = session.validate().filter { $0.path == path && $0.rule != "matches" }
            if errors.isEmpty { return }
            errors.forEach { say(style.red("  \($0.message)")) }
            field = session.fields.first { $0.path == path } ?? field
        }
    }

    /// Shows the prompt fitted to the element's type, reads the answer and sets it. Drawn,
    /// `refusedText` (what the field could not take last time) is on the line instead of the
    /// field's value; plain, where Enter keeps what is in brackets, it is never offered.
    func promptOnce(_ field: FieldInfo, refusedText: String? = nil) throws {
        guard let path = field.path else { return }
        let element = field.element
        let fields = session.fields
        let title = position(of: field, in: fields) + itemTitle(field, in: fields) + (field.isRequired ? style.red("*") : "")
        if drawn, let choices = FieldChoices(element), !choices.labels.isEmpty {
            let chosen = choices.chosenIndexes(field.value)
            // An optional single choice can be left empty: "(none)" is its first row.
            let none = field.isRequired ? nil : TerminalMessages.text(.listNone)
            let indexes = try chooseFromList(title, labels: choices.labels, chosen: chosen, allowsMany: choices.allowsMany, noneLabel: none)
            try session.set(choices.value(choosing: indexes), forKey: path)
            return
        }
        switch element.kind {
        case .boolean:
            let current = field.value?.boolValue ?? false
            let answer = try readText("\(title) \(TerminalMessages.text(current ? .yesNoDefaultYes : .yesNoDefaultNo)): ")
            if answer.trimmingSpacesAndTabs.isEmpty { return }
            // The language's words (j, ja) first; anything else as the library reads it
            // (true, 1, on...), which explains a refusal.
            if let yes = TerminalMessages.yesOrNo(answer) { try session.set(.bool(yes), forKey: path) } else { try session.setText(answer, forKey: path) }
        case .multiline:
            say("\(title) \(style.dim("(" + TerminalMessages.text(.endMultiline) + ")"))")
            if !drawn, let value = field.value?.displayString, !value.isEmpty {
                say(style.dim("  " + TerminalMessages.text(.current, ["value": .text(value)])))
            }
            if let text = try readMultiline(current: field.value?.displayString ?? "") { try session.setText(text, forKey: path) }
        default:
            if let choices = FieldChoices(element), !choices.labels.isEmpty {
                try askPlainChoice(field, title: title, choices: choices)
                return
            }
            let value = element.isSecure ? "" : (field.value.map { FieldValueType(element).display($0, for: element) } ?? "")
            let current = drawn && !element.isSecure ? refusedText ?? value : value
            let prompt = drawn ? "\(title)\(hint(for: field)): " : "\(title)\(hint(for: field))\(current.isEmpty ? "" : " [\(current)]"): "
            let placeholder = drawn ? element.placeholder.map { TerminalMessages.text(.example, ["text": .text($0)]) } : nil
            // Left set when Ctrl-C ends the read: the interruption's draft takes the line.
            pendingLine.field = element.isSecure ? nil : path
            let answer = try readText(prompt, initial: current, placeholder: placeholder, secret: element.isSecure)
            pendingLine.field = nil
            guard drawn || answer != current else { return }
            do { try session.setText(answer, forKey: path) } catch { throw RefusedText(text: element.isSecure ? nil : answer, error: error) }
        }
    }

    /// Plain mode: the items numbered, then a number, several, or a label typed.
    func askPlainChoice(_ field: FieldInfo, title: String, choices: FieldChoices) throws {
        guard let path = field.path else { return }
        say(title)
        for (index, label) in choices.labels.enumerated() { say("    \(index + 1)) \(label)") }
        let chosen = choices.chosenIndexes(field.value).map { String($0 + 1) }.joined(separator: ",")
        let what = TerminalMessages.text(choices.allowsMany ? .chooseMany : .chooseOne)
        let answer = try readText("  \(what)\(chosen.isEmpty ? "" : " [\(chosen)]"): ")
        if answer.trimmingSpacesAndTabs.isEmpty { return }
        try session.setText(answer, forKey: path)
    }

    /// The title; numbered within its repeat (`Guest email #2`) when every item has the same
    /// one, shown as it is when each item brings its own (bound from the data or computed, as a
    /// tool's name in a survey).
    /// `fields` is the session's fields, read once by the caller: a summary titles every field.
    func itemTitle(_ field: FieldInfo, in fields: [FieldInfo]) -> String {
        let title = field.element.title ?? field.key ?? "value"
        guard let index = field.itemIndex, let repeatPath = field.repeatPath else { return title }
        let siblings = fields.filter { $0.repeatPath == repeatPath && !$0.isTemplate && $0.key == field.key }
        let numbered: Bool
        if siblings.count > 1 {
            numbered = siblings.contains { $0.itemIndex != index && $0.element.title == field.element.title }
        } else {
            numbered = !field.element.propertiesFromData.contains("title") && !hasOwnTitles(repeatPath, in: fields)
        }
        return numbered ? "\(title) #\(index + 1)" : title
    }

    /// Whether the items of a repeat with one item so far would each have a title of their
    /// own: its template's title is an expression or comes from the data.
    func hasOwnTitles(_ repeatPath: String, in fields: [FieldInfo]) -> Bool {
        // A list that comes with the data has no template: its one item is not "#1" of anything.
        // Nor has a repeat whose items are pages of several fields, yet it grows, and its
        // first item is the first of more.
        guard let template = fields.first(where: { $0.repeatPath == repeatPath && $0.isTemplate }) else {
            return !(session.repeats.first { $0.path == repeatPath }?.isGrowable ?? false)
        }
        if template.element.propertiesFromData.contains("title") { return true }
        return template.element.properties["title"]?.stringValue?.contains("@{") ?? false
    }

    /// Format or range in words after the title; a secret says it is hidden. Placeholders are
    /// never shown as if they were values: drawn, they appear dim where the answer goes; plain,
    /// as `e.g. Ada Lovelace`.
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
            parts.append(TerminalMessages.text(.hiddenInput))
        } else if !drawn, let placeholder = element.placeholder, field.value?.displayString?.isEmpty ?? true {
            parts.append(TerminalMessages.text(.example, ["text": .text(placeholder)]))
        }
        return parts.isEmpty ? "" : " " + style.dim("(" + parts.joined(separator: ", ") + ")")
    }

    /// `[3/12] `: this field's place among every field the walk asks, repeat items and
    /// iterated fields included, so the count grows as items are added.
    func position(of field: FieldInfo, in fields: [FieldInfo]) -> String {
        let askable = Self.inWalkOrder(fields, sections: session.sections).filter(\.isAskable)
        guard let index = askable.firstIndex(where: { $0.path == field.path }) else { return "" }
        return style.cyan("[\(index + 1)/\(askable.count)]") + " "
    }

    /// Lines until an empty one (or Ctrl-D); nil keeps the current text (plain mode, nothing
    /// typed). Drawn, the current lines come back one by one to be kept or edited.
    func readMultiline(current: String) throws -> String? {
        var lines: [String] = []
        var existing = drawn && !current.isEmpty ? current.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) : []
        while true {
            let line: String
            do { line = try readText("  ", initial: existing.isEmpty ? "" : existing.removeFirst()) } catch is TerminalInput.EndOfInput { break }
            if line.isEmpty { break }
            lines.append(line)
        }
        if lines.isEmpty { return drawn ? "" : nil }
        return lines.joined(separator: "\n")
    }

    /// A value as the summary shows it: secrets masked, choices by their item, switches as the
    /// language's yes and no, and one line per field (line breaks shown, not taken).
    func display(_ value: FormValue, for element: Element) -> String {
        let files = AttachmentReference.all(in: value)
        if !files.isEmpty { return files.map(\.summary).joined(separator: "; ") }
        let type = FieldValueType(element)
        if type == .boolean, !element.isSecure { return TerminalMessages.text(value.boolValue == true ? .yes : .no) }
        return type.display(value, for: element).replacingOccurrences(of: "\n", with: " ⏎ ")
    }

    /// What to type instead, after the library's message of what is wrong with the value.
    func inputHint(for field: FieldInfo) -> String {
        switch FieldValueType(field.element) {
        case .boolean: return "; " + TerminalMessages.text(.answerYesOrNo)
        case .choice, .picker: return "; " + TerminalMessages.text(.enterNumberOrLabel, ["count": .int(FieldChoices(field.element)?.labels.count ?? 0)])
        case .selection: return "; " + TerminalMessages.text(.enterNumbersOrLabels, ["count": .int(field.element.items.count)])
        default: return ""
        }
    }
}

extension FieldInfo {
    /// A field the walk asks for: visible, typed in (or given files), enabled, not a repeat's template.
    var isAskable: Bool { !isHidden && !isComputed && isEnabled && path != nil && !isTemplate && takesInput }

    /// Typed in, or a file field, whose paths are asked for.
    var takesInput: Bool { element.kind.isInput || element.kind == .image || element.kind == .file }
}

/// Text a field could not take, with the session's reason: drawn, it goes back on the line.
struct RefusedText: Error {
    /// What was typed; nil for a secret, which is never drawn.
    let text: String?
    let error: SessionError
}
