import ArgumentParser
import FormCore
import FormStore

/// `formctl list`: every stored form with its versions and submission counts.
struct ListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List stored forms: versions and final/draft submission counts.",
        discussion: "Exit codes: 0 done, 3 the database cannot be read."
    )

    @Flag(help: "Print a JSON array of {\"form\",\"versions\",\"latest_version\",\"final\",\"draft\"}.")
    var json = false

    @OptionGroup var database: DatabaseOptions

    func run() async throws {
        let store = try await database.openStore(readOnly: true)
        let forms: [FormSummary]
        do { forms = try await store.forms() } catch {
            throw CommandFailure("formctl: cannot read \(store.database): \(error)", exitCode: .storage)
        }
        if json {
            let array = FormValue.array(forms.map {
                ["form": .string($0.name), "versions": .int($0.versions), "latest_version": .int($0.latestVersion),
                 "final": .int($0.finalCount), "draft": .int($0.draftCount)]
            })
            Terminal.printOut(array.jsonString(pretty: true))
            return
        }
        if forms.isEmpty {
            Terminal.printError("no forms in \(store.database) yet")
            return
        }
        let rows = forms.map { [$0.name, String($0.versions), String($0.latestVersion), String($0.finalCount), String($0.draftCount)] }
        Terminal.printOut(TextTable(header: ["FORM", "VERSIONS", "LATEST", "FINAL", "DRAFT"], rows: rows,
                                    rightAligned: [1, 2, 3, 4]).rendered)
    }
}

/// Columns padded to their widest cell; numbers right-aligned so their digits line up.
struct TextTable {
    var header: [String]
    var rows: [[String]]
    var rightAligned: Set<Int> = []

    var rendered: String {
        let all = [header] + rows
        let widths = header.indices.map { column in all.map { $0[column].count }.max() ?? 0 }
        return all.map { row in
            row.indices.map { column in
                let padding = String(repeating: " ", count: widths[column] - row[column].count)
                if rightAligned.contains(column) { return padding + row[column] }
                // No trailing spaces after the last column.
                return column == row.count - 1 ? row[column] : row[column] + padding
            }.joined(separator: "  ")
        }.joined(separator: "\n")
    }
}
