import FormCore
import FormStore

/// One CSV table of an export: the submissions, or with repeats separate the items of one
/// repeat. Its value columns are the leaf key paths (relative to a submission or an item)
/// that the definitions declare and the stored values hold, found by the first pass over the
/// rows; the second pass fills one row of cells at a time.
final class CSVTable {
    /// The repeat's key path from the submission's root; empty for the submissions.
    let path: [String]
    /// The table of the repeat this one is inside, if any.
    let parent: CSVTable?

    /// What the first pass learnt about a column.
    private struct Seen {
        var declared = false
        /// Held a value other than an object, null or an empty array in some row.
        var heldValue = false
        var heldEmptyArray = false
        /// Held null in some row: a field left unanswered, or a file field with no file, whose
        /// reference in the other rows is an object.
        var heldNull = false
    }

    private var declaredOrder: [[String]] = []
    private var seenOrder: [[String]] = []
    private var seen: [[String]: Seen] = [:]

    /// The value columns in their final order, set by `finish`.
    private(set) var columns: [[String]] = []
    /// The row being written.
    private(set) var row = CSVRowCells(columns: [])
    /// `_index` of the item being written, counted per submission from 1.
    private(set) var itemIndex = 0
    private var itemSubmission: Int64?
    var out: ExportBuffer?

    init(path: [String], parent: CSVTable?) {
        self.path = path
        self.parent = parent
    }

    /// A column a definition declares (kept even if no row holds a value in it).
    func declare(_ column: [String]) {
        if seen[column] == nil { seen[column] = Seen() }
        if seen[column]?.declared == false {
            seen[column]?.declared = true
            declaredOrder.append(column)
        }
    }

    /// A leaf of a stored value, seen by the first pass.
    func see(_ column: [String], _ value: FormValue) {
        let isEmptyArray = value.arrayValue?.isEmpty == true
        let isNull = value == .null
        // One lookup for a column seen before, as nearly every column of every row is.
        if let index = seen.index(forKey: column) {
            if isEmptyArray {
                seen.values[index].heldEmptyArray = true
            } else if isNull {
                seen.values[index].heldNull = true
            } else {
                seen.values[index].heldValue = true
            }
            return
        }
        seen[column] = Seen(heldValue: !isEmptyArray && !isNull, heldEmptyArray: isEmptyArray, heldNull: isNull)
        seenOrder.append(column)
    }

    /// Fixes the columns: declared ones in definition order, then the others in the order the
    /// rows showed them. A declared path the values hold as an object (its leaves have columns)
    /// or null, and an empty array where a repeat has its own file, are left out, since they
    /// would be columns that are always empty; a declared object's leaves take its place (a file
    /// field's `slides.path`, `slides.size`... stand where `slides` is in the form).
    func finish(repeatPaths: Set<[String]>) {
        var prefixes = Set<[String]>()
        for column in seen.keys where column.count > 1 {
            for length in 1..<column.count { prefixes.insert(Array(column.prefix(length))) }
        }
        func kept(_ column: [String]) -> Bool {
            guard let info = seen[column] else { return false }
            return info.heldValue
                || (!prefixes.contains(column) && !repeatPaths.contains(path + column)
                    && (info.declared || info.heldEmptyArray || info.heldNull))
        }
        var ordered: [[String]] = []
        var added = Set<[String]>()
        for column in declaredOrder + seenOrder where added.insert(column).inserted {
            if kept(column) {
                ordered.append(column)
            } else if seen[column]?.declared == true, prefixes.contains(column) {
                for leaf in seenOrder where leaf.count > column.count && leaf.starts(with: column) && kept(leaf) {
                    if added.insert(leaf).inserted { ordered.append(leaf) }
                }
            }
        }
        columns = ordered
        row = CSVRowCells(columns: ordered)
        seen = [:]
    }

    /// The header: the metadata columns, then the value columns by name.
    var header: [String] {
        let metadata = path.isEmpty
            ? CSVColumnName.submissionColumns
            : [CSVColumnName.submissionID, CSVColumnName.index] + (parent?.path.isEmpty == false ? [CSVColumnName.parentIndex] : [])
        return metadata + columns.map { CSVColumnName.name($0) }
    }

    /// Starts the row of the next item of submission `id`.
    func beginItem(of id: Int64) {
        if itemSubmission != id {
            itemSubmission = id
            itemIndex = 0
        }
        itemIndex += 1
        beginRow()
    }

    func beginRow() { row.begin() }

    /// Checks a stored row and reads it straight into the cells (`CSVRowCells.fill(checking:)`).
    func fill(checking stored: ExportRowBytes, arraysAreLeaves: Bool) throws(ExportError) -> Bool {
        try row.fill(checking: stored, arraysAreLeaves: arraysAreLeaves)
    }

    /// Puts a leaf in its cell; false if the first pass saw no such column.
    func set(_ column: [String], _ value: FormValue) -> Bool { row.set(column, value) }

    /// Writes the cells; `stored` is the stored row that `.text` cells point into.
    func writeCells(to csv: inout CSVWriter, row stored: UnsafeRawBufferPointer, scratch: inout [UInt8]) {
        row.write(to: &csv, row: stored, scratch: &scratch)
    }
}
