/// The lines a prompt occupies at the bottom of the terminal, redrawn in place as the person
/// types: each draw moves back to where the region starts, clears to the end of the screen,
/// writes the new content, and puts the cursor where the content says. Wrapped lines count, so
/// a long value or a narrow terminal does not leave copies behind.
struct ScreenRegion {
    /// Rows above the cursor's row that belong to the region (from the last draw).
    private var rowsAboveCursor = 0

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
        if up > 0 { out += "\u{1B}[\(up)A" }
        out += "\r"
        let column = cursorColumn % width
        if column > 0 { out += "\u{1B}[\(column)C" }
        rowsAboveCursor = targetRow
        Terminal.write(out, to: 2)
    }

    /// Leaves the region: the cursor goes below its last line, so later output starts fresh.
    mutating func finish(_ lines: [String]) {
        draw(lines, cursorLine: max(0, lines.count - 1), cursorColumn: lines.last.map(DisplayWidth.ofStyled) ?? 0)
        Terminal.write("\r\n", to: 2)
        rowsAboveCursor = 0
    }
}
