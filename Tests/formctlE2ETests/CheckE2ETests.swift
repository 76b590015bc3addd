import Foundation
import Testing

/// `formctl check` run as a process: exit codes, and what it says on stdout and stderr.
@Suite struct CheckE2ETests {
    static let samples = ["jsonadvancedsample.json", "jsondatasample.json", "loginform.json"]

    /// The samples' controller actions, routed as `fill --action` would route them, so that a
    /// check of the samples has nothing to warn about.
    static let routes = [
        "handleBindWithJsonData", "handleClear", "handleSetValuesDirectly", "handleBindToObject",
        "handleLoadJsonWithDict", "handleReloadJson", "readValuesFromForm", "onLogin",
    ].flatMap { ["--action", "\($0)=true"] }

    /// What a sample's check says without data: the advanced sample builds two sections from
    /// its data, which have no fields without it.
    static func expectedVerdict(_ name: String) -> String {
        name == "jsonadvancedsample.json" ? "ok (2 warnings)" : "ok"
    }

    @Test(arguments: samples)
    func aSampleChecksClean(name: String) throws {
        let path = try CommandRunner.fixture(name)
        let result = try CommandRunner.run(["check", path] + Self.routes)
        #expect(result.exitCode == 0, "\(result)")
        #expect(result.stdout == "\(path): \(Self.expectedVerdict(name))\n")
        #expect(!result.stderr.contains("error"))
    }

    @Test func allSamplesInOneRun() throws {
        let paths = try Self.samples.map(CommandRunner.fixture)
        let result = try CommandRunner.run(["check"] + paths + Self.routes)
        #expect(result.exitCode == 0, "\(result)")
        #expect(result.stdout.split(separator: "\n").map(String.init) == zip(paths, Self.samples).map { "\($0): \(Self.expectedVerdict($1))" })
    }

