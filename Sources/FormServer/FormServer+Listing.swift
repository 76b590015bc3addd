import FormEngine
import Hummingbird

/// `GET /forms/NAME/submissions`: the form's stored submissions, exported by the engine and
/// streamed as the client reads them. NDJSON by default; with `Accept: text/csv`, the CSV that
/// `formctl dump --format csv` writes (repeats as JSON cells), or with `?table=NAME` one table
/// of `dump --repeats separate`: `submissions` (without the repeats' cells) or a repeat's
/// items by its column name (`guests`, `rounds.items`). An unknown version or table is a 404
/// sent before any row; a filter that matches nothing is a 200 with no row (the CSV header).
extension FormServer {
    func listSubmissions(_ request: Request, _ context: RouteContext) async throws -> Response {
        let form = try form(context)
        try await require(.read, on: form.name, request)
        let query = try SubmissionFilters.query(form: form.name, request.uri.queryParameters)
        let table = request.uri.queryParameters["table"].map(String.init)
        let csv = (request.headers[.accept] ?? "").contains("text/csv")
        if table != nil && !csv { throw ServedError(.badRequest, message: "table is for CSV: send Accept: text/csv") }
        let format: ExportFormat = csv ? .csv(CSVExportOptions(repeats: table == nil ? .inline : .separate)) : .ndjson
        let export: PreparedExport
        do { export = try await engine.prepareExport(query, as: format, servedForm: form.loaded) } catch {
            throw Self.exportRefusal(error)
        }
        let chosen = export.tables.first { $0.name == (table ?? "submissions") }
        guard let chosen else {
            let names = export.tables.map(\.name).joined(separator: ", ")
            throw ServedError(.notFound, message: "form \(form.name) has no table '\(table ?? "")' (tables: \(names))")
        }
        var headers = HTTPFields()
        headers[.contentType] = csv ? "text/csv; charset=utf-8" : "application/x-ndjson"
        // Rows are read as the client takes them: a slow client holds the reading back, and
        // one that takes nothing for the request timeout loses the rest (the export gives its
        // reader back; see ExportRelay). A failure after the first byte can only cut the body
        // short, which the client sees.
        let stallLimit = limits.requestTimeout
        let body = ResponseBody { writer in
            let relay = ExportRelay(stallLimit: stallLimit)
            let exporting = Task {
                do {
                    try await export.write { $0 == chosen ? ExportRelaySink(relay: relay) : nil }
                    relay.finish(nil)
                } catch {
                    relay.finish(error)
                }
            }
            defer {
                relay.abandon()
                exporting.cancel()
            }
            while let chunk = try await relay.take() { try await writer.write(ByteBuffer(bytes: chunk)) }
            try await writer.finish(nil)
        }
        return Response(status: .ok, headers: headers, body: body)
    }

    /// An export's refusal before the first byte: an unknown version is not there (404), the
    /// store's failures as a submit's.
    static func exportRefusal(_ error: ExportError) -> ServedError {
        switch error {
        case .unknownForm(let name, _, _): return ServedError(.notFound, message: "no form named '\(name)' is stored")
        case .unknownVersion: return ServedError(.notFound, message: error.description)
        case .storage(let storage): return engineRefusal(.storage(storage))
        case .formNeeded, .damagedRow, .changedDuringExport, .unreadableDefinition, .alreadyWritten, .revisionsNeedJSON:
            return ServedError(.internalServerError, message: "the export failed: \(error)")
        }
    }
}
