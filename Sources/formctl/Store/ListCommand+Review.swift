import FormEngine

extension ListCommand {
    /// The final submissions in `state`, most recently changed first: a reviewer's queue. Their
    /// values are not read, so a damaged row is still listed.
    func listReviewed(_ state: ReviewState, in engine: FormEngine) async throws {
        var rows: [StoredSubmission] = []
        var query = SubmissionQuery(status: .final, order: .updatedAt, descending: true)
        query.reviewState = state
        do {
            for try await row in engine.storedSubmissions(query) { rows.append(row) }
        } catch {
            throw CommandFailure("formctl: cannot read \(engine.database): \(error)", exitCode: .storage)
        }
        if json {
            let array = FormValue.array(rows.map { row in
                let review: FormValue = row.reviewComment.map { ["state": .string(row.reviewState.rawValue), "comment": .string($0)] }
                    ?? ["state": .string(row.reviewState.rawValue)]
                return ["id": .int(Int(row.id)), "uuid": .string(row.uuid), "form": .string(row.formName), "version": .int(row.version),
                        "revision": .int(row.revision), "review": review, "created_at": .string(row.createdAtText),
                        "updated_at": .string(row.updatedAtText)]
            })
            Terminal.printOut(array.jsonString(pretty: true))
            return
        }
        if rows.isEmpty {
            Terminal.printError("no submissions in review state \(state.rawValue) in \(engine.database)")
            return
        }
        let table = rows.map { row in
            [String(row.id), row.formName, String(row.version), String(row.revision), row.updatedAtText,
             (row.reviewComment ?? "").replacingOccurrences(of: "\n", with: " ")]
        }
        Terminal.printOut(TextTable(header: ["ID", "FORM", "VERSION", "REVISION", "UPDATED", "COMMENT"], rows: table,
                                    rightAligned: [0, 2, 3]).rendered)
    }
}
