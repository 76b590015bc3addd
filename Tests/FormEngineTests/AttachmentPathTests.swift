import Foundation
import FormCore
import FormEngine
import TestSupport
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Files named by path: `AttachmentUpload.file` (a regular file only) and
/// `AttachmentDirectory`'s `{"file": "relative/path"}` answers (never outside the directory,
/// through a symbolic link, or to a device), in a submit and in an import.
@Suite("Files named by path")
struct AttachmentPathTests {
    static let form = """
        {"sections": [
          {"elements": [{"type": "entry", "key": "title"},
                        {"type": "file", "key": "doc"},
                        {"type": "file", "key": "more", "maximumFiles": 2}]},
          {"bind": "iterate:items", "maximumItems": 3,
           "elementTemplate": {"type": "file", "key": "scan", "bind": "fileValue:scan"}}
        ]}
        """

    /// A directory with `docs/a.pdf`, `b.txt`, a link to `b.txt`, a linked directory, a FIFO.
    static func files() throws -> TemporaryDirectory {
        let scratch = try TemporaryDirectory(prefix: "attach-paths")
        try FileManager.default.createDirectory(atPath: scratch.path("docs"), withIntermediateDirectories: true)
        try Data(SampleFiles.pdf(size: 200_000)).write(to: URL(fileURLWithPath: scratch.path("docs/a.pdf")))
        try scratch.write("b.txt", "bee\n")
        try FileManager.default.createSymbolicLink(atPath: scratch.path("link.txt"), withDestinationPath: scratch.path("b.txt"))
        try FileManager.default.createSymbolicLink(atPath: scratch.path("linkdir"), withDestinationPath: scratch.path("docs"))
        #expect(mkfifo(scratch.path("fifo"), 0o600) == 0)
        try scratch.write("outside.txt", "out")
        return scratch
    }

    @Test func aRegularFileIsAttachedByPathAndAnythingElseIsRefused() async throws {
        let test = try TestEngine()
        let form = try test.form(Self.form)
        let scratch = try Self.files()
        var request = SubmissionRequest(answers: ["title": "By path"])
        request.attachments = [try .file(keyPath: "doc", path: scratch.path("docs/a.pdf"))]
        let submission = try await test.engine.submit(request, to: form)
        let read = try #require(try await test.engine.fileBytes(ofSubmission: submission.id, keyPath: "doc"))
        #expect(try await collected(read.bytes) == SampleFiles.pdf(size: 200_000) && read.file.name == "a.pdf")
        for (path, problem) in [(scratch.path("docs"), "is a directory"), ("/dev/zero", "is a character device"),
                                (scratch.path("fifo"), "is a FIFO"), (scratch.path("missing"), "No such file")] {
            do {
                _ = try AttachmentUpload.file(keyPath: "doc", path: path)
                Issue.record("\(path) was taken")
            } catch {
                guard case .invalid(let errors) = error else { Issue.record("\(error)"); continue }
                #expect(errors.map(\.path) == ["doc"] && errors[0].message.contains(problem), "\(errors)")
            }
        }
    }

