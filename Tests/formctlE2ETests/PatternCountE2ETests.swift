import Foundation
import Testing

/// `{,n}` in a `pattern` is `{0,n}`, as Python and PCRE2 10.43+ read it: the digits it bounds
/// are what a value is matched against, and `check` refuses one with nothing before it.
@Suite struct PatternCountE2ETests {
    @Test func anOpenLowerBoundCountsFromZero() throws {
        let scratch = try Scratch()
        let form = try scratch.write("code.json", #"{"sections": [{"elements": [{"type": "entry", "key": "code", "pattern": "\\d{,3}"}]}]}"#)
        let checked = try CommandRunner.run(["check", form], directory: scratch.directory)
        #expect(checked.exitCode == 0 && checked.stdout == "\(form): ok\n" && checked.stderr.isEmpty, "\(checked)")
        let short = try scratch.formctl(["fill", form, "--set", "code=123", "--json"])
        #expect(short.exitCode == 0, "\(short)")
        let long = try scratch.formctl(["fill", form, "--set", "code=1234"])
        #expect(long.exitCode == 1 && long.stderr.contains("code: does not have the expected format"), "\(long)")
        let literal = try scratch.formctl(["fill", form, "--set", "code=1{,3}"])
        #expect(literal.exitCode == 1, "the braces are a count, not text: \(literal)")
    }

    @Test func checkRefusesACountWithNothingToRepeat() throws {
        let scratch = try Scratch()
        let form = try scratch.write("code.json", #"{"sections": [{"elements": [{"type": "entry", "key": "code", "pattern": "{,3}x"}]}]}"#)
        let checked = try CommandRunner.run(["check", form], directory: scratch.directory)
        #expect(checked.exitCode == 1, "\(checked)")
        #expect(checked.stderr.contains("error: sections[0].elements[0].pattern: invalid pattern '{,3}x'"), "\(checked)")
        #expect(checked.stderr.contains("nothing to repeat"), "\(checked)")
    }
}
