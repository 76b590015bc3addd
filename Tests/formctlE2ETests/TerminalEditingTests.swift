import TerminalKeys
import Testing

@testable import formctl

/// The line editor and the choice list as key presses change them; the tmux script
/// (Scripts/e2e-interactive.sh) checks the same keys on a real terminal.
@Suite struct TerminalEditingTests {
    static func edit(_ initial: String = "", _ keys: [TerminalKey]) -> LineEditor {
        var editor = LineEditor(initial)
        for key in keys { _ = editor.apply(key) }
        return editor
    }

    static func typing(_ text: String) -> [TerminalKey] { text.map(TerminalKey.text) }

    @Test func insertingInTheMiddleKeepsTheRest() {
        let editor = Self.edit("", Self.typing("Ada Lovelac") + [.left] + Self.typing("X"))
        #expect(editor.string == "Ada LovelaXc")
        #expect(editor.cursor == 11)
    }

    @Test func homeEndAndTheKillKeys() {
        #expect(Self.edit("Grace Hopper", [.home] + Self.typing("Dr ")).string == "Dr Grace Hopper")
        #expect(Self.edit("Grace Hopper", [.home, .right, .killToEnd]).string == "G")
        #expect(Self.edit("Grace Hopper", [.left, .left, .killToStart]).string == "er")
        #expect(Self.edit("Grace Hopper  ", [.killWordBack]).string == "Grace ")
        #expect(Self.edit("Grace", [.home, .delete, .end, .backspace]).string == "rac")
    }

    @Test func wideCharactersAndEmojiAreOneStepAndTwoColumns() {
        let editor = Self.edit("李小龍 Zoë 🚀", [.left, .backspace])
        #expect(editor.string == "李小龍 Zoë🚀")
        #expect(editor.cursorColumn == 6 + 1 + 3)
        #expect(DisplayWidth.of("👍🏽") == 2)
        #expect(DisplayWidth.ofStyled("\u{1B}[2me.g.\u{1B}[0m") == 4)
    }

    @Test func ctrlDEndsInputOnlyOnAnEmptyLine() {
        var editor = LineEditor("ab")
        _ = editor.apply(.home)
        #expect(editor.apply(.endOfInput) == .edited)
        #expect(editor.string == "b")
        var empty = LineEditor()
        #expect(empty.apply(.endOfInput) == .endOfInput)
    }

    @Test func aListMovesFiltersAndChooses() {
        var menu = ChoiceMenu(labels: ["Free", "Pro", "Team"], chosen: [0], allowsMany: false)
        _ = menu.apply(.down)
        _ = menu.apply(.down)
        #expect(menu.apply(.enter) == .accepted([2]))
        _ = menu.apply(.down)  // wraps to the top
        #expect(menu.apply(.enter) == .accepted([0]))
        for character in "ro" { _ = menu.apply(.text(character)) }
        #expect(menu.visible == [1])
        #expect(menu.apply(.enter) == .accepted([1]))
        _ = menu.apply(.escape)
        #expect(menu.visible == [0, 1, 2])
    }

    @Test func anOptionalChoiceStartsWithARowThatChoosesNothing() {
        var empty = ChoiceMenu(labels: ["Talk", "Workshop"], chosen: [], allowsMany: false, noneLabel: "(none)")
        #expect(empty.visible == [ChoiceMenu.noneRow, 0, 1])
        #expect(empty.label(empty.visible[empty.highlighted]) == "(none)")
        #expect(empty.apply(.enter) == .accepted([]))
        // A stored choice is highlighted; Up from the first item reaches "(none)" again.
        var stored = ChoiceMenu(labels: ["Talk", "Workshop"], chosen: [0], allowsMany: false, noneLabel: "(none)")
        #expect(stored.apply(.enter) == .accepted([0]))
        _ = stored.apply(.up)
        #expect(stored.apply(.enter) == .accepted([]))
        // Typing filters items only: "o" is in "(none)" too, but it finds the workshop.
        _ = stored.apply(.text("o"))
        #expect(stored.visible == [1])
        #expect(stored.apply(.enter) == .accepted([1]))
        _ = stored.apply(.escape)
        #expect(stored.visible == [ChoiceMenu.noneRow, 0, 1])
        // A multiple choice is left empty by ticking nothing: it has no such row.
        let many = ChoiceMenu(labels: ["Talk", "Workshop"], chosen: [], allowsMany: true, noneLabel: "(none)")
        #expect(many.visible == [0, 1])
    }

