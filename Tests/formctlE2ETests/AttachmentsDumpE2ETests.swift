import Foundation
import Testing

/// `dump --files DIR`: every stored file written under DIR by submission, key path and name,
/// byte for byte, the values naming them by path.
extension AttachmentsE2ETests {
    @Test func attachedFilesComeBackByteForByteFromDump() throws {
        let (handout, bio) = try attachEverything()

        let uuid = try rows("select uuid from submissions where id = 1")
        let dump = try scratch.formctl(["dump", "--files", "out"])
        #expect(dump.exitCode == 0, "\(dump)")
        #expect(dump.stderr == "wrote 5 files under out\n", "\(dump)")
        let files = try written(under: scratch.path("out"))
        #expect(files["\(uuid)/slides/slides.pdf"] == (try Self.sha256(slides)), "\(files)")
        #expect(files["\(uuid)/photo/photo.png"] == (try Self.sha256(photo)), "\(files)")
        #expect(files["\(uuid)/speakers.0.bio/bio.txt"] == (try Self.sha256(bio)), "\(files)")
        #expect(files.values.filter { $0 == (try? Self.sha256(handout)) }.count == 1, "\(files)")
        #expect(files.count == 5, "\(files)")

        // The dumped value names the file by its path under DIR, with its size, type and hash.
        let dumped = try #require(try JSONSerialization.jsonObject(with: dump.stdoutData) as? [[String: Any]])
        let data = try #require(dumped.first?["data"] as? [String: Any])
        let slidesValue = try #require(data["slides"] as? [String: Any])
        #expect(slidesValue["path"] as? String == "\(uuid)/slides/slides.pdf")
        #expect(slidesValue["type"] as? String == "application/pdf")
        #expect(slidesValue["sha256"] as? String == (try Self.sha256(slides)))
        #expect((data["handouts"] as? [Any])?.count == 2)
    }

    @Test func aSecondDumpIntoTheSameDirectoryRewritesAndCountsOnlyItsOwnFiles() throws {
        let result = try scratch.formctl(["fill", form, "--set", "title=T", "--attach", "slides=\(slides)"])
        #expect(result.exitCode == 0, "\(result)")
        let first = try scratch.formctl(["dump", "--files", "out"])
        #expect(first.stderr == "wrote 1 file under out\n", "\(first)")
        let drafts = try scratch.formctl(["dump", "--files", "out", "--status", "draft"])
        #expect(drafts.stderr == "wrote 0 files under out\n", "\(drafts)")
        let again = try scratch.formctl(["dump", "--files", "out", "--format", "ndjson"])
        #expect(again.stderr == "wrote 1 file under out\n", "\(again)")
    }

    @Test func dumpRefusesAFilesPathThatIsNoDirectory() throws {
        let result = try scratch.formctl(["fill", form, "--set", "title=T", "--attach", "slides=\(slides)"])
        #expect(result.exitCode == 0, "\(result)")
        let taken = try write("taken", "not a directory")
        let dump = try scratch.formctl(["dump", "--files", taken])
        #expect(dump.exitCode == 2, "\(dump)")
        #expect(dump.stderr.contains("not a directory"), "\(dump)")
        #expect(try String(contentsOfFile: taken, encoding: .utf8) == "not a directory")
    }
}
