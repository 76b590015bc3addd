import Testing

@testable import FormCore

/// A file field's value is a reference to a stored file (or a list of them): anything else is
/// refused naming the field, and a submit checks every rule of the field at once, with the
/// other fields' errors.
@Suite struct FileValueTests {
    static let form = """
        {"sections": [{"elements": [
          {"type": "entry", "key": "title", "required": true},
          {"type": "file", "key": "slides", "required": true, "accept": [".pdf", "application/pdf"], "maxSize": 1000},
          {"type": "image", "key": "photo", "imageMaxLength": 800},
          {"type": "file", "key": "extras", "maximumFiles": 2}]},
          {"bind": "iterate:talks", "addTitle": "Add a talk",
           "elementTemplate": {"type": "file", "key": "handout", "required": true}}]}
        """

    static let sha = String(repeating: "ab", count: 32)

    static func file(_ name: String, size: Int = 10, type: String = "application/pdf", width: Int? = nil, height: Int? = nil) -> FormValue {
        AttachmentReference(name: name, size: size, mediaType: type, sha256: sha, width: width, height: height).formValue
    }

    func fill(_ answers: FormValue, overrides: [FieldOverride] = [], validating: Bool = true) throws -> FilledForm {
        try CompiledForm(definition: FormDefinition(json: Self.form)).fill(FormInput(answers: answers, overrides: overrides), validating: validating)
    }

    @Test func referencesAreKeptAsGiven() throws {
        let filled = try fill([
            "title": "Talk", "slides": Self.file("talk.pdf"),
            "photo": Self.file("me.png", type: "image/png", width: 640, height: 480),
            "extras": [Self.file("a.txt", type: "text/plain"), Self.file("b.txt", type: "text/plain")],
        ])
        #expect(filled.errors.isEmpty, "\(filled.errors)")
        #expect(filled.valuesToStore["slides"] == Self.file("talk.pdf"))
        #expect(filled.valuesToStore["photo"]?["width"] == .int(640))
        #expect(filled.valuesToStore["extras"]?.arrayValue?.count == 2)
    }

    @Test func oneFileIsHeldAsTheFieldTakesIt() throws {
        // A field of one file holds the reference; a field of several holds a list.
        let filled = try fill(["title": "T", "slides": [Self.file("talk.pdf")], "extras": Self.file("a.txt")])
        #expect(filled.errors.isEmpty, "\(filled.errors)")
        #expect(filled.valuesToStore["slides"] == Self.file("talk.pdf"))
        #expect(filled.valuesToStore["extras"] == [Self.file("a.txt")])
    }

    @Test(arguments: [
        ("a string", FormValue.string("talk.pdf"), "expects a file, found a string; attach one with --attach KEY=PATH, a {\"file\": PATH} answer or an upload"),
        ("a number", .int(3), "expects a file, found a number; attach one with --attach KEY=PATH, a {\"file\": PATH} answer or an upload"),
        ("an unresolved file", ["file": "slides/talk.pdf"], "expects a file, found an object that is no stored file's reference; attach one with --attach KEY=PATH, a {\"file\": PATH} answer or an upload"),
        ("a list with a string", [file("a.pdf"), "b.pdf"], "expects a file, found a string at item 1; attach one with --attach KEY=PATH, a {\"file\": PATH} answer or an upload"),
    ] as [(String, FormValue, String)])
    func anythingButAReferenceIsRefusedNamingTheField(_ what: String, _ answer: FormValue, _ message: String) throws {
        let filled = try fill(["title": "T", "slides": answer])
        let error = try #require(filled.errors.first { $0.path == "slides" }, "\(what)")
        #expect(error.rule == "file")
        #expect(error.message == message)
        #expect(filled.valuesToStore["slides"] == nil || filled.valuesToStore["slides"] == .null)
    }

    @Test func aReferenceWithAMemberTooManyOrABadHashIsNoFile() throws {
        var extra = Self.file("a.pdf")
        try extra.setValue("x", at: ValuePath(parsing: "path"))
        var badHash = Self.file("a.pdf")
        try badHash.setValue("ABC", at: ValuePath(parsing: "sha256"))
        for answer in [extra, badHash] {
            let filled = try fill(["title": "T", "slides": answer])
            #expect(filled.errors.map(\.rule) == ["file"], "\(filled.errors)")
        }
    }

