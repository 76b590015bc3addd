import FormCore
import Foundation
import FormEngine

/// One numbered line of the summary: a section's heading or a field.
enum SummaryLine {
    /// A section's title; `repeatPath` when the section is a repeat (`a N` adds to it).
    case heading(title: String, sectionIndex: Int, repeatPath: String?)
    case field(FieldInfo)
}

extension FormPrompter {
    /// The summary of every answer, each line numbered: section headings, and fields indented
    /// under theirs. A field's number edits it, `r` and a number removes the repeat item the
    /// field belongs to, `a` and a repeat heading's number adds an item there and asks its
    /// fields, `d` saves a draft, `s` submits, `q` quits without saving (exit 130, as an
    /// interruption). Errors found at submit bring the summary back.
    func summaryLoop() async throws {
        while true {
            let fields = session.fields
            let sections = session.sections
            let lines = summaryLines(fields)
            say("\n" + style.bold(TerminalMessages.text(.summary)))
            for (index, line) in lines.enumerated() {
                let number = String(index + 1).leftPadded(to: 2)
                switch line {
                case .heading(let title, let sectionIndex, _):
                    let hint = growableRepeat(sections[sectionIndex]) == nil ? "" : " " + style.dim("(" + TerminalMessages.text(.summaryAddHint, ["number": .int(index + 1)]) + ")")
                    say("  \(number). " + style.bold(title) + hint)
                case .field(let field):
                    let value = display(field.value ?? .null, for: field.element)
                    let indent = isUnderHeading(field, lines: lines, before: index) ? "  " : ""
                    say("  \(number). \(indent)\(itemTitle(field, in: fields)): \(value.isEmpty ? style.dim(TerminalMessages.text(.empty)) : value)")
                }
            }
            let removable = lines.contains { if case .field(let field) = $0 { removableItem(of: field) != nil } else { false } }
            let addable = lines.contains { if case .heading(_, let index, _) = $0 { growableRepeat(sections[index]) != nil } else { false } }
            let typed = try readText(summaryInstructions(removable: removable, addable: addable) + ": ")
            let choice = typed.trimmingSpacesAndTabs.lowercased()
            switch choice {
            case "s", "submit":
                if let edit {
                    if try await saveEditAndFinish(edit) { return }
                } else if try await submitAndFinish() {
                    return
                }
            case "d" where edit == nil, "draft" where edit == nil:
                return try await saveDraftAndFinish()
            case "q", "quit":
                throw CommandFailure(edit.map { "quit: submission \($0.before.id) was not changed" } ?? "quit: nothing was stored",
                                     exitCode: .interrupted)
            default:
                if try await followSummaryCommand(choice, lines: lines) { continue }
                say(style.red("  " + summaryChoices(removable: removable, addable: addable)))
            }
        }
    }

    /// A number, `r N` or `a N` typed at the summary, done; false when it names no such line.
    func followSummaryCommand(_ choice: String, lines: [SummaryLine]) async throws -> Bool {
        func line(after letter: Character) -> SummaryLine? {
            guard choice.first == letter, let number = Int(String(choice.dropFirst()).trimmingSpacesAndTabs),
                lines.indices.contains(number - 1)
            else { return nil }
            return lines[number - 1]
        }
        if let number = Int(choice), lines.indices.contains(number - 1), case .field(let field) = lines[number - 1] {
            try await askField(field)
            return true
        }
        if case .field(let field) = line(after: "r"), let item = removableItem(of: field) {
            try session.removeItem(at: item.index, from: item.path)
            say(style.dim("  " + TerminalMessages.text(.removedItem, ["number": .int(item.index + 1), "title": .text(item.title)])))
            return true
        }
        if case .heading(_, let sectionIndex, _) = line(after: "a"), let info = growableRepeat(session.sections[sectionIndex]) {
            let index = try session.appendItem(to: info.path)
            try await askItem(index, of: info.path)
            return true
        }
        return false
    }

    /// The fields of a repeat's item just added, asked in walk order (its page included).
    func askItem(_ index: Int, of path: String) async throws {
        var position = 0
        while true {
            let item = Self.inWalkOrder(session.fields, sections: session.sections)
                .filter { $0.repeatPath == path && $0.itemIndex == index && $0.isAskable }
            guard position < item.count else { return }
            try await askField(item[position])
            position += 1
        }
    }

    /// Every line of the summary in order: for each visible section, its heading when it has a
    /// title (or is a repeat, which may still be empty and is where `a N` adds), then the
    /// fields it asks, an item's page with its item.
    func summaryLines(_ fields: [FieldInfo]) -> [SummaryLine] {
        let sections = session.sections
        let pages = Self.itemPages(fields, sections: sections)
        let ordered = Self.inWalkOrder(fields, sections: sections).filter(\.isAskable)
        let repeats = Self.repeatSections(sections)
        var lines: [SummaryLine] = []
        for (index, section) in sections.enumerated() where !section.isHidden && !pages.contains(index) {
            let own = ordered.filter { field in
                field.sectionIndex == index
                    || (section.repeatPath != nil && field.repeatPath == section.repeatPath && Self.isOnItemPage(field, repeatSections: repeats))
            }
            let info = section.repeatPath.flatMap { path in session.repeats.first { $0.path == path } }
            if own.isEmpty && !(info?.isGrowable ?? false) { continue }
            if let title = section.title ?? info.map({ $0.title ?? $0.path }) {
                lines.append(.heading(title: title, sectionIndex: index, repeatPath: section.repeatPath))
            }
            lines += own.map(SummaryLine.field)
        }
        return lines
    }

