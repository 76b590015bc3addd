import Foundation
import Testing

/// Text from a definition reaches a terminal with its control characters made visible, so a
/// title cannot clear the screen or retitle the window; into a file or a pipe it is unchanged.
@Suite struct TerminalOutputE2ETests {
    static let form = #"""
        {"title": "T\u001b]0;pwned\u0007 \u001b[2J", "sections": [{"title": "S\u009b", "elements": [
          {"type": "label", "title": "x\u001b[31mred"}, {"type": "entry", "key": "k", "ti\u001btle": "y"}
        ]}]}
        """#

    /// `formctl ARGUMENTS` run on a pseudo-terminal by script(1), with what the terminal got.
    static func onTerminal(_ arguments: [String], in scratch: Scratch) throws -> String {
        let command = ([try CommandRunner.binaryPath()] + arguments).map { "'\($0)'" }.joined(separator: " ")
        return try CommandRunner.run(["-qec", command, "/dev/null"], directory: scratch.directory, executable: "/usr/bin/script").stdout
    }

    @Test func controlCharactersAreEscapedOnATerminal() throws {
        let scratch = try Scratch()
        let form = try scratch.write("esc.json", Self.form)
        let rendered = try Self.onTerminal(["render", form], in: scratch)
        #expect(!rendered.contains("\u{1B}") && !rendered.contains("\u{9B}") && !rendered.contains("\u{07}"), "\(rendered.debugDescription)")
        #expect(rendered.contains(#"T\u{1B}]0;pwned\u{7} \u{1B}[2J"#) && rendered.contains(#"== S\u{9B} =="#), "\(rendered.debugDescription)")
        let checked = try Self.onTerminal(["check", form], in: scratch)
        #expect(checked.contains(#"unknown property 'ti\u{1B}tle'"#) && !checked.contains("\u{1B}"), "\(checked.debugDescription)")
    }

    @Test func outputToAFileKeepsTheBytes() throws {
        let scratch = try Scratch()
        let form = try scratch.write("esc.json", Self.form)
        let rendered = try CommandRunner.run(["render", form], directory: scratch.directory)
        #expect(rendered.stdout.contains("x\u{1B}[31mred"), "\(rendered)")
    }
}
