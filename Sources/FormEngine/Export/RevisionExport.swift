import FormStore

/// Writes every revision of the submissions a query selects (`ExportRecords.revisions`), as a
/// JSON array or NDJSON, oldest revision first within each submission.
///
/// The rows are read a page at a time, not from one streamed snapshot: the history of a row
/// that was edited is read on its own (one revision is the row itself), and a read must not
/// wait on another while it holds a connection. Keyset pages neither repeat nor skip a row.
struct RevisionExport {
    /// JSON rather than NDJSON.
    let isArray: Bool
    let out: ExportBuffer
    let store: any SubmissionStorage
    private var records = 0

    /// Rows read per page.
    static let pageSize = 500

    init(isArray: Bool, out: ExportBuffer, store: any SubmissionStorage) {
        self.isArray = isArray
        self.out = out
        self.store = store
    }

    /// Every revision of every row of `query`, then the closing bracket of an array. A damaged
    /// revision stops the export naming its submission, as a damaged row stops the others.
    mutating func write(_ query: SubmissionQuery) async throws {
        if isArray { out.write(UInt8(ascii: "[")) }
        var page = query
        page.limit = Self.pageSize
        while true {
            let rows: SubmissionPage
            do { rows = try await store.page(page) } catch { throw ExportError.storage(error) }
            for row in rows.submissions {
                if row.revision == 1 {
                    try await write(row, SubmissionRevision(revision: 1, formVersionID: row.formVersionID, version: row.version,
                                                            valuesJSON: row.valuesJSON, at: row.updatedAt, actor: row.revisionActor,
                                                            reason: row.revisionReason, language: row.language))
                } else {
                    let history: SubmissionHistory?
                    do { history = try await store.history(submissionID: row.id) } catch { throw ExportError.storage(error) }
                    // Purged since the page was read: it has no revisions to give any more.
                    for revision in history?.revisions ?? [] { try await write(row, revision) }
                }
                if out.isFull { try await out.flush() }
            }
            guard let next = rows.next else { break }
            page.after = next
        }
        if isArray { out.write(records == 0 ? "]\n" : "\n]\n") }
        try await out.flush()
    }

    private mutating func write(_ row: StoredSubmission, _ revision: SubmissionRevision) async throws {
        do { try StoredSubmission.checkExportedValues(revision.valuesJSON, id: row.id) } catch {
            try await out.flush()
            throw error
        }
        if isArray { out.write(records == 0 ? "\n" : ",\n") }
        SubmissionJSON.writeOpening(row, to: out)
        out.write(",\"revision\":")
        out.write(Int64(revision.revision))
        out.write(",\"version\":")
        out.write(Int64(revision.version))
        out.write(",\"at\":")
        Timestamp.format(revision.at).utf8Bytes { out.writeJSONString($0) }
        out.write(",\"actor\":")
        writeOptional(revision.actor)
        out.write(",\"reason\":")
        writeOptional(revision.reason)
        out.write(",\"language\":")
        writeOptional(revision.language)
        out.write(",\"data\":")
        revision.valuesJSON.utf8Bytes { out.write($0) }
        out.write(UInt8(ascii: "}"))
        if !isArray { out.write(UInt8(ascii: "\n")) }
        records += 1
    }

    private func writeOptional(_ text: String?) {
        guard let text else { return out.write("null") }
        text.utf8Bytes { out.writeJSONString($0) }
    }
}
