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
