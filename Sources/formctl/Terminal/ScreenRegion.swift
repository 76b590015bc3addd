/// The lines a prompt occupies at the bottom of the terminal, redrawn in place as the person
/// types: each draw moves back to where the region starts, clears to the end of the screen,
/// writes the new content, and puts the cursor where the content says. Wrapped lines count, so
/// a long value or a narrow terminal does not leave copies behind. Text typed at the end of the
/// last line is only written (`append`), never the line again.
struct ScreenRegion {
    /// Rows above the cursor's row that belong to the region (from the last draw).
    private var rowsAboveCursor = 0
    /// The cursor's column from the start of the last line when it is at that line's end (nil
    /// when it is anywhere else), where `append` can write.
    private var endColumn: Int?

    /// Draws `lines` (styled text) and puts the cursor on line `cursorLine` at `cursorColumn`.
    mutating func draw(_ lines: [String], cursorLine: Int, cursorColumn: Int) {
        let width = max(1, TerminalInput.columns)
        var out = ""
        if rowsAboveCursor > 0 { out += "\u{1B}[\(rowsAboveCursor)A" }
        out += "\r\u{1B}[J"
        out += lines.joined(separator: "\r\n")
        // Rows each line takes once wrapped; a line exactly as wide as the screen leaves the
        // cursor pending at its end, which the next write wraps: count it as one row.
        let rows = lines.map { max(1, (DisplayWidth.ofStyled($0) + width - 1) / width) }
        let endRow = rows.reduce(0, +) - 1
        let targetRow = rows.prefix(cursorLine).reduce(0, +) + cursorColumn / width
        let up = endRow - targetRow
        if up > 0 {
            out += "\u{1B}[\(up)A"
        } else if up < 0 {
            // The cursor belongs after a line that fills its last row: the terminal holds it
            // on that row until the next write, so move it to the next row's start ourselves.
            out += "\r\n"
        }
        out += "\r"
        let column = cursorColumn % width
        if column > 0 { out += "\u{1B}[\(column)C" }
        rowsAboveCursor = targetRow
        let atEnd = cursorLine == lines.count - 1 && cursorColumn == lines.last.map(DisplayWidth.ofStyled)
        endColumn = atEnd ? cursorColumn : nil
        Terminal.write(out, to: 2)
    }

    /// Writes `text` (plain, no escape sequences) at the cursor and moves it past the text,
    /// when the cursor is at the end of the region as typing at the end of a line leaves it:
    /// nothing before it is drawn again, so a paste of N characters writes N, where drawing the
    /// whole line per key wrote N² (20,000 characters took 42 s). False when the cursor is
    /// elsewhere: the caller draws.
    mutating func append(_ text: String) -> Bool {
        guard let column = endColumn else { return false }
        let width = max(1, TerminalInput.columns)
        let newColumn = column + DisplayWidth.of(text)
        var out = text
        // As in `draw`: at the right margin the cursor goes to the next row's start.
        if newColumn > column, newColumn % width == 0 { out += "\r\n" }
        rowsAboveCursor += newColumn / width - column / width
        endColumn = newColumn
        Terminal.write(out, to: 2)
        return true
    }

    /// Leaves the region: the cursor goes below its last line, so later output starts fresh.
    mutating func finish(_ lines: [String]) {
        draw(lines, cursorLine: max(0, lines.count - 1), cursorColumn: lines.last.map(DisplayWidth.ofStyled) ?? 0)
        // A last line that fills its last row has put the cursor on the next row already.
        let width = max(1, TerminalInput.columns)
        if let endColumn, endColumn > 0, endColumn % width == 0 {} else { Terminal.write("\r\n", to: 2) }
        rowsAboveCursor = 0
        endColumn = nil
    }
}
