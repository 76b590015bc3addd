import ArgumentParser
import FormEngine

/// `formctl list`: every stored form with its versions and submission counts; the drafts to
/// resume (`--drafts`), or the submissions in one review state (`--review`).
struct ListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List stored forms (versions, final and draft counts), the drafts to resume, or the submissions in a review state.",
        discussion: """
            --drafts lists every draft, most recently updated first: its id (for fill --resume ID \
            or delete ID), form, version and when it was last saved.
            --review STATE lists the final submissions in that review state (received, hasIssues, \
            approved, rejected), most recently changed first: id, form, version, revision, when \
            last changed and the review's comment. Deleted submissions are never listed.
            Exit codes: 0 done, 3 the database cannot be read.
            """
    )

    @Flag(help: "List drafts (id, form, version, updated) instead of forms.")
    var drafts = false

    @Option(help: ArgumentHelp("List the final submissions in this review state: received, hasIssues (has-issues), approved or rejected.", valueName: "STATE"))
    var review: ReviewStateArgument?

    @Flag(help: "Print JSON: an array of {\"form\",\"versions\",\"latest_version\",\"final\",\"draft\"}, with --drafts of {\"id\",\"uuid\",\"form\",\"version\",\"created_at\",\"updated_at\"}, with --review of those and \"revision\", \"review\".")
    var json = false

    @OptionGroup var database: DatabaseOptions

    func validate() throws {
        if drafts && review != nil { throw ValidationError("--drafts and --review cannot go together: drafts are not reviewed") }
    }

    func run() async throws {
        let engine = try await database.openEngine(readOnly: true)
        if drafts { return try await listDrafts(in: engine) }
        if let review { return try await listReviewed(review.state, in: engine) }
        let forms: [FormSummary]
        do { forms = try await engine.forms() } catch {
            throw CommandFailure("formctl: cannot read \(engine.database): \(error)", exitCode: .storage)
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
            Terminal.printError("no forms in \(engine.database) yet")
            return
        }
        let rows = forms.map { [$0.name, String($0.versions), String($0.latestVersion), String($0.finalCount), String($0.draftCount)] }
        Terminal.printOut(TextTable(header: ["FORM", "VERSIONS", "LATEST", "FINAL", "DRAFT"], rows: rows,
                                    rightAligned: [1, 2, 3, 4]).rendered)
    }
}

extension ListCommand {
    /// Every draft, newest change first, read from one snapshot; their values are not read,
    /// so a damaged draft is still listed (and can be deleted by its id).
    func listDrafts(in engine: FormEngine) async throws {
        var rows: [StoredSubmission] = []
        let query = SubmissionQuery(status: .draft, order: .updatedAt, descending: true)
        do {
            for try await row in engine.storedSubmissions(query) { rows.append(row) }
        } catch {
            throw CommandFailure("formctl: cannot read \(engine.database): \(error)", exitCode: .storage)
        }
        if json {
            let array = FormValue.array(rows.map {
                ["id": .int(Int($0.id)), "uuid": .string($0.uuid), "form": .string($0.formName), "version": .int($0.version),
                 "created_at": .string($0.createdAtText), "updated_at": .string($0.updatedAtText)]
            })
            Terminal.printOut(array.jsonString(pretty: true))
            return
        }
        if rows.isEmpty {
            Terminal.printError("no drafts in \(engine.database)")
            return
        }
        let table = rows.map { [String($0.id), $0.formName, String($0.version), $0.updatedAtText] }
        Terminal.printOut(TextTable(header: ["ID", "FORM", "VERSION", "UPDATED"], rows: table, rightAligned: [0, 2]).rendered)
    }
}

/// Columns padded to their widest cell, numbers right-aligned so their digits line up; no line
/// ends in spaces, even when its last cell is empty.
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
                return column == row.count - 1 ? row[column] : row[column] + padding
            }.joined(separator: "  ").trimmingTrailingSpaces
        }.joined(separator: "\n")
    }
}

extension String {
    var trimmingTrailingSpaces: String {
        var text = Substring(self)
        while text.last == " " { text.removeLast() }
        return String(text)
    }
}
