import Foundation
import FormCore
import FormEngine
import PostgresTestServer
import TestSupport
import Testing

/// Files through a submit and back, on an SQLite file and on PostgreSQL: the bytes read back
/// are the bytes sent, a draft keeps its files through resume and finalize, an edit keeps and
/// replaces them, a purge removes them, and no reference reaches the store unless its bytes
/// were sent or are held already.
@Suite("Submits with files")
struct AttachmentSubmitTests {
    enum Backend: String, CaseIterable, CustomTestStringConvertible {
        case sqlite, postgres
        var testDescription: String { rawValue }
    }

    static let backends: [Backend] = PostgresTestServer.unavailableReason == nil ? Backend.allCases : [.sqlite]

    static let talk = """
        {"sections": [
          {"elements": [
            {"type": "entry", "key": "title", "required": true},
            {"type": "file", "key": "slides", "accept": [".pdf"], "required": true},
            {"type": "image", "key": "photo"},
            {"type": "file", "key": "extras", "maximumFiles": 3}]},
          {"title": "Speakers", "bind": "iterate:speakers", "maximumItems": 3,
           "elementTemplate": {"type": "image", "key": "portrait", "bind": "imageValue:portrait"}}
        ]}
        """

    static func engine(_ backend: Backend) async throws -> (engine: FormEngine, form: LoadedForm, scratch: TemporaryDirectory) {
        let scratch = try TemporaryDirectory(prefix: "engine-files")
        let engine: FormEngine
        switch backend {
        case .sqlite: engine = try await FormEngine(database: scratch.path("files.sqlite"))
        case .postgres: engine = try await FormEngine(database: try PostgresTestServer.shared().createDatabase())
        }
        return (engine, try engine.loadForm(definition: try FormDefinition(json: talk), name: "talk"), scratch)
    }

