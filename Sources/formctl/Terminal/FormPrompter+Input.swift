import FormCore
import TerminalKeys

/// Reading answers in the prompter's two modes. Drawn (a capable terminal): text in a line
/// editor with the current value in place and the placeholder as a dim hint; choices in a list
/// moved with the arrow keys. Plain (TERM=dumb, `--accessible`, FORMCTL_ACCESSIBLE=1): the
/// terminal's own line input, choices typed as numbers or labels, hints in words, which a screen
/// reader reads out in order.
extension FormPrompter {
    /// A line of text after `prompt`. Drawn: the result is the edited line, `initial` included.
    /// Plain: an empty line keeps `initial`.
    func readText(_ prompt: String, initial: String = "", placeholder: String? = nil, secret: Bool = false) throws -> String {
        guard drawn else {
            ask(prompt)
            let line = try TerminalInput.readLine(secret: secret)
            return line.isEmpty ? initial : line
        }
        var editor = LineEditor(secret ? "" : initial)
        var region = ScreenRegion()
        let promptWidth = DisplayWidth.ofStyled(prompt)
        func draw(final: Bool) {
            if secret {
                // Nothing of a secret is drawn, not even its length.
                final ? region.finish([prompt]) : region.draw([prompt], cursorLine: 0, cursorColumn: promptWidth)
                return
            }
            let shown = ControlCharacters.escaped(editor.string)
            if final {
                region.finish([prompt + shown])
            } else if editor.text.isEmpty, let placeholder, !placeholder.isEmpty {
                region.draw([prompt + style.dim(placeholder)], cursorLine: 0, cursorColumn: promptWidth)
            } else {
                region.draw([prompt + shown], cursorLine: 0, cursorColumn: promptWidth + editor.cursorColumn)
            }
        }
        draw(final: false)
        // While a paste is still coming in, the screen waits until it has all arrived: text
        // typed at the end of the line is then written as it is (`appended`), any other edit
        // makes the line `stale`, drawn again whole.
        var stale = false
        var appended = ""
        while true {
            let key: TerminalKey
            do { key = try TerminalInput.readKey() } catch {
                // Ctrl-C keeps what is on the line: the draft saved next should hold it.
                if !secret { pendingLine.text = editor.string }
                throw error
            }
            // Control characters are never text: a stray one is dropped, not stored.
            if case .text(let character) = key, character.unicodeScalars.contains(where: ControlCharacters.isControl) { continue }
            switch editor.apply(key) {
            case .accepted:
                draw(final: true)
                return editor.string
            case .endOfInput:
                draw(final: true)
                throw TerminalInput.EndOfInput()
            case .edited:
                // Typed at the end of the line (and not replacing the placeholder): only the
                // character is written.
                if !stale, !secret, case .text(let character) = key, editor.cursor == editor.text.count,
                   editor.text.count > 1 || (placeholder ?? "").isEmpty
                {
                    appended.append(character)
                } else {
                    stale = true
                    appended = ""
                }
            case .unchanged:
                break
            }
            guard !TerminalInput.hasPendingInput else { continue }
            if stale || (!appended.isEmpty && !region.append(appended)) { draw(final: false) }
            stale = false
            appended = ""
        }
    }

    /// Drawn mode only: the indexes chosen from `labels` in an arrow-key list under `title`;
    /// the list collapses to the title and the chosen labels once accepted. With `noneLabel`,
    /// a single choice offers that row first, which chooses nothing (an empty result).
    func chooseFromList(_ title: String, labels: [String], chosen: [Int], allowsMany: Bool, noneLabel: String? = nil) throws -> [Int] {
        var menu = ChoiceMenu(labels: labels.map(ControlCharacters.escaped), chosen: chosen, allowsMany: allowsMany, noneLabel: noneLabel)
        var region = ScreenRegion()
        let height = 9
        func lines() -> [String] {
            let help = TerminalMessages.text(allowsMany ? .listHelpMany : .listHelpOne)
            let filter: MessageArgument = .text(ControlCharacters.escaped(menu.filter))
            var lines = [title + " " + (menu.filter.isEmpty ? style.dim("(\(help))") : TerminalMessages.text(.listFilter, ["filter": filter]))]
            if menu.visible.isEmpty { lines.append(style.dim("    " + TerminalMessages.text(.listNothingMatches, ["filter": filter]))) }
            let window = menu.window(height: height)
            if window.first != menu.visible.first { lines.append(style.dim("    " + TerminalMessages.text(.listMoreAbove))) }
            for index in window {
                let isHighlighted = menu.visible.indices.contains(menu.highlighted) && menu.visible[menu.highlighted] == index
                let tick = allowsMany ? (menu.ticked.contains(index) ? "[x] " : "[ ] ") : ""
                let label = tick + menu.label(index)
                lines.append(isHighlighted ? style.cyan("  > " + label) : "    " + label)
            }
            if window.last != menu.visible.last { lines.append(style.dim("    " + TerminalMessages.text(.listMoreBelow))) }
            return lines
        }
        region.draw(lines(), cursorLine: 0, cursorColumn: DisplayWidth.ofStyled(title))
        while true {
            switch menu.apply(try TerminalInput.readKey()) {
            case .accepted(let indexes):
                let chosen = indexes.isEmpty && !allowsMany ? [menu.label(ChoiceMenu.noneRow)] : indexes.map(menu.label)
                region.finish([title + ": " + chosen.joined(separator: ", ")])
                return indexes
            case .endOfInput:
                region.finish([title])
                throw TerminalInput.EndOfInput()
            case .changed:
                region.draw(lines(), cursorLine: 0, cursorColumn: DisplayWidth.ofStyled(title))
            case .unchanged:
                continue
            }
        }
    }

    /// A yes/no question in the session's language: its words (`j`, `ja` in German) or
    /// English's; Enter takes the default, shown in capitals.
    func askYesNo(_ question: String, default value: Bool) throws -> Bool {
        while true {
            let answer = try readText("\(question) \(TerminalMessages.text(value ? .yesNoDefaultYes : .yesNoDefaultNo)): ")
            if answer.trimmingSpacesAndTabs.isEmpty { return value }
            if let yes = TerminalMessages.yesOrNo(answer) { return yes }
            say(style.red("  " + TerminalMessages.text(.answerYesOrNo)))
        }
    }
}

/// The field being typed into when Ctrl-C came, and what its line held: typed text is part of
/// what the interruption's draft keeps.
final class PendingLine {
    var field: String?
    var text: String?
}

extension String {
    var trimmingSpacesAndTabs: String {
        var text = Substring(self)
        while let first = text.first, first == " " || first == "\t" { text.removeFirst() }
        while let last = text.last, last == " " || last == "\t" { text.removeLast() }
        return String(text)
    }
}