    @Test func aMultiSelectTicksWithSpace() {
        var menu = ChoiceMenu(labels: ["Deploys", "On-call", "Code review"], chosen: [1], allowsMany: true)
        _ = menu.apply(.text(" "))  // unticks On-call, where the highlight starts
        _ = menu.apply(.down)
        _ = menu.apply(.text(" "))
        _ = menu.apply(.home)
        _ = menu.apply(.text(" "))
        #expect(menu.apply(.enter) == .accepted([0, 2]))
    }

    @Test func resumeHintsQuoteWhatAShellWouldSplit() {
        #expect(ShellQuoting.quoted("forms/signup.json") == "forms/signup.json")
        #expect(ShellQuoting.quoted("my forms/it's.json") == #"'my forms/it'\''s.json'"#)
        #expect(ShellQuoting.quoted("") == "''")
    }
}

/// Right-to-left and combining text in the line editor: each character one step of the cursor,
/// its marks in its cells.
@Suite struct TerminalScriptsEditingTests {
    @Test func arabicWithVowelMarksIsOneColumnPerLetter() {
        // مَرْحَبًا: five letters, four vowel marks (nonspacing) that take no column.
        let word = "\u{645}\u{64E}\u{631}\u{652}\u{62D}\u{64E}\u{628}\u{64B}\u{627}"
        #expect(DisplayWidth.of(word) == 5)
        var editor = LineEditor(word)
        _ = editor.apply(.left)
        _ = editor.apply(.left)
        #expect(editor.cursorColumn == 3)
        _ = editor.apply(.backspace)  // the ح with its fatha: one character
        #expect(editor.string == "\u{645}\u{64E}\u{631}\u{652}\u{628}\u{64B}\u{627}")
        #expect(editor.cursorColumn == 2)
    }

    @Test func decomposedAccentsStayWithTheirLetter() {
        let cafe = "cafe\u{301}"  // e + COMBINING ACUTE ACCENT
        var editor = LineEditor(cafe)
        #expect(editor.text.count == 4)
        #expect(editor.cursorColumn == 4)
        _ = editor.apply(.backspace)
        #expect(editor.string == "caf")
    }

    /// As the terminal sends them: one scalar per key.
    static func scalars(_ text: String) -> [TerminalKey] { text.unicodeScalars.map { .text(Character($0)) } }

    @Test func marksTypedAfterTheirLetterJoinIt() {
        var editor = LineEditor()
        for key in Self.scalars("cafe\u{301} \u{645}\u{64E}\u{631}\u{652} 👍🏽") { _ = editor.apply(key) }
        #expect(editor.string == "cafe\u{301} \u{645}\u{64E}\u{631}\u{652} 👍🏽")
        #expect(editor.text.count == 9)
        #expect(editor.cursorColumn == 4 + 1 + 2 + 1 + 2)
        for key: TerminalKey in [.left, .left, .left] { _ = editor.apply(key) }
        #expect(editor.cursorColumn == 4 + 1 + 1)
        _ = editor.apply(.backspace)  // the م with its fatha
        #expect(editor.string == "cafe\u{301} \u{631}\u{652} 👍🏽")
        for key: TerminalKey in [.left, .backspace] { _ = editor.apply(key) }  // é, accent and all
        #expect(editor.string == "caf \u{631}\u{652} 👍🏽")
    }

    @Test func formatCharactersTakeNoColumnAndWideOnesTwo() {
        #expect(DisplayWidth.of("a\u{200F}b") == 2)  // RIGHT-TO-LEFT MARK
        #expect(DisplayWidth.of("\u{2067}x\u{2069}") == 1)  // an isolate around x
        #expect(DisplayWidth.of("🚀") == 2)
        #expect(DisplayWidth.of("🇩🇪") == 2)
        #expect(DisplayWidth.of("한국어") == 6)
        #expect(DisplayWidth.of("\u{1112}\u{1161}\u{11AB}") == 2)  // 한 from conjoining jamo
        #expect(DisplayWidth.of("日本語") == 6)
        #expect(DisplayWidth.of("a\u{AD}b") == 3)  // a soft hyphen is drawn
    }
}