    @Test(arguments: backends)
    func filesSentWithASubmitAreReadBackByteForByte(backend: Backend) async throws {
        let (engine, form, scratch) = try await Self.engine(backend)
        _ = scratch
        let slides = SampleFiles.pdf(size: 700_000)  // three pieces in the store
        let photo = SampleFiles.png(width: 320, height: 200, padding: 3_000)
        var request = SubmissionRequest(answers: ["title": "Files", "speakers": [[:], [:]]])
        request.attachments = [
            .bytes(slides, keyPath: "slides", name: "talk.pdf", pieceSize: 10_000),
            .bytes(photo, keyPath: "photo", name: "me.png"),
            .bytes(photo, keyPath: "speakers.1.portrait", name: "bo.png"),
            .bytes(Array("one".utf8), keyPath: "extras", name: "1.txt"),
            .bytes(Array("two".utf8), keyPath: "extras", name: "2.txt"),
        ]
        let submission = try await engine.submit(request, to: form)
        #expect(submission.values["slides"]?["sha256"] == .string(SampleFiles.sha256(slides)))
        #expect(submission.values["photo"]?["width"] == 320 && submission.values["photo"]?["type"] == "image/png")
        #expect(submission.values["speakers"]?[1]?["portrait"]?["name"] == "bo.png")
        #expect(submission.values["extras"]?.arrayValue?.count == 2)

        let files = try await engine.files(ofSubmission: submission.id)
        #expect(files.map { "\($0.keyPath)#\($0.position)" }.sorted()
                == ["extras#0", "extras#1", "photo#0", "slides#0", "speakers.1.portrait#0"])
        for (key, position, bytes) in [("slides", 0, slides), ("photo", 0, photo), ("speakers.1.portrait", 0, photo),
                                       ("extras", 1, Array("two".utf8))] {
            let read = try #require(try await engine.fileBytes(ofSubmission: submission.id, keyPath: key, position: position))
            let back = try await collected(read.bytes)
            #expect(SampleFiles.sha256(back) == SampleFiles.sha256(bytes) && back == bytes, "\(key)")
        }
        #expect(try await engine.fileBytes(ofSubmission: submission.id, keyPath: "extras", position: 2) == nil)
        #expect(try await engine.fileBytes(ofSubmission: submission.id + 100, keyPath: "slides") == nil)
        // show lists them.
        let shown = try #require(try await engine.show(id: submission.id))
        #expect(shown["files"]?.arrayValue?.count == 5)
        let listed = try #require(shown["files"]?.arrayValue?.first { $0["key"] == "slides" })
        #expect(listed == ["key": "slides", "position": 0, "name": "talk.pdf", "type": "application/pdf", "size": .int(slides.count),
                           "sha256": .string(SampleFiles.sha256(slides))])
    }

    @Test(arguments: backends)
    func aReferenceNotSentNorHeldIsRefused(backend: Backend) async throws {
        let (engine, form, scratch) = try await Self.engine(backend)
        _ = scratch
        // Someone else's file, stored.
        let pdf = SampleFiles.pdf()
        var first = SubmissionRequest(answers: ["title": "Mine"])
        first.attachments = [.bytes(pdf, keyPath: "slides", name: "mine.pdf")]
        let mine = try await engine.submit(first, to: form)
        let stolen = try #require(mine.values["slides"])
        // Its reference, copied into answers, attaches nothing: it is refused, naming the field.
        let errors = await fieldErrors {
            try await engine.submit(SubmissionRequest(answers: ["title": "Theirs", "slides": stolen]), to: form)
        }
        #expect(errors.map(\.path) == ["slides"] && errors.map(\.rule) == ["file"])
        // A session holding it is refused too.
        let session = try engine.makeSession(for: form)
        try session.set("Theirs", forKey: "title")
        try session.set(stolen, forKey: "slides")
        #expect(await fieldErrors { try await engine.submit(session) }.map(\.path) == ["slides"])
        #expect(await fieldErrors { try await engine.saveDraft(session) }.map(\.path) == ["slides"])
        #expect(try await engine.files(ofSubmission: mine.id + 1).isEmpty)
        // A {"file": PATH} answer with no directory to read it from.
        let unresolved = await fieldErrors {
            try await engine.submit(SubmissionRequest(answers: ["title": "T", "slides": ["file": "talk.pdf"]]), to: form)
        }
        #expect(unresolved.map(\.path) == ["slides"] && unresolved.first?.message.contains("no directory") == true)
    }

    @Test(arguments: backends)
    func aRequiredFileFieldWithoutAFileIsRefusedAndNothingIsStored(backend: Backend) async throws {
        let (engine, form, scratch) = try await Self.engine(backend)
        _ = scratch
        var request = SubmissionRequest(answers: ["title": "No slides"])
        request.attachments = [.bytes(SampleFiles.png(width: 2, height: 2), keyPath: "photo", name: "p.png")]
        let errors = await fieldErrors { try await engine.submit(request, to: form) }
        #expect(errors.map(\.path) == ["slides"] && errors.map(\.rule) == ["required"])
        var empty = SubmissionRequest(answers: ["title": "Empty slides"])
        empty.attachments = [.bytes([], keyPath: "slides", name: "empty.pdf")]
        #expect(await fieldErrors { try await engine.submit(empty, to: form) }.map(\.path) == ["slides"])
        #expect(try await engine.submission(id: 1) == nil)
    }

    @Test(arguments: backends)
    func aSessionSubmitsWhatWasStagedForIt(backend: Backend) async throws {
        let (engine, form, scratch) = try await Self.engine(backend)
        _ = scratch
        let pdf = SampleFiles.pdf(size: 3_000)
        var staged = StagedAttachments()
        let session = try engine.makeSession(for: form)
        try session.set("Terminal", forKey: "title")
        let reference = try await engine.stage(.bytes(pdf, keyPath: "slides", name: "t.pdf"), for: form, into: &staged)
        try session.set(reference.formValue, forKey: "slides")
        let submission = try await engine.submit(session, attachments: staged)
        let read = try #require(try await engine.fileBytes(ofSubmission: submission.id, keyPath: "slides"))
        #expect(try await collected(read.bytes) == pdf && read.file.name == "t.pdf" && read.file.mediaType == "application/pdf")
    }

    @Test(arguments: backends)
    func aDraftKeepsItsFilesThroughResumeAndFinalize(backend: Backend) async throws {
        let (engine, form, scratch) = try await Self.engine(backend)
        _ = scratch
        let pdf = SampleFiles.pdf(size: 5_000)
        let photo = SampleFiles.png(width: 10, height: 20)
        var draftRequest = SubmissionRequest(answers: ["title": "Draft"], status: .draft)
        draftRequest.attachments = [.bytes(pdf, keyPath: "slides", name: "d.pdf")]
        let draft = try await engine.submit(draftRequest, to: form)
        #expect(try await engine.files(ofSubmission: draft.id).map(\.keyPath) == ["slides"])

        // Resumed as a request: a photo added, the slides kept without sending them again.
        var resume = SubmissionRequest(answers: ["title": "Draft, again"], draftID: draft.id, status: .draft)
        resume.attachments = [.bytes(photo, keyPath: "photo", name: "p.png")]
        _ = try await engine.submit(resume, to: form)
        #expect(try await engine.files(ofSubmission: draft.id).map(\.keyPath).sorted() == ["photo", "slides"])

        // Resumed as a session and finalized: both files stay, their bytes as sent.
        let (session, _) = try await engine.resumeDraft(id: draft.id, form: form)
        let final = try await engine.submit(session, resumingDraft: draft.id)
        #expect(final.id == draft.id && final.status == .final)
        let slides = try #require(try await engine.fileBytes(ofSubmission: final.id, keyPath: "slides"))
        #expect(try await collected(slides.bytes) == pdf)
        let kept = try #require(try await engine.fileBytes(ofSubmission: final.id, keyPath: "photo"))
        #expect(try await collected(kept.bytes) == photo)
    }

    @Test(arguments: backends)
    func anEditKeepsAndReplacesFilesAndAPurgeRemovesThem(backend: Backend) async throws {
        let (engine, form, scratch) = try await Self.engine(backend)
        _ = scratch
        let first = SampleFiles.pdf(size: 4_000)
        let second = SampleFiles.pdf(size: 6_000)
        let photo = SampleFiles.png(width: 8, height: 8)
        var request = SubmissionRequest(answers: ["title": "v1"])
        request.attachments = [.bytes(first, keyPath: "slides", name: "v1.pdf"), .bytes(photo, keyPath: "photo", name: "p.png")]
        let submission = try await engine.submit(request, to: form)

        // An edit of another field keeps both files.
        let retitled = try await engine.edit(id: submission.id, SubmissionEdit(answers: ["title": "v2"]))
        #expect(retitled.revision == 2)
        #expect(try await engine.files(ofSubmission: submission.id).map(\.name).sorted() == ["p.png", "v1.pdf"])

        // A session edit replaces the slides; revision 2 still holds the old ones.
        let (session, current) = try await engine.editSession(id: submission.id)
        var staged = StagedAttachments()
        let reference = try await engine.stage(.bytes(second, keyPath: "slides", name: "v3.pdf"), for: form, into: &staged)
        try session.set(reference.formValue, forKey: "slides")
        let replaced = try await engine.edit(id: submission.id, session: session, reason: "new slides", actor: "ann",
                                             expectedRevision: current.revision, attachments: staged)
        #expect(replaced.revision == 3)
        let now = try #require(try await engine.fileBytes(ofSubmission: submission.id, keyPath: "slides"))
        #expect(try await collected(now.bytes) == second && now.file.name == "v3.pdf")
        let before = try #require(try await engine.fileBytes(ofSubmission: submission.id, keyPath: "slides", revision: 2))
        #expect(try await collected(before.bytes) == first)
        #expect(try await engine.files(ofSubmission: submission.id).map(\.name).sorted() == ["p.png", "v3.pdf"])

        // Deleted: its files are no longer served; purged: they are gone from the store.
        #expect(try await engine.delete(id: submission.id))
        #expect(try await engine.files(ofSubmission: submission.id).isEmpty)
        #expect(try await engine.fileBytes(ofSubmission: submission.id, keyPath: "slides") == nil)
        #expect(try await engine.purge() == 1)
        #expect(try await engine.storage.attachments(submissionID: submission.id, revision: nil).isEmpty)
        #expect(try await engine.storage.attachmentChunk(sha256: SampleFiles.sha256(second), index: 0) == nil)
        #expect(try await engine.storage.attachmentChunk(sha256: SampleFiles.sha256(first), index: 0) == nil)
    }

    @Test(arguments: backends)
    func anEditWithFilesReplacesOnlyTheFieldsGivenFiles(backend: Backend) async throws {
        let (engine, form, scratch) = try await Self.engine(backend)
        _ = scratch
        let first = SampleFiles.pdf(size: 3_000)
        let second = SampleFiles.pdf(size: 5_000)
        var request = SubmissionRequest(answers: ["title": "v1"])
        request.attachments = [.bytes(first, keyPath: "slides", name: "v1.pdf"),
                               .bytes(Array("a".utf8), keyPath: "extras", name: "a.txt"),
                               .bytes(Array("b".utf8), keyPath: "extras", name: "b.txt")]
        let submission = try await engine.submit(request, to: form)

        var edit = SubmissionEdit(reason: "new slides")
        edit.attachments = [.bytes(second, keyPath: "slides", name: "v2.pdf")]
        let edited = try await engine.edit(id: submission.id, edit)
        #expect(edited.revision == 2)
        let slides = try #require(try await engine.fileBytes(ofSubmission: submission.id, keyPath: "slides"))
        #expect(try await collected(slides.bytes) == second && slides.file.name == "v2.pdf")
        // The field given no file keeps both of its files; the old slides stay with revision 1.
        #expect(try await engine.files(ofSubmission: submission.id).map(\.name) == ["a.txt", "b.txt", "v2.pdf"])
        let old = try #require(try await engine.fileBytes(ofSubmission: submission.id, keyPath: "slides", revision: 1))
        #expect(try await collected(old.bytes) == first)

        // A file the field refuses fails the edit as a whole, and nothing changes.
        var refused = SubmissionEdit()
        refused.attachments = [.bytes(SampleFiles.png(width: 2, height: 2), keyPath: "slides", name: "x.pdf")]
        do {
            try await engine.edit(id: submission.id, refused)
            Issue.record("an edit with a refused file was stored")
        } catch {
            guard case .invalid(let errors) = error else { Issue.record("\(error)"); return }
            #expect(errors.map(\.path) == ["slides"] && errors.map(\.rule) == ["accept"], "\(errors)")
        }
        #expect(try await engine.storedSubmission(id: submission.id)?.revision == 2)
    }

    /// A file for an item far past a repeat's items is refused naming its key path, not placed
    /// after tens of thousands of empty items made for it (a repeat with no `maximumItems`
    /// stored them all); files may still go in the items there are and in new ones after them.
    @Test func aFileFarPastARepeatsItemsIsRefused() async throws {
        let scratch = try TemporaryDirectory(prefix: "engine-files")
        let engine = try await FormEngine(database: scratch.path("files.sqlite"))
        let form = try engine.loadForm(definition: try FormDefinition(json: """
            {"sections": [{"elements": [{"type": "entry", "key": "title"}]},
              {"bind": "iterate:talks", "addTitle": "Add a talk", "elementTemplate": {"type": "file", "key": "slides"}}]}
            """), name: "talks")
        var far = SubmissionRequest(answers: ["title": "Far", "talks": [[:]]])
        far.attachments = [.bytes(Array("deck".utf8), keyPath: "talks.99999.slides", name: "deck.txt")]
        let errors = await fieldErrors { _ = try await engine.submit(far, to: form) }
        #expect(errors.map(\.path) == ["talks.99999.slides"], "\(errors)")
        #expect(errors.first?.message.contains("item 100000 of 'talks', which has 1 so far") == true, "\(errors)")

        var next = SubmissionRequest(answers: ["title": "Next", "talks": [[:]]])
        next.attachments = (0..<3).map { .bytes(Array("deck \($0)".utf8), keyPath: "talks.\($0).slides", name: "d\($0).txt") }
        let saved = try await engine.submit(next, to: form)
        #expect(saved.values["talks"]?[2]?["slides"]?["name"] == "d2.txt", "\(saved.values)")
        var onlyFiles = SubmissionRequest(answers: ["title": "Files only"])
        onlyFiles.attachments = [.bytes(Array("deck".utf8), keyPath: "talks.0.slides", name: "d.txt")]
        #expect(try await engine.submit(onlyFiles, to: form).values["talks"]?[0]?["slides"]?["name"] == "d.txt")
    }
}
