import FormCore
@testable import FormEngine
import Secrets
import TestSupport
import Testing

/// Staging an upload: read once into an unnamed temporary file, hashed, measured, typed from
/// its bytes, held to the field's and the form's limits while it is read.
@Suite("Staging uploads")
struct AttachmentStagingTests {
    static let form = """
        {"maxUploadSize": 150000, "sections": [{"elements": [
          {"type": "entry", "key": "name"},
          {"type": "image", "key": "photo", "maxSize": 100000, "imageMaxLength": 4096},
          {"type": "file", "key": "slides", "accept": [".pdf"], "maxSize": 100000},
          {"type": "file", "key": "any", "maxSize": 100000, "maximumFiles": 2}
        ]}]}
        """

    @Test func aPNGIsStagedWithItsHashTypePixelSizeAndACleanName() async throws {
        let test = try TestEngine()
        let form = try test.form(Self.form)
        let png = SampleFiles.png(width: 640, height: 480, padding: 5_000)
        var staged = StagedAttachments()
        let reference = try await test.engine.stage(
            .bytes(png, keyPath: "photo", name: "C:\\Users\\ann/../sh\u{1B}[31mot\u{202E}.png", type: "application/octet-stream",
                   pieceSize: 1_000),
            for: form, into: &staged)
        #expect(reference == AttachmentReference(name: "sh[31mot.png", size: png.count, mediaType: "image/png",
                                                 sha256: SampleFiles.sha256(png), width: 640, height: 480))
        #expect(staged.files.map(\.keyPath) == ["photo"] && staged.files.map(\.position) == [0] && staged.totalSize == png.count)
        // The spooled copy is the bytes sent.
        #expect(try staged.files[0].spool.read(offset: 0, count: png.count + 10) == png)
    }

    @Test func theSHA256IsTheStandardOne() async throws {
        let test = try TestEngine()
        var staged = StagedAttachments()
        let reference = try await test.engine.stage(.bytes(Array("abc".utf8), keyPath: "any", name: "abc.txt"),
                                                    for: try test.form(Self.form), into: &staged)
        #expect(reference.sha256 == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(reference.mediaType == "text/plain" && reference.width == nil)
    }

    /// FIPS 180-2's million `a`s, fed in pieces that straddle the 64-byte blocks every way.
    @Test(arguments: [1, 63, 64, 65, 4097, 1_000_000])
    func theIncrementalHashIsTheSameWhateverThePieces(pieceSize: Int) {
        let million = [UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000)
        var hasher = SHA256()
        var offset = 0
        while offset < million.count {
            hasher.update(million[offset..<min(offset + pieceSize, million.count)])
            offset += pieceSize
        }
        #expect(hasher.finalizeHex() == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    @Test func imageHeadersGiveTheirPixelSize() async throws {
        let test = try TestEngine()
        let form = try test.form(Self.form)
        var staged = StagedAttachments()
        // A JPEG's frame header after 60 KB of metadata: read by jumping from segment to segment.
        for (bytes, type, size) in [
            (SampleFiles.jpeg(width: 1024, height: 768, metadata: 60_000), "image/jpeg", (1024, 768)),
            (SampleFiles.gif(width: 300, height: 20), "image/gif", (300, 20)),
            (SampleFiles.webp(width: 1000, height: 3000), "image/webp", (1000, 3000)),
        ] {
            staged = StagedAttachments()
            let reference = try await test.engine.stage(.bytes(bytes, keyPath: "photo", name: "p"), for: form, into: &staged)
            #expect(reference.mediaType == type && reference.width == size.0 && reference.height == size.1, "\(type)")
        }
    }

    @Test func aFilePastTheFieldsLimitIsRefusedAndReadingStopsAtTheLimit() async throws {
        let test = try TestEngine()
        let endless = CountedPieces([], pieceSize: 64 * 1024, endless: true)
        var staged = StagedAttachments()
        let errors = await fieldErrors {
            try await test.engine.stage(AttachmentUpload(keyPath: "photo", fileName: "huge.png", bytes: endless),
                                        for: try test.form(Self.form), into: &staged)
        }
        #expect(errors == [.fileTooLarge(path: "photo", limit: 100_000)])
        // 100,000 bytes are two pieces of 64 KiB: the second passes the limit and nothing more is read.
        #expect(endless.taken.count == 2)
        #expect(staged.files.isEmpty)
    }

    @Test func allFilesTogetherAreHeldToTheFormsMaxUploadSize() async throws {
        let test = try TestEngine()
        let form = try test.form(Self.form)
        var staged = StagedAttachments()
        try await test.engine.stage(.bytes(SampleFiles.noise(90_000), keyPath: "any", name: "a.bin"), for: form, into: &staged)
        let errors = await fieldErrors {
            try await test.engine.stage(.bytes(SampleFiles.pdf(size: 90_000), keyPath: "slides", name: "b.pdf"), for: form, into: &staged)
        }
        #expect(errors == [.uploadTooLarge(path: "slides", limit: 150_000)])
        #expect(staged.files.count == 1)
    }

    @Test func tooManyFilesAnUnknownFieldAnEmptyFileAndAnImageTooLargeAreRefused() async throws {
        let test = try TestEngine()
        let form = try test.form(Self.form)
        var staged = StagedAttachments()
        for name in ["1.bin", "2.bin"] {
            try await test.engine.stage(.bytes(SampleFiles.noise(100), keyPath: "any", name: name), for: form, into: &staged)
        }
        #expect(staged.files.map(\.position) == [0, 1])
        #expect(await fieldErrors {
            try await test.engine.stage(.bytes(SampleFiles.noise(100), keyPath: "any", name: "3.bin"), for: form, into: &staged)
        } == [.tooManyFiles(path: "any", limit: 2)])
        for key in ["nope", "name", "photo.0"] {
            #expect(await fieldErrors {
                try await test.engine.stage(.bytes(SampleFiles.noise(100), keyPath: key, name: "x"), for: form, into: &staged)
            } == [.notAFileField(path: key)])
        }
        let empty = await fieldErrors {
            try await test.engine.stage(.bytes([], keyPath: "slides", name: "empty.pdf"), for: form, into: &staged)
        }
        #expect(empty.map(\.path) == ["slides"] && empty.first?.message.contains("empty") == true)
        #expect(await fieldErrors {
            try await test.engine.stage(.bytes(SampleFiles.png(width: 5000, height: 10), keyPath: "photo", name: "wide.png"),
                                        for: form, into: &staged)
        } == [.imageTooLarge(path: "photo", limit: 4096, width: 5000, height: 10)])
        #expect(staged.files.count == 2)
    }

    @Test func aTypeTheFieldDoesNotAcceptIsRefusedWhateverTheNameSays() async throws {
        let test = try TestEngine()
        let form = try test.form(Self.form)
        var staged = StagedAttachments()
        // A PNG named .pdf, claimed to be a PDF: the bytes say PNG, which `accept: [".pdf"]` refuses.
        #expect(await fieldErrors {
            try await test.engine.stage(.bytes(SampleFiles.png(width: 10, height: 10), keyPath: "slides", name: "talk.pdf",
                                               type: "application/pdf"), for: form, into: &staged)
        } == [.fileTypeRefused(path: "slides", mediaType: "image/png", accept: [".pdf"])])
        // A PDF to an image field.
        #expect(await fieldErrors {
            try await test.engine.stage(.bytes(SampleFiles.pdf(), keyPath: "photo", name: "photo.png"), for: form, into: &staged)
        } == [.fileTypeRefused(path: "photo", mediaType: "application/pdf", accept: ["image/*"])])
        let pdf = try await test.engine.stage(.bytes(SampleFiles.pdf(), keyPath: "slides", name: "talk.pdf"), for: form, into: &staged)
        #expect(pdf.mediaType == "application/pdf")
    }

    @Test func aDeadlinePassedOrACancelledTaskStopsReading() async throws {
        let test = try TestEngine()
        let form = try test.form(Self.form)
        var staged = StagedAttachments()
        do {
            try await test.engine.stage(.bytes(SampleFiles.noise(1000), keyPath: "any", name: "late.bin"), for: form, into: &staged,
                                        deadline: .now - .seconds(1))
            Issue.record("a deadline passed did not stop the staging")
        } catch {
            guard case .interrupted = error else { Issue.record("\(error)"); return }
        }
        #expect(staged.files.isEmpty)
    }

    @Test func aCancelledTaskStopsReadingAnEndlessUpload() async throws {
        let test = try TestEngine()
        let form = try test.form(Self.form)
        let endless = CountedPieces([], pieceSize: 1, endless: true, pause: .milliseconds(10))
        let staging = Task {
            var staged = StagedAttachments()
            return try await test.engine.stage(AttachmentUpload(keyPath: "any", fileName: "slow.bin", bytes: endless),
                                               for: form, into: &staged)
        }
        while endless.taken.count < 10 { await Task.yield() }
        staging.cancel()
        do {
            _ = try await staging.value
            Issue.record("a cancelled staging finished")
        } catch let error as FormEngineError {
            guard case .interrupted = error else { Issue.record("\(error)"); return }
        }
    }

    @Test func uploadsInProgressTogetherAreHeldToTheSpoolLimit() async throws {
        let scratch = try TemporaryDirectory(prefix: "spool")
        var options = StoreOptions()
        options.spoolLimit = 100_000
        let engine = try await FormEngine(database: scratch.path("s.sqlite"), options: options)
        let form = try engine.loadForm(definition: try FormDefinition(json: Self.form), name: "spool")
        var first: StagedAttachments? = StagedAttachments()
        try await engine.stage(.bytes(Array(repeating: 0x41, count: 60_000), keyPath: "any", name: "a.txt"), for: form, into: &first!)
        // A second upload while the first is held would pass the limit: busy, which passes.
        var second = StagedAttachments()
        do {
            try await engine.stage(.bytes(Array(repeating: 0x42, count: 60_000), keyPath: "any", name: "b.txt"), for: form, into: &second)
            Issue.record("two uploads together passed the spool limit")
        } catch {
            guard case .storage(let storage) = error, storage.kind == .busy else { Issue.record("\(error)"); return }
            #expect(storage.message.contains("spoolLimit"), "\(storage)")
        }
        #expect(second.files.isEmpty)
        // Once the first upload's files are gone (its submit stored or refused), there is room.
        first = nil
        try await engine.stage(.bytes(Array(repeating: 0x42, count: 60_000), keyPath: "any", name: "b.txt"), for: form, into: &second)
        #expect(second.files.count == 1)
    }

    @Test func aSpoolDirectoryThatCannotBeUsedIsAClearStorageError() async throws {
        let scratch = try TemporaryDirectory(prefix: "spool")
        let engine = try await FormEngine(database: scratch.path("s.sqlite"),
                                          options: StoreOptions(spoolDirectory: scratch.path("missing")))
        let form = try engine.loadForm(definition: try FormDefinition(json: Self.form), name: "spool")
        var staged = StagedAttachments()
        do {
            try await engine.stage(.bytes(Array("x".utf8), keyPath: "any", name: "x.txt"), for: form, into: &staged)
            Issue.record("staged without a spool directory")
        } catch {
            guard case .storage(let storage) = error else { Issue.record("\(error)"); return }
            #expect(storage.kind == .io && storage.message.contains("cannot keep an upload in \(scratch.path("missing"))"))
        }
    }

    @Test(arguments: [
        // (first bytes, name, declared type, type kept)
        (Array("%PDF-1.4 x".utf8), "a.pdf", nil, "application/pdf"),
        ([0xFF, 0xD8, 0xFF, 0xE0, 0, 0], "a.jpg", nil, "image/jpeg"),
        (Array("GIF87a".utf8) + [1, 0, 1, 0], "a.gif", nil, "image/gif"),
        ([0x50, 0x4B, 0x03, 0x04, 0, 0, 0, 0], "report.docx", nil,
         "application/vnd.openxmlformats-officedocument.wordprocessingml.document"),
        ([0x50, 0x4B, 0x03, 0x04, 0, 0, 0, 0], "archive.bin", "application/pdf", "application/zip"),
        ([0x1F, 0x8B, 8, 0, 0, 0], "a.gz", nil, "application/gzip"),
        ([0, 0, 0, 0x18] + Array("ftypisom".utf8) + [0, 0, 0, 0], "a.mp4", nil, "video/mp4"),
        (Array("<?xml version=\"1.0\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\"/>".utf8), "a.svg", nil, "image/svg+xml"),
        (Array("name,age\nann,4\n".utf8), "people.csv", nil, "text/csv"),
        (Array("name,age\nann,4\n".utf8), "people", "text/csv; charset=utf-8", "text/csv"),
        (Array("{\"a\": 1}".utf8), "a.json", nil, "application/json"),
        (Array("héllo wörld".utf8), "notes", "image/png", "text/plain"),
        ([0, 1, 2, 3, 200, 201], "blob", "application/x-thing", "application/x-thing"),
        ([0, 1, 2, 3, 200, 201], "blob", "image/png", "application/octet-stream"),
        ([0, 1, 2, 3, 200, 201], "blob", "text/plain", "application/octet-stream"),
        ([0, 1, 2, 3, 200, 201], "blob", "not a type", "application/octet-stream"),
    ] as [([UInt8], String, String?, String)])
    func theMediaTypeComesFromTheBytes(head: [UInt8], name: String, declared: String?, expected: String) {
        #expect(MediaTypeSniffer.mediaType(head: head, fileName: name, declaredType: declared) == expected)
    }

    @Test func namesAreSanitised() {
        #expect(AttachmentFileName.sanitised("/etc/passwd") == "passwd")
        #expect(AttachmentFileName.sanitised("..") == "file" && AttachmentFileName.sanitised("") == "file")
        #expect(AttachmentFileName.sanitised("a/\u{7}\u{9B}") == "file")
        let long = String(repeating: "é", count: 300) + ".pdf"
        let kept = AttachmentFileName.sanitised(long)
        #expect(kept.utf8.count <= 255 && kept.hasSuffix("é.pdf"))
    }
}
