import Foundation
import Testing
import TestSupport

/// Where export lives, read from the sources.
@Suite("Export's home")
struct ExportHomeTests {
    /// `dump` is a thin command over the engine's export: the CSV and JSON writers live in the
    /// engine, and nothing of the store below it is imported where dump lives.
    @Test func dumpIsACommandOverTheEnginesExport() throws {
        let dump = RepositoryFiles.path("Sources/formctl/Dump")
        let files = try FileManager.default.contentsOfDirectory(atPath: dump).filter { $0.hasSuffix(".swift") }
        #expect(!files.isEmpty)
        for file in files {
            let text = try String(contentsOfFile: dump + "/" + file, encoding: .utf8)
            #expect(!text.contains("import FormStore") && !text.contains("CSVWriter") && !text.contains("SubmissionJSON"), "\(file)")
        }
        let export = try FileManager.default.contentsOfDirectory(atPath: RepositoryFiles.path("Sources/FormEngine/Export"))
        #expect(export.contains("CSVExport.swift") && export.contains("JSONExport.swift"))
    }
}
