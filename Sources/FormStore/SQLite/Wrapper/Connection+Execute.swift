import CSQLite

extension Connection {
    /// Runs one or more statements that take no parameters (pragmas, migration scripts).
    ///
    /// Statements are prepared one at a time so a failure names the exact statement, not the
    /// whole script. Any rows they return are stepped over and ignored.
    func execute(_ script: String, operation: String) throws {
        var utf8 = Array(script.utf8)
        utf8.append(0)
        try utf8.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            try base.withMemoryRebound(to: CChar.self, capacity: buffer.count) { start in
                var cursor: UnsafePointer<CChar>? = start
                while let current = cursor, current.pointee != 0 {
                    var statement: OpaquePointer?
                    var tail: UnsafePointer<CChar>?
                    let rc = sqlite3_prepare_v2(handle, current, -1, &statement, &tail)
                    guard rc == SQLITE_OK else {
                        throw error(rc, sql: Self.firstStatement(in: String(cString: current)), operation: operation)
                    }
                    let length = (tail ?? current) - current
                    let text = String(decoding: UnsafeRawBufferPointer(start: current, count: length), as: UTF8.self)
                    cursor = tail
                    // A stretch of only whitespace or comments prepares to no statement.
                    guard let statement else { continue }
                    defer { sqlite3_finalize(statement) }
                    var step = sqlite3_step(statement)
                    while step == SQLITE_ROW { step = sqlite3_step(statement) }
                    guard step == SQLITE_DONE else {
                        throw error(step, sql: text.trimmedSQL, operation: operation)
                    }
                }
            }
        }
    }
}

extension Connection {
    /// The first complete statement of `script`, for naming a statement that failed to prepare
    /// (SQLite's tail pointer is not reliable after an error).
    static func firstStatement(in script: String) -> String {
        var prefix = ""
        for character in script {
            prefix.append(character)
            if character == ";" && sqlite3_complete(prefix) != 0 { break }
        }
        return prefix.trimmedSQL
    }
}

extension String {
    /// The statement without the surrounding blank lines, for error messages.
    var trimmedSQL: String {
        var view = Substring(self)
        while let first = view.first, first.isWhitespace { view.removeFirst() }
        while let last = view.last, last.isWhitespace { view.removeLast() }
        return String(view)
    }
}
