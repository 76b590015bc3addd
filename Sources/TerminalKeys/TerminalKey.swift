/// One key press read from a terminal in raw mode: printable text (a whole UTF-8 character),
/// or an editing or moving key decoded from its control byte or escape sequence.
package enum TerminalKey: Equatable, Sendable {
    case text(Character)
    case enter
    case backspace
    case delete
    case left, right, up, down
    case home, end
    case pageUp, pageDown
    /// Ctrl-K, Ctrl-U, Ctrl-W: kill to the end, to the start, the word before the cursor.
    case killToEnd, killToStart, killWordBack
    /// Ctrl-D: end of input on an empty line, else delete under the cursor.
    case endOfInput
    case tab
    case escape
    /// A control byte with no meaning here (Ctrl-G, Ctrl-L, ...).
    case ignored
}
