/// One row of an export as the store holds it, for the length of one call: its text as UTF-8
/// bytes in the database's own buffers, not copied into Strings. What a JSON export writes of
/// a row, and nothing more.
package struct ExportRowBytes {
    package var id: Int64
    package var uuid: UnsafeRawBufferPointer
    package var formName: UnsafeRawBufferPointer
    package var version: Int
    /// The store's id of that version, to load its definition.
    package var formVersionID: Int64
    package var status: UnsafeRawBufferPointer
    /// In the stored format, as `StoredSubmission.createdAtText` gives it.
    package var createdAt: UnsafeRawBufferPointer
    package var updatedAt: UnsafeRawBufferPointer
    package var revision: Int
    package var reviewState: UnsafeRawBufferPointer
    package var reviewComment: UnsafeRawBufferPointer?
    package var language: UnsafeRawBufferPointer?
    /// The stored values, unchecked: a row damaged outside formctl may hold anything.
    package var values: UnsafeRawBufferPointer
}

/// What the rows of a packed export carry.
package enum PackedColumns: Sendable {
    /// Everything an export writes of a row.
    case all
    /// The row's id, form, version and values, its other texts empty (and its revision 0):
    /// what the first pass of a CSV export reads, which only learns the columns.
    case values
}

extension ExportCursor {
    /// The backend's next rows packed, empty once every row was read; this default packs what
    /// `next()` reads, a whole batch (which the backend held as Strings anyway), with every
    /// column whichever `columns` asks for.
    package func nextPacked(_ columns: PackedColumns) async throws(StorageError) -> PackedExportRows {
        var packed = PackedExportRows()
        for row in try await next() { row.withExportBytes { packed.append($0) } }
        return packed
    }
}

extension StoredSubmission {
    /// The row's text as the bytes an export writes.
    package func withExportBytes<R>(_ body: (ExportRowBytes) throws -> R) rethrows -> R {
        try uuid.withStoredBytes { uuid in
            try formName.withStoredBytes { formName in
                try status.rawValue.withStoredBytes { status in
                    try createdAtText.withStoredBytes { createdAt in
                        try updatedAtText.withStoredBytes { updatedAt in
                            try reviewState.rawValue.withStoredBytes { reviewState in
                                try valuesJSON.withStoredBytes { values in
                                    try reviewComment.withStoredBytes { reviewComment in
                                        try language.withStoredBytes { language in
                                            try body(ExportRowBytes(
                                                id: id, uuid: uuid, formName: formName, version: version, formVersionID: formVersionID, status: status,
                                                createdAt: createdAt, updatedAt: updatedAt, revision: revision,
                                                reviewState: reviewState, reviewComment: reviewComment, language: language,
                                                values: values))
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}

extension String {
    /// The string's UTF-8 bytes, without copying a native string.
    fileprivate func withStoredBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        var copy = self
        return try copy.withUTF8 { try body(UnsafeRawBufferPointer($0)) }
    }
}

extension Optional<String> {
    fileprivate func withStoredBytes<R>(_ body: (UnsafeRawBufferPointer?) throws -> R) rethrows -> R {
        guard let self else { return try body(nil) }
        return try self.withStoredBytes { try body($0) }
    }
}

/// Rows of an export copied out of the database's buffers into one array, to be rendered away
/// from the store's thread: the store reads and copies (cheap), other cores render.
package struct PackedExportRows: Sendable {
    private struct Row: Sendable {
        var id: Int64
        var version: Int
        var formVersionID: Int64
        var revision: Int
    }

    /// The texts of every row, one after another.
    private var bytes: [UInt8] = []
    private var rows: [Row] = []
    /// Per row, `textsPerRow` pairs of (start in `bytes`, count), in `append`'s order; a count
    /// of -1 is nil.
    private var spans: [Int] = []
    private static let textsPerRow = 9

    package var count: Int { rows.count }
    /// A megabyte of rows at most, however long they are, so memory holds a few of them.
    var isFull: Bool { bytes.count >= 1 << 20 }

    package init() {
        bytes.reserveCapacity(1 << 18)
        rows.reserveCapacity(1024)
        spans.reserveCapacity(1024 * 2 * Self.textsPerRow)
    }

    package mutating func append(_ row: ExportRowBytes) {
        rows.append(Row(id: row.id, version: row.version, formVersionID: row.formVersionID, revision: row.revision))
        append(row.uuid)
        append(row.formName)
        append(row.status)
        append(row.createdAt)
        append(row.updatedAt)
        append(row.reviewState)
        append(row.values)
        append(row.reviewComment)
        append(row.language)
    }

    private mutating func append(_ text: UnsafeRawBufferPointer?) {
        spans.append(bytes.count)
        guard let text else { return spans.append(-1) }
        spans.append(text.count)
        bytes.append(contentsOf: text)
    }

    /// Row `index` as the bytes an export writes, valid during `body`.
    package func withRow<R, Failure: Error>(_ index: Int, _ body: (ExportRowBytes) throws(Failure) -> R) throws(Failure) -> R {
        let row = rows[index]
        let first = index * 2 * Self.textsPerRow
        // Through a Result: `withUnsafeBytes` rethrows untyped.
        return try bytes.withUnsafeBytes { all -> Result<R, Failure> in
            func text(_ field: Int) -> UnsafeRawBufferPointer? {
                let start = spans[first + 2 * field], count = spans[first + 2 * field + 1]
                guard count >= 0 else { return nil }
                return UnsafeRawBufferPointer(rebasing: all[start..<start + count])
            }
            let none = UnsafeRawBufferPointer(start: nil, count: 0)
            do throws(Failure) {
                return .success(try body(ExportRowBytes(
                id: row.id, uuid: text(0) ?? none, formName: text(1) ?? none, version: row.version, formVersionID: row.formVersionID,
                status: text(2) ?? none,
                createdAt: text(3) ?? none, updatedAt: text(4) ?? none, revision: row.revision, reviewState: text(5) ?? none,
                reviewComment: text(7), language: text(8), values: text(6) ?? none)))
            } catch {
                return .failure(error)
            }
        }.get()
    }
}
