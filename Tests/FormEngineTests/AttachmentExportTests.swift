import Foundation
import FormCore
import FormEngine
import TestSupport
import Testing

/// An export with files: each written as `DIR/<uuid>/<key path>/<name>`, byte for byte, and
/// the field's value becoming its path with size, type and SHA-256, in JSON, NDJSON and CSV;
/// never through a symbolic link already in the directory.
@Suite("Exports with files")
struct AttachmentExportTests {
    static func stored(_ backend: AttachmentSubmitTests.Backend) async throws
        -> (engine: FormEngine, submission: Submission, slides: [UInt8], photo: [UInt8], scratch: TemporaryDirectory)
    {
        let (engine, form, scratch) = try await AttachmentSubmitTests.engine(backend)
        let slides = SampleFiles.pdf(size: 600_000)
        let photo = SampleFiles.png(width: 30, height: 40)
        var request = SubmissionRequest(answers: ["title": "Export", "speakers": [[:]]])
        request.attachments = [
            .bytes(slides, keyPath: "slides", name: "talk.pdf"), .bytes(photo, keyPath: "speakers.0.portrait", name: "me.png"),
            .bytes(photo, keyPath: "extras", name: "same.png"), .bytes(Array("x".utf8), keyPath: "extras", name: "same.png"),
        ]
        let submission = try await engine.submit(request, to: form)
        // A submission without files is exported as it is.
        _ = try await engine.submit(SubmissionRequest(answers: ["title": "None"], status: .draft), to: form)
        return (engine, submission, slides, photo, scratch)
    }

