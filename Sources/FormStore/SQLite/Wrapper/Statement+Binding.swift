import CSQLite

/// A value SQLite can store, for binding and reading without knowing the type in advance.
package enum SQLiteValue: Equatable, Sendable {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
    case blob([UInt8])

    /// `text`, or `null` when there is none.
    package static func optional(_ text: String?) -> SQLiteValue { text.map(SQLiteValue.text) ?? .null }
}

extension Statement {
    // Parameter indexes are 1-based, as in the C API, so they match `?NNN` in the SQL.

    func bindNull(_ index: Int32) throws {
        try check(sqlite3_bind_null(handle, index), index)
    }

    func bind(_ value: Int64, at index: Int32) throws {
        try check(sqlite3_bind_int64(handle, index, value), index)
    }

    func bind(_ value: Int, at index: Int32) throws {
        try bind(Int64(value), at: index)
    }

    func bind(_ value: Double, at index: Int32) throws {
        try check(sqlite3_bind_double(handle, index, value), index)
    }

    /// Binds text with its explicit byte length, so NUL bytes inside the string survive.
    func bind(_ value: String, at index: Int32) throws {
        var value = value
        let rc = value.withUTF8 { bytes -> Int32 in
            // An empty buffer may have a nil base address, which SQLite would store as NULL.
            let pointer = bytes.baseAddress.map { UnsafeRawPointer($0) } ?? Self.emptyBytes
            return sqlite3_bind_text64(handle, index, pointer.assumingMemoryBound(to: CChar.self),
                                       UInt64(bytes.count), csqlite_transient(), UInt8(SQLITE_UTF8))
        }
        try check(rc, index)
    }

    func bind(_ value: [UInt8], at index: Int32) throws {
        let rc = value.withUnsafeBytes { bytes -> Int32 in
            guard let base = bytes.baseAddress, bytes.count > 0 else {
                return sqlite3_bind_zeroblob(handle, index, 0)
            }
            return sqlite3_bind_blob64(handle, index, base, UInt64(bytes.count), csqlite_transient())
        }
        try check(rc, index)
    }

    func bind(_ value: String?, at index: Int32) throws {
        if let value { try bind(value, at: index) } else { try bindNull(index) }
    }

    func bind(_ value: Int64?, at index: Int32) throws {
        if let value { try bind(value, at: index) } else { try bindNull(index) }
    }

    func bind(_ value: SQLiteValue, at index: Int32) throws {
        switch value {
        case .null: try bindNull(index)
        case .integer(let v): try bind(v, at: index)
        case .real(let v): try bind(v, at: index)
        case .text(let v): try bind(v, at: index)
        case .blob(let v): try bind(v, at: index)
        }
    }

    /// Binds `values` to parameters 1...n.
    package func bind(_ values: [SQLiteValue]) throws {
        for (offset, value) in values.enumerated() { try bind(value, at: Int32(offset + 1)) }
    }

    private func check(_ rc: Int32, _ index: Int32) throws {
        guard rc == SQLITE_OK else { throw error(rc, operation: "binding parameter \(index)") }
    }

    /// Static storage for a zero-length text value (computed: a stored pointer is not Sendable).
    private static var emptyBytes: UnsafeRawPointer { UnsafeRawPointer(("" as StaticString).utf8Start) }
}
