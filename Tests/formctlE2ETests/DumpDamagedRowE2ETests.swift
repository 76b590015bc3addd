import FormStore
import Foundation
import Testing

/// A stored row whose values were damaged outside formctl stops every format of `dump` with
/// exit 3 naming the row: never invalid output, never a key the row did not hold, with exit 0.
@Suite struct DumpDamagedRowE2ETests {
    /// Text that is not JSON, and a JSON object followed by more, which copied into a json or
    /// ndjson object would have given it a second "id".
    static let damages = [#"{"name":"cut off"#, #"{"name":"Eve"},"id":99"#]

    /// The populated dump database with submission 2 (of three final ones) damaged.
    static func damaged(_ values: String) throws -> Scratch {
        let (scratch, _) = try DumpE2ETests.populated()
        let quoted = values.replacingOccurrences(of: "'", with: "''")
        _ = try scratch.rows("UPDATE submissions SET values_json = '\(quoted)' WHERE id = 2")
        #expect(try scratch.rows("SELECT values_json FROM submissions WHERE id = 2") == values + "\n")
        return scratch
    }

    @Test(arguments: damages) func everyFormatStopsAtTheDamagedRowNamingIt(values: String) throws {
        let scratch = try Self.damaged(values)
        for format in ["json", "ndjson", "csv"] {
            let result = try scratch.formctl(["dump", "--format", format])
            #expect(result.exitCode == 3, "\(format): \(result)")
            #expect(result.stderr.contains("submission 2 holds values that are not valid JSON"), "\(format): \(result)")
            #expect(!result.stdout.contains("Eve") && !result.stdout.contains("cut off"), "\(format): \(result)")
        }
    }

    /// Valid JSON that is not an object (json and ndjson check it without parsing it, csv
    /// parses it) is refused by every format alike.
    @Test func aRowThatIsNotAnObjectStopsEveryFormat() throws {
        let scratch = try Self.damaged(#"[{"name":"Eve"}]"#)
        for format in ["json", "ndjson", "csv"] {
            let result = try scratch.formctl(["dump", "--format", format])
            #expect(result.exitCode == 3, "\(format): \(result)")
            #expect(result.stderr.contains("submission 2 holds values that are not a JSON object"), "\(format): \(result)")
            #expect(!result.stdout.contains("Eve"), "\(format): \(result)")
        }
    }

    @Test func theRowsBeforeItAreWrittenWholeAndAnOutputFileIsLeftUntouched() throws {
        let scratch = try Self.damaged(Self.damages[1])
        let ndjson = try scratch.formctl(["dump", "--format", "ndjson"])
        #expect(ndjson.exitCode == 3, "\(ndjson)")
        let lines = ndjson.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 2 && lines[1].isEmpty, "one whole line, for submission 1: \(ndjson)")
        #expect((try DumpE2ETests.object(String(lines[0])))["id"] as? Int == 1)
        let json = try scratch.formctl(["dump", "--format", "json"])
        #expect(json.exitCode == 3 && json.stdout.hasPrefix("[\n{\"id\":1,") && !json.stdout.contains("]"), "\(json)")

        let target = try scratch.write("out.json", "earlier dump\n")
        let written = try scratch.formctl(["dump", "--format", "ndjson", "--output", target])
        #expect(written.exitCode == 3, "\(written)")
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "earlier dump\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.directory).filter { $0.hasSuffix(".tmp") }.isEmpty)
    }
}
