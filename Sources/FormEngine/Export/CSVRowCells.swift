import FormCore
import FormStore

/// The row of a CSV table being filled: its cells, the text of its escaped strings, and the
/// key tree that reads a stored row into them. A value, so that each renderer of a batch of
/// rows fills its own while the table's columns stay shared.
struct CSVRowCells: Sendable {
    /// What a cell of the row being written holds.
    enum Cell: Sendable {
        case empty
        /// A string without escapes, as bytes of the stored row at these offsets.
        case text(Range<Int>)
        /// A string whose escapes were decoded, at these offsets of `decoded`.
        case decoded(Range<Int>)
        /// A number or boolean written as the row spells it, at these offsets of the row.
        case literal(Range<Int>)
        case value(FormValue)
    }

    private(set) var cells: [Cell]
    /// The text of the row's escaped strings.
    private var decoded: [UInt8] = []
    /// The value columns by key, for reading a stored row straight into `cells`.
    private var keys: CSVKeyTree
    /// The value columns' places, for the general path.
    private let columnIndex: [[String]: Int]

    init(columns: [[String]]) {
        cells = Array(repeating: .empty, count: columns.count)
        keys = CSVKeyTree(columns: columns)
        columnIndex = Dictionary(uniqueKeysWithValues: columns.enumerated().map { ($1, $0) })
    }

    mutating func begin() {
        for index in cells.indices { cells[index] = .empty }
    }

    /// Checks that the stored row's values are a JSON object (`ExportError.damagedRow` if not)
    /// and reads them straight into the cells; false when they hold what only the general path
    /// (`set` over the parsed values) takes, the cells then begun again for it.
    mutating func fill(checking row: ExportRowBytes, arraysAreLeaves: Bool) throws(ExportError) -> Bool {
        try StoredSubmission.checkExportedValues(bytes: row.values, id: row.id)
        begin()
        var reader = CSVStoredRow(row.values)
        if reader.fill(&cells, decoded: &decoded, keys: &keys, arraysAreLeaves: arraysAreLeaves) { return true }
        begin()
        return false
    }

    /// Puts a leaf in its cell; false if the first pass saw no such column. A null has no cell
    /// to lose where its column was left out (the field is an object in the other rows).
    mutating func set(_ column: [String], _ value: FormValue) -> Bool {
        guard let index = columnIndex[column] else { return value == .null }
        cells[index] = value == .null ? .empty : .value(value)
        return true
    }

    /// Writes the cells; `row` is the stored row that `.text` cells point into.
    func write(to csv: inout CSVWriter, row: UnsafeRawBufferPointer, scratch: inout [UInt8]) {
        decoded.withUnsafeBytes { decoded in
            for cell in cells {
                switch cell {
                case .empty: csv.field(nil, scratch: &scratch)
                case .text(let range): csv.field(UnsafeRawBufferPointer(rebasing: row[range]))
                case .decoded(let range): csv.field(UnsafeRawBufferPointer(rebasing: decoded[range]))
                case .literal(let range): csv.literal(UnsafeRawBufferPointer(rebasing: row[range]))
                case .value(let value): csv.field(value, scratch: &scratch)
                }
            }
        }
    }
}