    @Test func fileAnswersAreReadInsideTheDirectoryOnly() async throws {
        let test = try TestEngine()
        let form = try test.form(Self.form)
        let scratch = try Self.files()
        let directory = AttachmentDirectory(root: scratch.path("."))
        let answers: FormValue = [
            "title": "From answers", "doc": ["file": "docs/a.pdf"], "more": [["file": "b.txt"], ["file": "./docs/../b.txt"]],
            "items": [["scan": ["file": "b.txt"]]],
        ]
        // `..` is refused even where it would land inside.
        let refusedDots = await fieldErrors { _ = try directory.uploads(in: answers, for: form) }
        #expect(refusedDots.map(\.path) == ["more"] && refusedDots[0].message.contains("'..'"))

        let fine: FormValue = ["title": "From answers", "doc": ["file": "docs/a.pdf"], "more": [["file": "b.txt"], ["file": "docs/a.pdf"]],
                "items": [["scan": ["file": "b.txt"]]]]
        let (rest, uploads) = try directory.uploads(in: fine, for: form)
        #expect(uploads.map(\.keyPath) == ["doc", "more", "more", "items.0.scan"])
        var request = SubmissionRequest(answers: rest)
        request.attachments = uploads
        let submission = try await test.engine.submit(request, to: form)
        #expect(submission.values["more"]?[1]?["name"] == "a.pdf" && submission.values["items"]?[0]?["scan"]?["size"] == 4)
        let scan = try #require(try await test.engine.fileBytes(ofSubmission: submission.id, keyPath: "items.0.scan"))
        #expect(try await collected(scan.bytes) == Array("bee\n".utf8))

        // Every way out of the directory, or to something that is no regular file, names the field.
        for (path, problem) in [
            ("../outside.txt", "'..'"), (scratch.path("b.txt"), "absolute"), ("link.txt", "symbolic link"),
            ("linkdir/a.pdf", "symbolic link (linkdir)"), ("fifo", "FIFO"), ("docs", "directory"), ("", "empty"),
            ("nothing.txt", "No such file"),
        ] {
            let errors = await fieldErrors { _ = try directory.uploads(in: ["doc": ["file": .string(path)]], for: form) }
            #expect(errors.map(\.path) == ["doc"] && errors.first?.message.contains(problem) == true, "\(path): \(errors)")
        }
        // A file answer at a field that takes no file.
        #expect(await fieldErrors { _ = try directory.uploads(in: ["title": ["file": "b.txt"]], for: form) }
                == [.notAFileField(path: "title")])
    }

    /// Gives `line` to `importer` as the command does: bytes it copies before returning.
    static func add(_ line: String, number: Int, to importer: SubmissionImporter) async throws {
        let bytes = Array(line.utf8)
        let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: bytes.count)
        defer { buffer.deallocate() }
        _ = buffer.initialize(from: bytes)
        try await importer.add(UnsafeBufferPointer(buffer), number: number)
    }

    @Test func importLinesWithFilesAreStoredInLineOrder() async throws {
        let test = try TestEngine()
        let form = try test.form(Self.form)
        let scratch = try Self.files()
        var refusals: [(Int, [FieldError])] = []
        let importer = try await test.engine.makeImporter(
            for: form, options: .init(batchSize: 100, workers: 1, filesDirectory: scratch.path("."))) { line, errors in
                refusals.append((line, errors))
            }
        let lines = [
            #"{"title": "one"}"#, #"{"title": "two", "doc": {"file": "docs/a.pdf"}}"#, #"{"title": "three"}"#,
            #"{"title": "four", "doc": {"file": "link.txt"}}"#,
            #"{"title": "five", "doc": {"name": "x.pdf", "size": 3, "type": "application/pdf", "sha256": "\#(String(repeating: "a", count: 64))"}}"#,
        ]
        for (number, line) in lines.enumerated() {
            try await Self.add(line, number: number + 1, to: importer)
        }
        try await importer.finish()
        #expect(importer.stored == 3)
        #expect(refusals.map(\.0) == [4, 5] && refusals.map { $0.1.map(\.path) } == [["doc"], ["doc"]])
        var titles: [String] = []
        var withFile: [String] = []
        for id in Int64(1)...3 {
            let submission = try #require(try await test.engine.submission(id: id))
            titles.append(submission.values["title"]?.stringValue ?? "")
            if try await !test.engine.files(ofSubmission: id).isEmpty { withFile.append(titles.last ?? "") }
        }
        #expect(titles == ["one", "two", "three"] && withFile == ["two"])

        // Without a directory, a line naming a file is refused.
        var refused: [Int] = []
        let plain = try await test.engine.makeImporter(for: form, options: .init(workers: 1)) { line, _ in refused.append(line) }
        try await Self.add(lines[1], number: 1, to: plain)
        try await plain.finish()
        #expect(refused == [1] && plain.stored == 0)
    }
}
