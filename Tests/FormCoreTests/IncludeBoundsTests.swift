import Foundation
import TestSupport
import Testing

@testable import FormCore

/// A load is bounded as a whole, whatever its files do: depth of includes, files and bytes
/// read, nesting across files; and includes are confined to regular files inside the form's
/// directory tree (or a directory the caller allows), refused without being read.
@Suite struct IncludeBoundsTests {
    static func errors(_ path: String, loader: DefinitionLoader = DefinitionLoader()) -> [DefinitionIssue]? {
        finishes(within: 10, "loading \(path)") { () -> [DefinitionIssue] in
            do throws(DefinitionError) {
                _ = try loader.load(path: path)
                return []
            } catch {
                return error.errors
            }
        }
    }

    @Test func aLongIncludeChainStopsAtTheDepthLimit() throws {
        let dir = try TemporaryDirectory()
        for index in 0..<5_000 {
            // Plain stdio: five thousand files through FileManager take seconds.
            guard let file = fopen(dir.path + "/c\(index).json", "w") else { Issue.record("cannot write c\(index).json"); return }
            fputs(#"{"include": "c\#(index + 1).json"}"#, file)
            fclose(file)
        }
        try dir.write("c5000.json", #"{"type": "entry", "key": "end"}"#)
        let main = try dir.write("main.json", #"{"sections": [{"elements": [{"include": "c0.json"}]}]}"#)
        guard let errors = Self.errors(main) else { return }
        #expect(errors.map(\.code) == [.limitExceeded])
        let limit = DefinitionLoader.Limits.standard.maximumIncludeDepth
        #expect(errors.first?.message.contains("at most \(limit) files deep (the limit)") == true, "\(errors)")
        #expect(errors.first?.file == dir.path + "/c\(limit - 1).json")
        #expect(errors.first?.path == "include")
    }

    @Test func nestingAddsUpAcrossIncludedFiles() throws {
        let dir = try TemporaryDirectory()
        func nested(_ levels: Int, around inner: String) -> String {
            var element = inner
            for _ in 0..<levels { element = #"{"type": "QRootElement", "sections": [{"elements": [\#(element)]}]}"# }
            return element
        }
        for index in 0..<200 { try dir.write("n\(index).json", nested(9, around: #"{"include": "n\#(index + 1).json"}"#)) }
        try dir.write("n200.json", #"{"type": "entry", "key": "end"}"#)
        let main = try dir.write("main.json", #"{"sections": [{"elements": [{"include": "n0.json"}]}]}"#)
        guard let errors = Self.errors(main) else { return }
        #expect(errors.map(\.code) == [.tooDeep])
        #expect(errors.first?.message.contains("counting the levels of the files that include this one") == true, "\(errors)")
        #expect(errors.first?.file == dir.path + "/n1.json")
        #expect(errors.first?.includeChain.count == 2)
    }

    @Test func nestingWithinTheLimitAcrossFilesLoads() throws {
        let dir = try TemporaryDirectory()
        try dir.write("inner.json", #"{"type": "QRootElement", "sections": [{"elements": [{"type": "entry", "key": "a"}]}]}"#)
        let main = try dir.write("main.json", #"{"sections": [{"elements": [{"type": "QRootElement", "sections": [{"elements": [{"include": "inner.json"}]}]}]}]}"#)
        #expect(throws: Never.self) { try DefinitionLoader().load(path: main) }
    }

    @Test func anIncludeThatDoublesAtEveryLevelIsStoppedByTheFileBudget() throws {
        let dir = try TemporaryDirectory()
        // Whole forms, so that the sections stay at one level however deep the includes go.
        for level in 0..<24 {
            try dir.write("d\(level).json", #"{"sections": [{"include": "d\#(level + 1).json"}, {"include": "d\#(level + 1).json"}]}"#)
        }
        try dir.write("d24.json", #"{"sections": [{"elements": [{"type": "label", "title": "leaf"}]}]}"#)
        let main = try dir.write("main.json", #"{"sections": [{"include": "d0.json"}]}"#)
        guard let errors = Self.errors(main) else { return }
        #expect(errors.map(\.code) == [.limitExceeded], "one error, not one per include")
        #expect(errors.first?.message.contains("at most \(DefinitionLoader.Limits.standard.maximumIncludedFiles) files (the limit") == true)
    }

    /// Elements that include two sections each also nest one level deeper per file: the
    /// nesting error, found in the same file at the same place over and over, is reported once.
    @Test func aProblemReachedByManyIncludesIsReportedOnce() throws {
        let dir = try TemporaryDirectory()
        for level in 0..<24 {
            try dir.write("d\(level).json", #"{"elements": [{"include": "d\#(level + 1).json"}, {"include": "d\#(level + 1).json"}]}"#)
        }
        try dir.write("d24.json", #"{"type": "label", "title": "leaf"}"#)
        let main = try dir.write("main.json", #"{"sections": [{"include": "d0.json"}]}"#)
        guard let errors = Self.errors(main) else { return }
        #expect(errors.count <= 3, "\(errors.count) errors")
        #expect(errors.first?.code == .tooDeep)
    }

    @Test func theByteBudgetCountsEveryInclude() throws {
        let dir = try TemporaryDirectory()
        try dir.write("part.json", #"{"type": "label", "title": "\#(String(repeating: "x", count: 600))"}"#)
        let main = try dir.write("main.json", #"{"sections": [{"elements": [{"include": "part.json"}, {"include": "part.json"}, {"include": "part.json"}, {"include": "part.json"}]}]}"#)
        var limits = DefinitionLoader.Limits()
        limits.maximumTotalBytes = 2_000
        guard let errors = Self.errors(main, loader: DefinitionLoader(limits: limits)) else { return }
        #expect(errors.map(\.code) == [.limitExceeded])
        #expect(errors.first?.message.contains("past 2000 bytes (the limit)") == true, "\(errors)")
        #expect(errors.first?.path == "sections[0].elements[2].include")
    }

    @Test func aFileLargerThanTheLimitIsRefusedUnread() throws {
        let dir = try TemporaryDirectory()
        let big = dir.path + "/big.json"
        #expect(FileManager.default.createFile(atPath: big, contents: nil))
        #expect(truncate(big, 1 << 30) == 0)  // a 1 GB sparse file
        let main = try dir.write("main.json", #"{"sections": [{"include": "big.json"}]}"#)
        guard let errors = Self.errors(main) else { return }
        #expect(errors.map(\.code) == [.limitExceeded])
        #expect(errors.first?.message.contains("larger than 64 MiB") == true, "\(errors)")
    }

    @Test func onlyRegularFilesAreIncluded() throws {
        let dir = try TemporaryDirectory()
        #expect(mkfifo(dir.path + "/fifo.json", 0o600) == 0)
        try FileManager.default.createDirectory(atPath: dir.path + "/folder.json", withIntermediateDirectories: false)
        let main = try dir.write("main.json", #"{"sections": [{"include": "fifo.json"}, {"include": "folder.json"}]}"#)
        guard let errors = Self.errors(main) else { return }
        #expect(errors.map(\.code) == [.includeRefused, .includeRefused])
        #expect(errors.first?.message.contains("a FIFO (named pipe), not a regular file") == true, "\(errors)")
        #expect(errors.last?.message.contains("a directory") == true, "\(errors)")
        // A device is refused even where includes are allowed.
        let devices = try dir.write("devices.json", #"{"sections": [{"include": "/dev/zero"}, {"include": "/dev/null"}]}"#)
        guard let deviceErrors = Self.errors(devices, loader: DefinitionLoader(includeRoots: ["/dev"])) else { return }
        #expect(deviceErrors.map(\.code) == [.includeRefused, .includeRefused])
        #expect(deviceErrors.allSatisfy { $0.message.contains("a character device") }, "\(deviceErrors)")
    }

    @Test func includesStayInsideTheFormsDirectoryTree() throws {
        let root = try TemporaryDirectory()
        try FileManager.default.createDirectory(atPath: root.path + "/forms/parts", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: root.path + "/private", withIntermediateDirectories: true)
        let secret = #"{"type": "label", "title": "SECRET-apiKey-123"}"#
        try root.write("private/secret.json", secret)
        try root.write("forms/parts/address.json", #"{"elements": [{"include": "../shared.json"}]}"#)
        try root.write("forms/shared.json", #"{"type": "entry", "key": "city"}"#)
        #expect(symlink(root.path + "/private/secret.json", root.path + "/forms/link.json") == 0)
        let main = try root.write("forms/main.json", """
            {"sections": [
              {"include": "parts/address.json"},
              {"include": "../private/secret.json"},
              {"include": "\(root.path)/private/secret.json"},
              {"include": "/etc/passwd"},
              {"include": "/proc/self/environ"},
              {"include": "/dev/stdin"},
              {"include": "link.json"}
            ]}
            """)
        guard let errors = Self.errors(main) else { return }
        #expect(errors.map(\.code) == Array(repeating: .includeRefused, count: 6), "\(errors)")
        #expect(errors.map(\.path) == (1...6).map { "sections[\($0)].include" })
        #expect(errors.prefix(5).allSatisfy { $0.message.contains("outside \(root.path)/forms") }, "\(errors)")
        #expect(errors.last?.message.contains("a symbolic link leads it to") == true, "\(errors)")
        #expect(!errors.contains { $0.description.contains("SECRET") || $0.description.contains("root:") })
        // The part in a subdirectory, and what it includes from the form's tree, load.
        let ok = try root.write("forms/ok.json", #"{"sections": [{"include": "parts/address.json"}]}"#)
        #expect(throws: Never.self) { try DefinitionLoader().load(path: ok) }
        // A directory the caller allows may be included from.
        let allowed = try root.write("forms/allowed.json", #"{"sections": [{"elements": [{"include": "../private/secret.json"}]}]}"#)
        #expect(throws: Never.self) { try DefinitionLoader(includeRoots: [root.path + "/private"]).load(path: allowed) }
    }

    @Test func anErrorInAnIncludedFileNamesTheWayThere() throws {
        let dir = try TemporaryDirectory()
        let main = try dir.write("a.json", #"{"sections": [{"elements": [{"type": "label"}, {"include": "b.json"}]}]}"#)
        try dir.write("b.json", "{\"elements\": [\n  {\"type\": \"label\"},\n    {\"type\": \"entyr\"}\n]}")
        let error = try #require(throws: DefinitionError.self) { try DefinitionLoader().load(path: main) }
        let issue = try #require(error.errors.first)
        #expect(issue.description == "\(main): sections[0].elements[1] (include 'b.json') -> \(dir.path)/b.json:3:14: error: elements[1].type: unknown element type 'entyr'; did you mean 'entry'?")
    }

    @Test func invalidUTF8InAnIncludedFileNamesItsLineAndByte() throws {
        let dir = try TemporaryDirectory()
        let main = try dir.write("a.json", #"{"sections": [{"include": "b.json"}]}"#)
        #expect(FileManager.default.createFile(atPath: dir.path + "/b.json", contents: Data(#"{"title": "a"#.utf8 + [0xFF] + #"", "elements": []}"#.utf8)))
        let error = try #require(throws: DefinitionError.self) { try DefinitionLoader().load(path: main) }
        #expect(error.errors.map(\.code) == [.malformedJSON])
        #expect(error.errors.first?.file == dir.path + "/b.json")
        #expect(error.errors.first?.location == SourceLocation(line: 1, column: 13))
        #expect(error.errors.first?.message.contains("invalid UTF-8: byte 0xff at byte offset 12") == true)
    }

    @Test func theLintNamesTheIncludedFileAndItsPath() throws {
        let dir = try TemporaryDirectory()
        let main = try dir.write("a.json", #"{"sections": [{"elements": [{"include": "b.json"}]}]}"#)
        try dir.write("b.json", #"{"type": "label", "title": "@{1 +}"}"#)
        let loaded = try DefinitionLoader().load(path: main)
        let issues = DefinitionLint().lint(loaded.definition)
        #expect(issues.map(\.code) == [.invalidExpression])
        #expect(issues.first?.file == dir.path + "/b.json")
        #expect(issues.first?.path == "title")
        #expect(issues.first?.includeChain == [IncludeSite(file: main, path: "sections[0].elements[0]", include: "b.json")])
    }
}