    /// Whether the field at line `index` follows a heading of its own section (an untitled
    /// section's fields are not indented under the heading before them).
    func isUnderHeading(_ field: FieldInfo, lines: [SummaryLine], before index: Int) -> Bool {
        for line in lines[..<index].reversed() {
            if case .heading(_, let sectionIndex, let repeatPath) = line {
                return sectionIndex == field.sectionIndex || (repeatPath != nil && repeatPath == field.repeatPath)
            }
        }
        return false
    }

    /// The summary's help line: what each letter does, only the ones that apply now.
    func summaryInstructions(removable: Bool, addable: Bool) -> String {
        var parts: [TerminalMessage] = [.summaryEdit]
        if removable { parts.append(.summaryRemove) }
        if addable { parts.append(.summaryAdd) }
        parts += edit == nil ? [.summaryDraft, .summarySubmit] : [.summarySaveEdit]
        parts.append(.summaryQuit)
        return parts.map { TerminalMessages.text($0) }.joined(separator: ", ")
    }

    /// What the summary takes, said after an answer it does not.
    func summaryChoices(removable: Bool, addable: Bool) -> String {
        var parts = [TerminalMessages.text(.summaryChooseField)]
        if removable { parts.append(TerminalMessages.text(.summaryChooseRemove)) }
        if addable { parts.append(TerminalMessages.text(.summaryChooseAdd)) }
        parts += edit == nil ? ["d", "s", "q"] : ["s", "q"]
        return TerminalMessages.text(.summaryChoose, ["choices": .text(parts.joined(separator: ", "))])
    }

    /// An error found at submit, said by the summary's number and title of the field (or
    /// repeat) it is about: `7. Outline: must have at least 2 items (has 1)`.
    func numbered(_ error: FieldError, lines: [SummaryLine], fields: [FieldInfo]) -> String {
        for (index, line) in lines.enumerated() {
            switch line {
            case .field(let field) where field.path == error.path:
                return "\(index + 1). \(itemTitle(field, in: fields)): \(error.message)"
            case .heading(let title, _, let repeatPath?) where repeatPath == error.path:
                return "\(index + 1). \(title): \(error.message)"
            default:
                continue
            }
        }
        return error.path.isEmpty ? error.message : "\(session.itemNumbering.toOne(error.path)): \(error.message)"
    }

    /// Every error of a refused submit or edit, numbered as the summary numbers its lines.
    func sayNumbered(_ errors: [FieldError]) {
        let fields = session.fields
        let lines = summaryLines(fields)
        errors.forEach { say(style.red("  " + numbered($0, lines: lines, fields: fields))) }
    }

    /// The repeat item a field belongs to, when a person may remove it (its repeat grows on
    /// request and keeps its minimum).
    func removableItem(of field: FieldInfo) -> (path: String, index: Int, title: String)? {
        guard let path = field.repeatPath, let index = field.itemIndex,
            let info = session.repeats.first(where: { $0.path == path }), info.isGrowable,
            info.count > (info.minimumItems ?? 0)
        else { return nil }
        return (path, index, info.title ?? path)
    }

    /// Submits; on invalid values prints every error and returns false (back to the summary).
    @discardableResult
    func submitAndFinish() async throws -> Bool {
        do {
            let files = try await attachedFiles.staged(for: session, of: form, engine: engine)
            let stored = try await engine.submit(session, resumingDraft: draftID, actor: actor, attachments: files)
            if printJSON { Terminal.printOut(stored.summaryJSON.jsonString()) } else { Terminal.printOut("saved submission \(stored.id)") }
            return true
        } catch {
            switch error {
            case .invalid(let errors):
                say(style.red(TerminalMessages.text(.notSubmitted)))
                sayNumbered(errors)
                return false
            case .cancelled(let action, let message):
                say(style.red("\(action): \(message)"))
                return false
            case .storage(let error):
                throw CommandFailure("formctl: \(error)", exitCode: .storage)
            default:
                throw CommandFailure("formctl: \(error)", exitCode: .invalid)
            }
        }
    }

    func saveDraftAndFinish() async throws {
        do {
            let files = try await attachedFiles.staged(for: session, of: form, engine: engine)
            let stored = try await engine.saveDraft(session, draftID: draftID, attachments: files)
            if printJSON { Terminal.printOut(stored.summaryJSON.jsonString()) } else { Terminal.printOut("saved draft \(stored.id)") }
        } catch {
            throw CommandFailure("formctl: \(error)", exitCode: .storage)
        }
    }
}

extension String {
    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: " ", count: width - count) + self
    }
}
