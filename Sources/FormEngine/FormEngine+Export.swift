import FormStore

extension FormEngine {
    /// Checks `query` against the store and, for CSV, reads its rows once to learn the columns,
    /// so that the export can be refused before anything is written. Write it with
    /// `PreparedExport.write(to:)` or `write(tables:)`.
    ///
    /// An unknown form or version is an error (`ExportError.unknownForm`, `.unknownVersion`):
    /// a form the store does not hold, a version above the form's latest (or, with no form
    /// named, above every form's latest). A filter that matches no row of a known form is an
    /// empty export: a CSV header, `[]`, or no line of NDJSON. A CSV export without a form
    /// exports the store's only form (`ExportError.formNeeded` when it holds several).
    ///
    /// - Parameters:
    ///   - query: the submissions to export (form, version, status, time ranges).
    ///   - format: JSON, NDJSON, or CSV with its options.
    ///   - servedForm: the form as the caller serves it, when it may have nothing stored yet: a
    ///     form of this name that the store does not hold is then not unknown but empty, and its
    ///     CSV header shows this definition's columns.
    ///   - records: the submissions as they are (the default), or every revision of each
    ///     (JSON and NDJSON only: as CSV it is `ExportError.revisionsNeedJSON`).
    ///   - files: where to write the submissions' files, each file field's value becoming the
    ///     file's path there with its size, type and SHA-256 (see `ExportFiles`); nil keeps
    ///     the values as stored (a file's name, size, type and SHA-256) and writes no file.
    public func prepareExport(
        _ query: SubmissionQuery, as format: ExportFormat, servedForm: LoadedForm? = nil, records: ExportRecords = .submissions,
        files: ExportFiles? = nil
    ) async throws(ExportError) -> PreparedExport {
        let fileWriter = files.map { ExportFileWriter(files: $0, store: storage) }
        if records == .revisions, case .csv = format { throw .revisionsNeedJSON }
        // Deleted submissions are kept for their history, never exported.
        var query = query.with(tombstones: .excluded)
        let forms: [FormSummary]
        do { forms = try await storage.forms() } catch { throw .storage(error) }
        if query.formName == nil, case .csv = format {
            guard forms.count <= 1 else { throw .formNeeded(forms: forms.map(\.name)) }
            query.formName = forms.first?.name
        }
        var fallbackDefinition: String?
        if let name = query.formName {
            if let summary = forms.first(where: { $0.name == name }) {
                if let version = query.version, version > summary.latestVersion {
                    throw .unknownVersion(form: name, version: version, latest: summary.latestVersion)
                }
            } else if let servedForm, servedForm.name == name {
                if let version = query.version { throw .unknownVersion(form: name, version: version, latest: nil) }
                fallbackDefinition = servedForm.canonicalJSON
            } else {
                throw .unknownForm(name: name, known: forms.map(\.name), database: storage.database)
            }
        } else if let version = query.version {
            let latest = forms.map(\.latestVersion).max()
            if version > latest ?? 0 { throw .unknownVersion(form: nil, version: version, latest: latest) }
        }
        guard case .csv(let options) = format else {
            return PreparedExport(format: format, records: records, store: storage, query: query, csv: nil, lastID: nil,
                                  files: fileWriter)
        }
        let csv = CSVExport(store: storage, query: query, options: options, fallbackDefinitionJSON: fallbackDefinition,
                            files: fileWriter)
        let lastID = try await csv.collect()
        return PreparedExport(format: format, records: records, store: storage, query: query, csv: csv, lastID: lastID,
                              files: fileWriter)
    }

    /// Exports the submissions `query` selects as `format` to `sink`, streamed: memory holds a
    /// batch of rows, not the result. For CSV with repeats separate this writes the submissions
    /// table only; `prepareExport` and `PreparedExport.write(tables:)` write every table.
    ///
    /// Throws `ExportError` (see `prepareExport` for what an unknown form or version does), or
    /// what the sink threw.
    public func export(_ query: SubmissionQuery, as format: ExportFormat, to sink: some ExportSink) async throws {
        try await prepareExport(query, as: format).write(to: sink)
    }
}
