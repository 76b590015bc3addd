import FormStore

/// Rows of a packed batch rendered away from the export's task: their bytes in chunks of about
/// `ExportBuffer.batchBytes`, and the failure that stopped them, if one did.
protocol RenderedRows: Sendable {
    var chunks: [[UInt8]] { get }
    var failure: ExportError? { get }
}

extension SubmissionExport {
    /// Writes every batch the store packs, each rendered in two halves at once by `render`
    /// (given the rows, and whether they start the export), their chunks in order: while the
    /// store packs the next batch, both cores render this one. `written` sees each half once
    /// its chunks are written (the rows before a failure included) and says whether to go on.
    /// A half that failed ends the export: the bytes before its failing row are flushed, then
    /// its failure thrown.
    func writeRenderedInHalves<Rendered: RenderedRows>(
        to out: ExportBuffer,
        render: @escaping @Sendable (PackedExportRows, Range<Int>, _ startsExport: Bool) -> Rendered,
        written: (Rendered) -> Bool
    ) async throws {
        var failure: ExportError?
        var startsExport = true
        try await forEachPacked(storageError: { ExportError.storage($0) }) { packed in
            let (half, starts) = ((packed.count + 1) / 2, startsExport)
            startsExport = false
            async let first = render(packed, 0..<half, starts)
            let second = render(packed, half..<packed.count, false)
            for rendered in [await first, second] {
                for chunk in rendered.chunks { try await out.write(chunk: chunk) }
                let goesOn = written(rendered)
                if let stop = rendered.failure {
                    failure = stop
                    return false
                }
                if !goesOn { return false }
            }
            return true
        }
        if let failure {
            try await out.flush()
            throw failure
        }
    }
}