    @Test(arguments: AttachmentSubmitTests.backends)
    func jsonAndCSVExportsWriteTheFilesAndTheirPaths(backend: AttachmentSubmitTests.Backend) async throws {
        let (engine, submission, slides, photo, scratch) = try await Self.stored(backend)
        let directory = scratch.path("out")
        let json = ExportTests.Collected()
        try await engine.prepareExport(SubmissionQuery(formName: "talk"), as: .json, files: ExportFiles(directory: directory))
            .write(to: json)
        let rows = try FormValue(json: json.text)
        let data = try #require(rows[0]?["data"])
        let uuid = submission.uuid
        #expect(data["slides"] == ["path": .string("\(uuid)/slides/talk.pdf"), "size": .int(slides.count),
                                   "type": "application/pdf", "sha256": .string(SampleFiles.sha256(slides))])
        #expect(data["speakers"]?[0]?["portrait"]?["path"] == .string("\(uuid)/speakers.0.portrait/me.png"))
        #expect(data["extras"]?[1]?["path"] == .string("\(uuid)/extras/2-same.png") && data["title"] == "Export")
        #expect(rows[1]?["data"]?["title"] == "None" && rows[1]?["data"]?["slides"] == .null)
        // Only the values change: every other member of a row with files (its language, times,
        // review...) is what the export without files writes.
        let withoutFiles = ExportTests.Collected()
        try await engine.prepareExport(SubmissionQuery(formName: "talk"), as: .json).write(to: withoutFiles)
        let plainRows = try FormValue(json: withoutFiles.text)
        #expect(rows[0]?["language"] == "en")
        for index in 0..<2 {
            var row = try #require(rows[index]?.objectValue), plain = try #require(plainRows[index]?.objectValue)
            row["data"] = nil
            plain["data"] = nil
            #expect(row == plain)
        }
        for (path, bytes) in [("slides/talk.pdf", slides), ("speakers.0.portrait/me.png", photo), ("extras/same.png", photo),
                              ("extras/2-same.png", Array("x".utf8))] {
            let written = try [UInt8](Data(contentsOf: URL(fileURLWithPath: "\(directory)/\(uuid)/\(path)")))
            #expect(SampleFiles.sha256(written) == SampleFiles.sha256(bytes), "\(path)")
        }

        // CSV: the path, size, type and SHA-256 in columns of their own.
        let csv = ExportTests.Collected()
        try await engine.prepareExport(SubmissionQuery(formName: "talk"), as: .csv, files: ExportFiles(directory: directory))
            .write(to: csv)
        // They stand where the field is in the form, and no `slides` column is left always empty
        // though the draft has no file there (null).
        #expect(csv.records[0].contains(",title,slides.path,slides.size,slides.type,slides.sha256,photo,"))
        #expect(csv.records[1].contains(",Export,\(uuid)/slides/talk.pdf,\(slides.count),application/pdf,\(SampleFiles.sha256(slides)),,"))
        #expect(!csv.records[0].contains("slides.name") && !csv.records[0].contains(",slides,"))

        // Without files, the references are exported as stored.
        let plain = ExportTests.Collected()
        try await engine.prepareExport(SubmissionQuery(formName: "talk"), as: .ndjson).write(to: plain)
        #expect(try FormValue(json: String(plain.text.split(separator: "\n")[0]))["data"]?["slides"] == submission.values["slides"])
    }

    @Test func aSymbolicLinkInTheDirectoryIsNotFollowed() async throws {
        let (engine, submission, _, _, scratch) = try await Self.stored(.sqlite)
        let directory = scratch.path("out")
        let elsewhere = scratch.path("elsewhere")
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: elsewhere, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: "\(directory)/\(submission.uuid)", withDestinationPath: elsewhere)
        do {
            try await engine.prepareExport(SubmissionQuery(formName: "talk"), as: .ndjson, files: ExportFiles(directory: directory))
                .write(to: ExportTests.Collected())
            Issue.record("the export followed a symbolic link")
        } catch let error as ExportFileError {
            #expect(error.problem.contains("symbolic link") && error.path.hasSuffix(submission.uuid))
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: elsewhere).isEmpty)
    }

    /// Exports the `extras` of one submission with files named `names` and answers each file's
    /// exported path with the bytes written there.
    static func exportedExtras(named names: [String]) async throws -> [(path: String, bytes: [UInt8], sent: [UInt8])] {
        let (engine, form, scratch) = try await AttachmentSubmitTests.engine(.sqlite)
        let contents = names.indices.map { Array("file \($0)".utf8) }
        var request = SubmissionRequest(answers: ["title": "Names"])
        request.attachments = [.bytes(SampleFiles.pdf(size: 100), keyPath: "slides", name: "talk.pdf")]
            + zip(names, contents).map { .bytes($1, keyPath: "extras", name: $0) }
        _ = try await engine.submit(request, to: form)
        let directory = scratch.path("out")
        let json = ExportTests.Collected()
        try await engine.prepareExport(SubmissionQuery(formName: "talk"), as: .json, files: ExportFiles(directory: directory))
            .write(to: json)
        let extras = try #require(try FormValue(json: json.text)[0]?["data"]?["extras"]?.arrayValue)
        return try zip(extras, contents).map { extra, sent in
            let path = try #require(extra["path"]?.stringValue)
            return (path, try [UInt8](Data(contentsOf: URL(fileURLWithPath: "\(directory)/\(path)"))), sent)
        }
    }

    @Test func aFileNamedLikeANumberedOneIsNotOverwritten() async throws {
        // The third `same.png` would be numbered `3-same.png`, the second file's own name.
        let exported = try await Self.exportedExtras(named: ["same.png", "3-same.png", "same.png"])
        #expect(Set(exported.map(\.path)).count == 3)
        for file in exported { #expect(file.bytes == file.sent, "\(file.path)") }
    }

    @Test func twoLongNamesAlikeAreBothWritten() async throws {
        // Names of 255 bytes, the most a component holds: the numbered one must still fit.
        let long = String(repeating: "x", count: 251) + ".pdf"
        let exported = try await Self.exportedExtras(named: [long, long])
        #expect(exported.count == 2 && exported[0].path != exported[1].path)
        for file in exported {
            #expect(file.bytes == file.sent && (file.path.split(separator: "/").last?.utf8.count ?? 0) <= 255, "\(file.path)")
        }
        #expect(exported[1].path.hasSuffix(".pdf") && exported[1].path.contains("/2-xxx"))
    }

    @Test func aHardLinkLeftAtAFilesNameIsReplacedNotWrittenThrough() async throws {
        let (engine, submission, slides, _, scratch) = try await Self.stored(.sqlite)
        let directory = scratch.path("out")
        let elsewhere = scratch.path("elsewhere.txt")
        try Data("kept".utf8).write(to: URL(fileURLWithPath: elsewhere))
        try FileManager.default.createDirectory(atPath: "\(directory)/\(submission.uuid)/slides", withIntermediateDirectories: true)
        try FileManager.default.linkItem(atPath: elsewhere, toPath: "\(directory)/\(submission.uuid)/slides/talk.pdf")
        try await engine.prepareExport(SubmissionQuery(formName: "talk"), as: .ndjson, files: ExportFiles(directory: directory))
            .write(to: ExportTests.Collected())
        #expect(try String(contentsOfFile: elsewhere, encoding: .utf8) == "kept")
        let written = try [UInt8](Data(contentsOf: URL(fileURLWithPath: "\(directory)/\(submission.uuid)/slides/talk.pdf")))
        #expect(written == slides)
        // Nothing but the files is left in their directories.
        #expect(try FileManager.default.contentsOfDirectory(atPath: "\(directory)/\(submission.uuid)/slides") == ["talk.pdf"])
    }
}
