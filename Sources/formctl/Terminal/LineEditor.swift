import TerminalKeys

/// A one-line text editor for raw terminal input, in the manner of readline and huh: the cursor
/// moves with the arrow keys, Home/End and Ctrl-A/E/B/F; Backspace, Delete and Ctrl-K/U/W
/// delete; text is kept as whole characters (a wide CJK character or an emoji with its
/// modifiers is one step of the cursor and two columns on screen; a letter with its combining
/// marks is one step and one column, however many keys typed it).
struct LineEditor {
    private(set) var text: [Character]
    private(set) var cursor: Int

    init(_ initial: String = "") {
        text = Array(initial)
        cursor = text.count
    }

    var string: String { String(text) }

    /// What a key did to the line.
    enum Outcome: Equatable {
        case edited
        case accepted
        case endOfInput
        case unchanged
    }

    mutating func apply(_ key: TerminalKey) -> Outcome {
        switch key {
        case .text(let character):
            // Keys come one scalar at a time: a combining mark (an Arabic vowel sign, the
            // accent of a decomposed é), an emoji modifier or a joiner joins the character
            // before it, so the cursor steps over, and Backspace deletes, the whole.
            if cursor > 0, case let joined = String(text[cursor - 1]) + String(character), joined.count == 1, let whole = joined.first {
                text[cursor - 1] = whole
                return .edited
            }
            text.insert(character, at: cursor)
            cursor += 1
        case .enter:
            return .accepted
        case .backspace:
            guard cursor > 0 else { return .unchanged }
            text.remove(at: cursor - 1)
            cursor -= 1
        case .delete:
            guard cursor < text.count else { return .unchanged }
            text.remove(at: cursor)
        case .endOfInput:
            if text.isEmpty { return .endOfInput }
            guard cursor < text.count else { return .unchanged }
            text.remove(at: cursor)
        case .left:
            guard cursor > 0 else { return .unchanged }
            cursor -= 1
        case .right:
            guard cursor < text.count else { return .unchanged }
            cursor += 1
        case .home:
            cursor = 0
        case .end:
            cursor = text.count
        case .killToEnd:
            text.removeSubrange(cursor...)
        case .killToStart:
            text.removeSubrange(..<cursor)
            cursor = 0
        case .killWordBack:
            var start = cursor
            while start > 0, text[start - 1] == " " { start -= 1 }
            while start > 0, text[start - 1] != " " { start -= 1 }
            text.removeSubrange(start..<cursor)
            cursor = start
        case .up, .down, .pageUp, .pageDown, .tab, .escape, .ignored:
            return .unchanged
        }
        return .edited
    }

    /// The columns from the start of the text to the cursor.
    var cursorColumn: Int { DisplayWidth.of(text[..<cursor]) }
}
