import Testing

@testable import FormCore

/// A form's file fields as the engine reads them before any answer: the rules at a key path
/// (repeat items included), the form's limit for all files, and what `accept` takes.
@Suite struct FileFieldRulesTests {
    static let talks = """
        {"maxUploadSize": 20971520, "sections": [
          {"elements": [
            {"type": "file", "key": "slides", "accept": [".pdf", "application/vnd.ms-powerpoint"], "maxSize": 5242880},
            {"type": "image", "key": "photo", "imageMaxLength": 1024},
            {"type": "QFileElement", "key": "extras", "maximumFiles": 3},
            {"type": "entry", "key": "name"}]},
          {"bind": "iterate:talks", "addTitle": "Add a talk",
           "elementTemplate": {"type": "file", "key": "handout", "accept": ["text/*"], "maxSize": 1024}}]}
        """

    func compiled(_ json: String) throws -> CompiledForm {
        try CompiledForm(definition: FormDefinition(json: json))
    }

    @Test func rulesAreReadFromTheDefinition() throws {
        let form = try compiled(Self.talks)
        let slides = try #require(form.fileRules(atKeyPath: "slides"))
        #expect(slides == FileFieldRules(accept: [".pdf", "application/vnd.ms-powerpoint"], maxSize: 5_242_880, maximumFiles: 1))
        let extras = try #require(form.fileRules(atKeyPath: "extras"))
        #expect(extras.maximumFiles == 3)
        #expect(extras.maxSize == FileFieldRules.defaultMaxSize)
        #expect(extras.accept.isEmpty)
        #expect(form.maxUploadSize == 20_971_520)
    }

    @Test func anImageWithNoAcceptTakesImagesOnly() throws {
        let photo = try #require(try compiled(Self.talks).fileRules(atKeyPath: "photo"))
        #expect(photo.isImage)
        #expect(photo.accept == ["image/*"])
        #expect(photo.imageMaxLength == 1024)
        #expect(photo.accepts(mediaType: "image/jpeg", fileName: "me.jpg"))
        #expect(!photo.accepts(mediaType: "application/pdf", fileName: "me.pdf"))
    }

    @Test func aRepeatsItemsTakeTheTemplatesRulesWhetherOrNotTheyExistYet() throws {
        let form = try compiled(Self.talks)
        for path in ["talks.0.handout", "talks.7.handout", "talks[2].handout"] {
            let rules = try #require(form.fileRules(atKeyPath: path), "\(path)")
            #expect(rules.accept == ["text/*"] && rules.maxSize == 1024)
        }
        // A repeat of items bound from data: the items' own elements.
        let bound = try CompiledForm(definition: FormDefinition(json: Self.talks), data: ["talks": [[:], [:]]])
        #expect(bound.fileRules(atKeyPath: "talks.1.handout")?.maxSize == 1024)
    }

    @Test func pathsThatAreNoFileFieldHaveNoRules() throws {
        let form = try compiled(Self.talks)
        for path in ["name", "nothing", "talks", "talks.handout", "talks.x.handout", "slides.0", "talks.0", "", "a..b"] {
            #expect(form.fileRules(atKeyPath: path) == nil, "\(path)")
        }
    }

    @Test func aFormWithoutMaxUploadSizeTakesTheDefault() throws {
        let form = try compiled(#"{"sections": [{"elements": [{"type": "file", "key": "f"}]}]}"#)
        #expect(form.maxUploadSize == FileFieldRules.defaultMaxUploadSize)
        #expect(form.fileRules(atKeyPath: "f") == FileFieldRules())
    }

    @Test func fileFieldsInsideNestedRepeatsAreFound() throws {
        let form = try compiled("""
            {"sections": [{"bind": "iterate:teams", "addTitle": "Add a team", "elementTemplate":
              {"type": "root", "sections": [
                {"elements": [{"type": "entry", "key": "name"}]},
                {"bind": "iterate:members", "elementTemplate": {"type": "image", "key": "badge", "maxSize": 2048}}]}}]}
            """)
        #expect(form.fileRules(atKeyPath: "teams.0.members.3.badge")?.maxSize == 2048)
        #expect(form.fileRules(atKeyPath: "teams.0.name") == nil)
    }

    @Test(arguments: [
        (["image/*"], "IMAGE/PNG", "x.bin", true),
        (["image/*"], "image/svg+xml; charset=utf-8", "x.svg", true),
        (["image/*"], "imagex/png", "x.png", false),
        (["image/*"], "application/pdf", "x.png", false),
        (["application/pdf"], "Application/PDF", "report", true),
        (["application/pdf"], "application/pdfx", "report", false),
        ([".pdf"], "application/octet-stream", "Report.PDF", true),
        ([".pdf"], "application/pdf", "report.pdf.exe", false),
        ([".pdf"], "application/pdf", ".pdf", false),
        ([".tar.gz"], "application/gzip", "a.tar.gz", true),
        (["text/csv", ".txt"], "text/plain", "notes.txt", true),
        ([], "application/x-anything", "whatever", true),
    ] as [([String], String, String, Bool)])
    func acceptMatchesMediaTypesWildcardsAndExtensions(_ accept: [String], _ type: String, _ name: String, _ taken: Bool) {
        #expect(FileFieldRules(accept: accept).accepts(mediaType: type, fileName: name) == taken)
    }

    @Test func earlyRefusalsSayWhatValidationSays() {
        #expect(FieldError.fileTooLarge(path: "slides", limit: 10 * 1024 * 1024).description
            == "slides: the file is larger than 10 MiB, the most this field takes")
        #expect(FieldError.fileTooLarge(path: "s", limit: 1500).message == "the file is larger than 1500 bytes, the most this field takes")
        #expect(FieldError.fileTypeRefused(path: "photo", mediaType: "application/pdf", accept: ["image/*"]).message
            == "takes image/*, not a file of type application/pdf")
        #expect(FieldError.tooManyFiles(path: "f", limit: 1).message == "takes one file only")
        #expect(FieldError.tooManyFiles(path: "f", limit: 3).message == "takes at most 3 files")
        #expect(FieldError.uploadTooLarge(path: "talks.1.handout", limit: 50 * 1024 * 1024).message
            == "the files of this submission together are larger than 50 MiB, the most the form takes")
        #expect(FieldError.notAFileField(path: "name").description == "name: is not a file field of this form: no file can be attached here")
        let rules = [
            FieldError.fileTooLarge(path: "a", limit: 1), .fileTypeRefused(path: "a", mediaType: "x/y", accept: []),
            .tooManyFiles(path: "a", limit: 1), .uploadTooLarge(path: "a", limit: 1), .notAFileField(path: "a"),
            .expectsFile(path: "a"), .imageTooLarge(path: "a", limit: 1, width: 2, height: 2),
        ].map(\.rule)
        #expect(rules == ["maxSize", "accept", "maximumFiles", "maxUploadSize", "file", "file", "imageMaxLength"])
    }
}