    @Test func everyRuleIsReportedAtOnceWithTheOtherFields() throws {
        let filled = try fill([
            "slides": Self.file("talk.docx", size: 5000, type: "application/msword"),
            "photo": Self.file("big.png", type: "image/png", width: 1200, height: 900),
            "extras": [Self.file("a"), Self.file("b"), Self.file("c")],
        ])
        let found = filled.errors.map { "\($0.path) \($0.rule): \($0.message)" }
        #expect(found == [
            "title required: is required",
            "slides maxSize: the file is larger than 1000 bytes, the most this field takes",
            "slides accept: takes .pdf, application/pdf, not a file of type application/msword",
            "photo imageMaxLength: the image is 1200×900 pixels; this field takes images of at most 800 pixels on their longer side (they are not scaled down)",
            "extras maximumFiles: takes at most 2 files",
        ])
    }

    @Test func acceptTakesAMatchingNameWhenTheTypeSaysNothing() throws {
        let filled = try fill(["title": "T", "slides": Self.file("talk.pdf", type: "application/octet-stream")])
        #expect(filled.errors.isEmpty, "\(filled.errors)")
    }

    @Test func anImageMustBeAnImageAndItsSizeCountsOnlyWhenKnown() throws {
        let notImage = try fill(["title": "T", "slides": Self.file("t.pdf"), "photo": Self.file("t.pdf")])
        #expect(notImage.errors.map(\.rule) == ["accept"], "\(notImage.errors)")
        let unknownSize = try fill(["title": "T", "slides": Self.file("t.pdf"), "photo": Self.file("x.png", type: "image/png")])
        #expect(unknownSize.errors.isEmpty, "\(unknownSize.errors)")
        let tall = try fill(["title": "T", "slides": Self.file("t.pdf"), "photo": Self.file("x.png", type: "image/png", height: 801)])
        #expect(tall.errors.map(\.message) == [
            "the image is 801 pixels on one side; this field takes images of at most 800 pixels on their longer side (they are not scaled down)",
        ])
    }

    @Test func requiredMeansAFileInEveryItemToo() throws {
        let filled = try fill(["title": "T", "slides": [], "talks": [[:], ["handout": Self.file("h.pdf")]]])
        #expect(filled.errors.map { "\($0.path) \($0.rule): \($0.message)" } == [
            "slides required: is required: attach a file",
            "talks.0.handout required: is required: attach a file",
        ])
    }

    @Test func aDraftKeepsWhatWasGivenWithoutCheckingRules() throws {
        let given: FormValue = [Self.file("a"), Self.file("b"), Self.file("c", size: 99_999_999)]
        let draft = try fill(["extras": given, "slides": Self.file("x.docx", size: 5000, type: "application/msword")], validating: false)
        #expect(draft.errors.isEmpty, "\(draft.errors)")
        #expect(draft.valuesToStore["extras"] == given)
        // The draft's values, resumed and submitted, meet the rules.
        let form = try CompiledForm(definition: FormDefinition(json: Self.form))
        let resumed = form.fill(FormInput(startingValues: draft.valuesToStore))
        #expect(resumed.notices.isEmpty, "\(resumed.notices)")
        #expect(Set(resumed.errors.map(\.rule)) == ["required", "maxSize", "accept", "maximumFiles"], "\(resumed.errors)")
    }

    @Test func anOverrideCannotTypeAFile() throws {
        let filled = try fill(["title": "T"], overrides: [FieldOverride(key: "slides", text: "talk.pdf"), FieldOverride(key: "talks.1.handout", text: "")])
        let found = filled.errors.filter { $0.rule == "file" }.map(\.description)
        #expect(found == [
            "slides: is a file field, and a file cannot be typed as text; attach one with --attach KEY=PATH, a {\"file\": PATH} answer or an upload",
            "talks.1.handout: is a file field, and a file cannot be typed as text; attach one with --attach KEY=PATH, a {\"file\": PATH} answer or an upload",
        ])
        // The refused override added no item to its repeat.
        let items = filled.values["talks"]?.arrayValue ?? []
        #expect(items.isEmpty, "\(items)")
    }

    @Test func typedTextIsNoFile() throws {
        let session = try makeSession(Self.form)
        #expect(throws: SessionError.self) { try session.setText("~/talk.pdf", forKey: "slides") }
        try session.setText("", forKey: "slides")
        #expect(session.value(forKey: "slides") == .null)
        try session.set(Self.file("talk.pdf"), forKey: "slides")
        #expect(session.value(forKey: "slides") == Self.file("talk.pdf"))
    }

    @Test func aFileShowsItsNameTypeAndSize() throws {
        let element = Element(kind: .file, properties: ["key": "f", "maximumFiles": 2])
        let value: FormValue = [Self.file("a.pdf", size: 2048), Self.file("b.txt", size: 12, type: "text/plain")]
        #expect(FieldValueType(element) == .file)
        #expect(FieldValueType(element).display(value, for: element) == "a.pdf (application/pdf, 2 KiB), b.txt (text/plain, 12 bytes)")
    }
}