    @Test func theAdvancedSampleWithItsDataChecksClean() throws {
        let path = try CommandRunner.fixture("jsonadvancedsample.json")
        let bare = try CommandRunner.run(["check", path] + Self.routes)
        #expect(bare.stderrLines.map { $0.components(separatedBy: ": warning: ").last ?? $0 } == [
            "sections[1].bind: no data is given, so what is built from 'cities' has no fields; check with the data it will be bound to",
            "sections[2].bind: no data is given, so what is built from 'teams' has no fields; check with the data it will be bound to",
        ], "\(bare)")
        let result = try CommandRunner.run(["check", path, "--data", try CommandRunner.fixture("advanced-data.json")] + Self.routes)
        #expect(result.exitCode == 0 && result.stdout == "\(path): ok\n" && result.stderr.isEmpty, "\(result)")
    }

    @Test func actionsWithNoHandlerAreWarningsThatDoNotFail() throws {
        let path = try CommandRunner.fixture("loginform.json")
        let result = try CommandRunner.run(["check", path])
        #expect(result.exitCode == 0, "\(result)")
        #expect(result.stdout == "\(path): ok (1 warning)\n")
        #expect(result.stderr.contains("warning: sections[1].elements[0].controllerAction: no handler for action 'onLogin'"), "\(result)")
    }

    @Test func malformedJSONFailsWithFileLineAndColumn() throws {
        let path = try CommandRunner.fixture("broken/malformed.json")
        let result = try CommandRunner.run(["check", path])
        #expect(result.exitCode == 1, "\(result)")
        // Line 4 is `      {"type": "entry", "title": }`; the value is missing at the `}`.
        #expect(result.stderr.hasPrefix("\(path):4:34: error: malformed JSON"), "\(result)")
        #expect(!result.stdout.contains("ok"))
    }

    @Test func anUnknownTypeNamesItsPathAndTheNearestType() throws {
        let path = try CommandRunner.fixture("broken/unknown-type.json")
        let result = try CommandRunner.run(["check", path])
        #expect(result.exitCode == 1, "\(result)")
        #expect(result.stderr.contains("\(path):4:"), "the line of the bad type")
        #expect(result.stderr.contains("error: sections[1].elements[0].type: unknown element type 'QEntryElemnt'"), "\(result)")
        #expect(result.stderr.contains("did you mean 'QEntryElement'?"), "\(result)")
    }

    @Test func everyErrorIsReportedNotOnlyTheFirst() throws {
        let path = try CommandRunner.fixture("broken/several-errors.json")
        let result = try CommandRunner.run(["check", path])
        #expect(result.exitCode == 1, "\(result)")
        let errors = result.stderr.split(separator: "\n").filter { $0.contains(": error: ") }
        #expect(errors.count == 5, "\(result)")
        for expected in [
            "sections[0].elements[0].type: unknown element type 'QBoolElement'",
            "sections[0].elements[1].keyboardType: unknown keyboardType 'Emial'",
            "sections[0].elements[2].bind: invalid bind",
            "sections[1].elementTemplate: an elementTemplate must be an object",
            "sections[1].bind: iterate:items needs an elementTemplate",
        ] {
            #expect(errors.contains { $0.contains(expected) }, "missing \(expected) in \(result)")
        }
        #expect(result.stderr.contains("warning: sections[0].elements[1].plceholder"), "warnings are reported beside errors")
    }

    @Test func aBrokenFileFailsTheRunButTheOthersAreStillChecked() throws {
        let good = try CommandRunner.fixture("loginform.json")
        let bad = try CommandRunner.fixture("broken/unknown-type.json")
        let result = try CommandRunner.run(["check", bad, good] + Self.routes)
        #expect(result.exitCode == 1, "\(result)")
        #expect(result.stdout == "\(good): ok\n")
    }

    @Test func aMissingFileExitsThree() throws {
        let result = try CommandRunner.run(["check", "/nonexistent/form.json"])
        #expect(result.exitCode == 3, "\(result)")
        #expect(result.stderr.contains("/nonexistent/form.json"))
        // Unreadable beats invalid: the worst failure decides the exit code.
        let mixed = try CommandRunner.run(["check", try CommandRunner.fixture("broken/malformed.json"), "/nonexistent/form.json"])
        #expect(mixed.exitCode == 3, "\(mixed)")
    }

    @Test(arguments: [[String](), ["check"], ["check", "--bogus", "x.json"], ["frobnicate"]])
    func usageErrorsExitTwo(arguments: [String]) throws {
        let result = try CommandRunner.run(arguments)
        #expect(result.exitCode == 2, "\(result)")
        #expect(!result.stderr.isEmpty)
    }

    @Test func missingKeyPathsInTheDataAreWarningsNotFailures() throws {
        let form = try CommandRunner.fixture("loginform.json")
        // `-` reads the data from standard input.
        let result = try CommandRunner.run(["check", form, "--data", "-"] + Self.routes, stdin: #"{"login": "ann"}"#)
        #expect(result.exitCode == 0, "\(result)")
        #expect(result.stdout == "\(form): ok (1 warning)\n")
        #expect(result.stderr.contains("warning: sections[0].elements[1].bind: the data has no 'password'"), "\(result)")
    }

    @Test func completeDataGivesNoWarnings() throws {
        let result = try CommandRunner.run(["check", try CommandRunner.fixture("jsonadvancedsample.json"),
                                             "--data", try CommandRunner.fixture("advanced-data.json")] + Self.routes)
        #expect(result.exitCode == 0, "\(result)")
        #expect(result.stderr.isEmpty, "\(result)")
        #expect(result.stdout.hasSuffix(": ok\n"))
    }

    @Test func badDataFiles() throws {
        let form = try CommandRunner.fixture("loginform.json")
        let malformed = try CommandRunner.run(["check", form, "--data", "-"], stdin: #"{"login": }"#)
        #expect(malformed.exitCode == 1, "\(malformed)")
        #expect(malformed.stderr.contains("-:1:11: error: malformed JSON in data"), "\(malformed)")
        let missing = try CommandRunner.run(["check", form, "--data", "/nonexistent/data.json"])
        #expect(missing.exitCode == 3, "\(missing)")
    }
}
