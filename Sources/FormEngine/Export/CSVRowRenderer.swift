import FormCore
import FormStore

/// Renders stored rows into records of a CSV export's submissions table on cells of its own,
/// so that the two halves of a batch are rendered at once on two cores while the store packs
/// the next (as `JSONRowRenderer` does for JSON). Only where each row is one record and
/// nothing else: repeats inline and no files to copy. With repeats separate a row's items are
/// numbered in their tables in order, so those rows are written one after another.
struct CSVRowRenderer {
    /// What a range of rows made: the records of the rows before `failure`, in chunks of
    /// about `ExportBuffer.batchBytes`.
    struct Rendered: RenderedRows {
        var chunks: [[UInt8]] = []
        /// A row past the export's last one was met (and left out).
        var reachedPast = false
        var failure: ExportError?
    }

    private var cells: CSVRowCells
    private let neutralizesFormulas: Bool
    private let out = ExportBuffer(collecting: ExportBuffer.batchBytes + ExportBuffer.batchBytes / 4)
    private var scratch: [UInt8] = []
    private var rendered = Rendered()

    /// `rows` of `packed` up to a damaged one, leaving out rows past `lastID`.
    static func render(_ packed: PackedExportRows, rows: Range<Int>, cells: CSVRowCells, upTo lastID: Int64,
                       neutralizingFormulas: Bool) -> Rendered {
        var renderer = CSVRowRenderer(cells: cells, neutralizesFormulas: neutralizingFormulas)
        for index in rows {
            let taken = packed.withRow(index) { row -> Bool in
                guard row.id <= lastID else {
                    renderer.rendered.reachedPast = true
                    return true
                }
                return renderer.take(row)
            }
            if !taken { break }
        }
        renderer.rendered.chunks.append(renderer.out.takeBytes())
        return renderer.rendered
    }

    private init(cells: CSVRowCells, neutralizesFormulas: Bool) {
        self.cells = cells
        self.neutralizesFormulas = neutralizesFormulas
        scratch.reserveCapacity(256)
    }

    private mutating func take(_ row: ExportRowBytes) -> Bool {
        do {
            try Self.fill(&cells, from: row)
        } catch {
            rendered.failure = error
            return false
        }
        Self.writeRecord(of: row, cells: cells, to: out, neutralizingFormulas: neutralizesFormulas, scratch: &scratch)
        if out.isFull { rendered.chunks.append(out.takeBytes()) }
        return true
    }

    /// The cells of a row whose repeats are inline: read straight from the stored bytes, or
    /// else from its parsed values, every leaf into the column the first pass found for it.
    static func fill(_ cells: inout CSVRowCells, from row: ExportRowBytes) throws(ExportError) {
        if try cells.fill(checking: row, arraysAreLeaves: true) { return }
        let values = try StoredSubmission.exportedValues(bytes: row.values, id: row.id)
        var relative: [String] = []
        var unknown = false
        CSVShape.walk(values, tablePath: [], relative: &relative, isRepeat: { _, _ in false }) { path, value in
            if !cells.set(path, value) { unknown = true }
        } repeated: { _, _ in }
        // A leaf the first pass never saw: the row was changed after it.
        if unknown { throw .changedDuringExport(id: row.id) }
    }

    /// A submission's record: its metadata, then its cells.
    static func writeRecord(of row: ExportRowBytes, cells: CSVRowCells, to out: ExportBuffer, neutralizingFormulas: Bool,
                            scratch: inout [UInt8]) {
        var csv = CSVWriter(out: out, neutralizesFormulas: neutralizingFormulas)
        csv.field(row.id)
        csv.field(row.uuid)
        csv.field(row.formName)
        csv.field(Int64(row.version))
        csv.field(row.status)
        csv.field(row.createdAt)
        csv.field(row.updatedAt)
        csv.field(Int64(row.revision))
        csv.field(row.reviewState)
        // Empty for a row stored before languages were recorded.
        csv.field(row.language ?? UnsafeRawBufferPointer(start: nil, count: 0))
        cells.write(to: &csv, row: row.values, scratch: &scratch)
        csv.endRecord()
    }
}
