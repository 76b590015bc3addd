import Foundation
import Glibc
import Testing

/// Files through the command line: `fill --attach`, `{"file": ...}` answers and import lines
/// read from `--files`, then `dump --files` and `show`, with the bytes compared by SHA-256
/// (computed by `sha256sum`, not by formctl); and every bad input refused naming the field,
/// with nothing stored.
@Suite struct AttachmentsE2ETests {
    let scratch: Scratch
    let form: String
    let slides: String
    let photo: String

    init() throws {
        scratch = try Scratch()
        form = try CommandRunner.fixture("attachments/proposal.json")
        slides = try CommandRunner.fixture("attachments/slides.pdf")
        photo = try CommandRunner.fixture("attachments/photo.png")
    }

    static func sha256(_ path: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["sha256sum", path]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: output, as: UTF8.self).split(separator: " ").first.map(String.init) ?? ""
    }

    func copy(_ file: String, to name: String) throws -> String {
        let target = scratch.path(name)
        try FileManager.default.createDirectory(atPath: (target as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: file, toPath: target)
        return target
    }

    /// What sqlite3 prints, without its last line break.
    func rows(_ sql: String) throws -> String {
        try scratch.rows(sql).trimmingCharacters(in: .newlines)
    }

    /// Writes `text` at `name` in the scratch directory, making the directories on the way.
    func write(_ name: String, _ text: String) throws -> String {
        let target = scratch.path(name)
        try FileManager.default.createDirectory(atPath: (target as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try text.write(toFile: target, atomically: true, encoding: .utf8)
        return target
    }

    /// The rows and files stored: both must stay at 0 after a refusal.
    func storedCounts() throws -> String {
        try rows("select (select count(*) from submissions) || ',' || (select count(*) from submission_attachments)")
    }

    /// The files `dump --files DIR` wrote, by their path under DIR.
    func written(under directory: String) throws -> [String: String] {
        var found: [String: String] = [:]
        let enumerator = FileManager.default.enumerator(atPath: directory)
        while let relative = enumerator?.nextObject() as? String {
            var isDirectory: ObjCBool = false
            let path = directory + "/" + relative
            if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue {
                found[relative] = try Self.sha256(path)
            }
        }
        return found
    }

    /// Submission 1 with a file in every field (two handouts, one in a repeat), through
    /// `fill --attach`; the text files it made.
    func attachEverything() throws -> (handout: String, bio: String) {
        let handout = try write("notes.txt", "Bring a laptop.\n")
        let bio = try write("bio.txt", "Ada writes compilers.\n")
        let result = try scratch.formctl([
            "fill", form, "--set", "title=Files in forms", "--attach", "slides=\(slides)", "--attach", "photo=\(photo)",
            "--attach", "handouts=\(handout)", "--attach", "handouts=\(slides)", "--attach", "speakers.0.bio=\(bio)",
        ])
        #expect(result.exitCode == 0, "\(result)")
        #expect(result.stdout == "saved submission 1\n")
        return (handout, bio)
    }

    @Test func attachedFilesAreStoredAndReadBackByteForByte() throws {
        let (handout, bio) = try attachEverything()

        let list = try scratch.formctl(["file", "1"])
        #expect(list.exitCode == 0, "\(list)")
        #expect(list.stdout.split(separator: "\n").map(String.init) == [
            "handouts[0]\tnotes.txt\t16\ttext/plain\t\(try Self.sha256(handout))",
            "handouts[1]\tslides.pdf\t218\tapplication/pdf\t\(try Self.sha256(slides))",
            "photo\tphoto.png\t99\timage/png\t\(try Self.sha256(photo))",
            "slides\tslides.pdf\t218\tapplication/pdf\t\(try Self.sha256(slides))",
            "speakers.0.bio\tbio.txt\t22\ttext/plain\t\(try Self.sha256(bio))",
        ], "\(list)")

        for (keyPath, position, original) in [("slides", 0, slides), ("handouts", 0, handout), ("speakers.0.bio", 0, bio)] {
            let out = scratch.path("out-\(keyPath)")
            let read = try scratch.formctl(["file", "1", keyPath, "--position", String(position), "-o", out])
            #expect(read.exitCode == 0, "\(read)")
            #expect(try Self.sha256(out) == (try Self.sha256(original)), "\(keyPath)")
        }
        // Into a pipe, the bytes go to standard output as they are.
        let piped = try scratch.formctl(["file", "1", "photo"])
        #expect(piped.exitCode == 0, "\(piped)")
        #expect(piped.stdoutData == FileManager.default.contents(atPath: photo))
        let missing = try scratch.formctl(["file", "1", "handouts", "--position", "2"])
        #expect(missing.exitCode == 1, "\(missing)")
        #expect(missing.stderr.contains("holds no file at handouts position 2"), "\(missing)")
    }

    @Test func editReplacesAFieldsFilesAndKeepsTheOthers() throws {
        let handout = try write("notes.txt", "Bring a laptop.\n")
        let stored = try scratch.formctl(["fill", form, "--set", "title=T", "--attach", "slides=\(slides)",
                                          "--attach", "handouts=\(handout)"])
        #expect(stored.exitCode == 0, "\(stored)")
        let newer = try write("v2/slides.pdf", "%PDF-1.4\n% second version\n%%EOF\n")
        let edited = try scratch.formctl(["edit", "1", "--attach", "slides=\(newer)", "--reason", "new slides"])
        #expect(edited.exitCode == 0, "\(edited)")
        let list = try scratch.formctl(["file", "1"])
        let size = try #require(try FileManager.default.attributesOfItem(atPath: newer)[.size] as? Int)
        #expect(list.stdout.split(separator: "\n").map(String.init) == [
            "handouts\tnotes.txt\t16\ttext/plain\t\(try Self.sha256(handout))",
            "slides\tslides.pdf\t\(size)\tapplication/pdf\t\(try Self.sha256(newer))",
        ], "\(list)")
        // The first slides stay with revision 1.
        let old = scratch.path("old.pdf")
        let first = try scratch.formctl(["file", "1", "slides", "--revision", "1", "-o", old])
        #expect(first.exitCode == 0, "\(first)")
        #expect(try Self.sha256(old) == (try Self.sha256(slides)))
        // A revision past the last one is named as such, not as a file that is missing.
        let past = try scratch.formctl(["file", "1", "slides", "--revision", "9", "-o", old])
        #expect(past.exitCode == 1 && past.stderr.contains("submission 1 has no revision 9 (its latest is 2)"), "\(past)")

        // A {"file": PATH} answer is read from the answers file's directory; a refused file
        // changes nothing.
        _ = try write("edits/photo.txt", "not an image")
        let answers = try write("edits/answers.json", #"{"photo": {"file": "photo.txt"}}"#)
        let refused = try scratch.formctl(["edit", "1", "--answers", answers])
        #expect(refused.exitCode == 1, "\(refused)")
        #expect(refused.stderr.contains("photo:"), "\(refused)")
        #expect(try rows("select revision from submissions") == "2")
    }

    @Test func showListsTheFiles() throws {
        let result = try scratch.formctl(["fill", form, "--set", "title=T", "--attach", "slides=\(slides)"])
        #expect(result.exitCode == 0, "\(result)")
        let show = try scratch.formctl(["show", "1"])
        #expect(show.exitCode == 0, "\(show)")
        let shown = try #require(try JSONSerialization.jsonObject(with: show.stdoutData) as? [String: Any])
        let files = try #require(shown["files"] as? [[String: Any]], "\(show)")
        #expect(files.count == 1)
        #expect(files.first?["key"] as? String == "slides")
        #expect(files.first?["position"] as? Int == 0)
        #expect(files.first?["name"] as? String == "slides.pdf")
        #expect(files.first?["type"] as? String == "application/pdf")
        #expect(files.first?["size"] as? Int == 218)
        #expect(files.first?["sha256"] as? String == (try Self.sha256(slides)))
        // A submission without files has no "files" member, as before.
        _ = try scratch.formctl(["fill", form, "--set", "title=U", "--draft"])
        let plain = try #require(try JSONSerialization.jsonObject(with: try scratch.formctl(["show", "2"]).stdoutData) as? [String: Any])
        #expect(plain["files"] == nil)
    }

    @Test func answersReferToFilesBesideThem() throws {
        _ = try copy(slides, to: "talk/docs/slides.pdf")
        let answers = try write("talk/answers.json", #"{"title": "T", "slides": {"file": "docs/slides.pdf"}}"#)
        let result = try scratch.formctl(["fill", form, "--answers", answers])
        #expect(result.exitCode == 0, "\(result)")
        #expect(try rows("select sha256 from submission_attachments") == (try Self.sha256(slides)))

        // --files names another directory; the answers file's own is then not looked in.
        let elsewhere = try write("answers-elsewhere.json", #"{"title": "T", "slides": {"file": "docs/slides.pdf"}}"#)
        let other = try scratch.formctl(["fill", form, "--answers", elsewhere, "--files", scratch.path("talk")])
        #expect(other.exitCode == 0, "\(other)")
    }

    @Test func importReadsFilesFromTheFilesDirectory() throws {
        _ = try copy(slides, to: "in/slides.pdf")
        _ = try copy(photo, to: "in/pictures/photo.png")
        let lines = try write("lines.ndjson", """
            {"title": "One", "slides": {"file": "slides.pdf"}, "photo": {"file": "pictures/photo.png"}}
            {"title": "Two", "slides": {"file": "../lines.ndjson"}}
            {"title": "Three", "slides": {"file": "slides.pdf"}}

            """)
        let result = try scratch.formctl(["import", form, lines, "--files", scratch.path("in")])
        #expect(result.exitCode == 1, "\(result)")
        #expect(result.stderrLines.contains { $0.hasPrefix("line 2: slides: ") && $0.contains("outside") }, "\(result)")
        #expect(result.stderrLines.last == "imported 2 of 3 lines (1 refused)", "\(result)")
        // The same bytes twice are one content, referred to by both submissions.
        #expect(try rows("select count(*) from submission_attachments") == "3")
        #expect(try rows("select count(*) from attachment_contents") == "2")
        #expect(try rows("select group_concat(sha256) from (select distinct sha256 from submission_attachments where key_path = 'slides')")
            == (try Self.sha256(slides)))
        #expect(try rows("select sha256 from submission_attachments where key_path = 'photo'") == (try Self.sha256(photo)))
    }

    @Test func importDefaultsToTheInputFilesDirectory() throws {
        _ = try copy(slides, to: "batch/slides.pdf")
        let line = #"{"title": "One", "slides": {"file": "slides.pdf"}}"# + "\n"
        let lines = try write("batch/lines.ndjson", line)
        let result = try scratch.formctl(["import", form, lines])
        #expect(result.exitCode == 0, "\(result)")
        #expect(try storedCounts() == "1,1")
        // Standard input has no directory: its paths are the working directory's (the scratch
        // one, where batch/ is not the root).
        let stdin = try scratch.formctl(["import", form, "-"], stdin: line)
        #expect(stdin.exitCode == 1, "\(stdin)")
        #expect(stdin.stderr.contains("line 1: slides: "), "\(stdin)")
        #expect(try storedCounts() == "1,1")
    }

    // MARK: Bad input: refused naming the field, exit non-zero, nothing stored

    func expectRefused(_ arguments: [String], naming field: String, saying words: String,
                       sourceLocation: SourceLocation = #_sourceLocation) throws {
        let result = try scratch.formctl(arguments)
        #expect(result.exitCode == 1, "\(result)", sourceLocation: sourceLocation)
        #expect(result.stderr.contains(field), "\(result)", sourceLocation: sourceLocation)
        #expect(result.stderr.contains(words), "\(result)", sourceLocation: sourceLocation)
        #expect(try storedCounts() == "0,0", sourceLocation: sourceLocation)
    }

    @Test func aPathOutsideTheFilesDirectoryIsRefused() throws {
        _ = try copy(slides, to: "secret.pdf")
        let answers = try write("talk/answers.json", #"{"title": "T", "slides": {"file": "../secret.pdf"}}"#)
        try expectRefused(["fill", form, "--answers", answers], naming: "slides", saying: "outside")
        let absolute = try write("talk/absolute.json", #"{"title": "T", "slides": {"file": "\#(scratch.path("secret.pdf"))"}}"#)
        try expectRefused(["fill", form, "--answers", absolute], naming: "slides", saying: "absolute path")
    }

    @Test func aSymlinkIsRefused() throws {
        _ = try copy(slides, to: "talk/real.pdf")
        try FileManager.default.createSymbolicLink(atPath: scratch.path("talk/link.pdf"), withDestinationPath: "real.pdf")
        let answers = try write("talk/answers.json", #"{"title": "T", "slides": {"file": "link.pdf"}}"#)
        try expectRefused(["fill", form, "--answers", answers], naming: "slides", saying: "link")
    }

    @Test func aDeviceOrAFIFOIsRefusedWithoutReading() throws {
        try expectRefused(["fill", form, "--set", "title=T", "--attach", "slides=/dev/zero"], naming: "slides", saying: "/dev/zero")
        let fifo = scratch.path("pipe.pdf")
        #expect(mkfifo(fifo, 0o600) == 0)
        // Opening a FIFO for reading would wait for a writer: refused before, it returns at once.
        try expectRefused(["fill", form, "--set", "title=T", "--attach", "slides=\(fifo)"], naming: "slides", saying: "pipe.pdf")
    }

    @Test func aFileTooLargeOrOfARefusedTypeIsRefused() throws {
        let large = scratch.path("large.pdf")
        try Data(("%PDF-1.4\n" + String(repeating: "%", count: 5000) + "\n%%EOF\n").utf8).write(to: URL(fileURLWithPath: large))
        try expectRefused(["fill", form, "--set", "title=T", "--attach", "slides=\(large)"], naming: "slides", saying: "4 KiB")
        try expectRefused(["fill", form, "--set", "title=T", "--attach", "slides=\(photo)"], naming: "slides", saying: "image/png")
        // A PNG named .pdf is still a PNG: the type comes from the bytes.
        let disguised = try copy(photo, to: "disguised.pdf")
        try expectRefused(["fill", form, "--set", "title=T", "--attach", "slides=\(disguised)"], naming: "slides", saying: "image/png")
    }

    @Test func anUnknownKeyOrAMissingFileIsRefused() throws {
        try expectRefused(["fill", form, "--set", "title=T", "--attach", "slides=\(slides)", "--attach", "slids=\(slides)"],
                          naming: "slids", saying: "not a file field")
        try expectRefused(["fill", form, "--set", "title=T", "--attach", "title=\(slides)"], naming: "title", saying: "not a file field")
        try expectRefused(["fill", form, "--set", "title=T", "--attach", "slides=\(scratch.path("none.pdf"))"],
                          naming: "slides", saying: "none.pdf")
        let noAnswers = try scratch.formctl(["fill", form, "--set", "title=T", "--files", scratch.directory])
        #expect(noAnswers.exitCode == 2, "\(noAnswers)")
        #expect(noAnswers.stderr.contains("--files is for the {\"file\": ...} values of --answers"), "\(noAnswers)")
        let usage = try scratch.formctl(["fill", form, "--attach", "slides"])
        #expect(usage.exitCode == 2, "\(usage)")
        #expect(usage.stderr.contains("--attach takes KEY=PATH"), "\(usage)")
    }
}
