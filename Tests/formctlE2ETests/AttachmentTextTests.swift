import Testing

@testable import formctl

/// How the path prompt and `--attach` read what a person typed, and how a file's size is shown.
@Suite struct AttachmentTextTests {
    @Test func sizesAreInTheUnitsOfTheLimits() {
        #expect(FileSizeText.of(1) == "1 byte")
        #expect(FileSizeText.of(218) == "218 bytes")
        #expect(FileSizeText.of(4096) == "4 KiB")
        #expect(FileSizeText.of(1_258_291) == "1.2 MiB")
        #expect(FileSizeText.of(10 * 1024 * 1024) == "10 MiB")
        // Just under a mebibyte rounds up to it, not to "1024 KiB".
        #expect(FileSizeText.of(1024 * 1024 - 20) == "1 MiB")
    }

    @Test func aTildeIsTheHomeDirectoryAndNothingElseIsChanged() throws {
        let home = try #require(LocalPath.homeDirectory())
        #expect(LocalPath.expanded("~/talk/slides.pdf") == home + "/talk/slides.pdf")
        #expect(LocalPath.expanded("~") == home)
        #expect(LocalPath.expanded("talk/~/slides.pdf") == "talk/~/slides.pdf")
        #expect(LocalPath.expanded("~ann/slides.pdf") == "~ann/slides.pdf")
        #expect(LocalPath.directory(of: "talk/answers.json") == "talk")
        #expect(LocalPath.directory(of: "answers.json") == ".")
        #expect(LocalPath.directory(of: "/answers.json") == "/")
    }

    @Test func attachTakesKeyEqualsPath() throws {
        let inRepeat = try #require(FileAssignment("speakers.1.bio=bio=final.pdf"))
        #expect(inRepeat.keyPath == "speakers.1.bio")
        #expect(inRepeat.path == "bio=final.pdf")
        #expect(FileAssignment("slides") == nil)
        #expect(FileAssignment("=slides.pdf") == nil)
        #expect(FileAssignment("slides=") == nil)
    }
}
