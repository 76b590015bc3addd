import FormStore
import PostgresNIO

extension PostgresStorage {
    /// One `COPY ... FROM STDIN` for the whole batch: a single statement, so all rows or none,
    /// and the server parses rows at its own pace instead of one round trip per row. It runs
    /// in an explicit transaction so that the count is returned only after the COMMIT is
    /// confirmed (PostgresNIO's COPY returns at CommandComplete, before an implicit
    /// transaction's commit at Sync).
    package func saveFinalBatch(formVersionID: Int64, valuesJSON: [String], language: String?) async throws(StorageError) -> Int {
        try refuseWrites()
        guard !valuesJSON.isEmpty else { return 0 }
        return try await write("saving \(valuesJSON.count) final submissions") { [self] connection in
            let ref = try await versionRef(formVersionID, on: connection, caching: true)
            let milliseconds = Timestamp.millisecondsNow()
            let now = Timestamp.format(millisecondsSince1970: milliseconds)
            // Every row starts the same: form, version, status, both timestamps and the language
            // (`\N` is COPY's NULL).
            var start = ByteBuffer(string: "\(ref.formID)\t\(formVersionID)\tfinal\t\(now)\t\(now)\t")
            if let language { Self.appendCopyText(language, to: &start) } else { start.writeString("\\N") }
            start.writeString("\t")
            let prefix = Array(start.readableBytesView)
            try await connection.transaction(logger: logger) { connection in
                // PostgresNIO's COPY never returns on a connection that is already closed, and
                // may not when the connection closes while the rows are sent.
                try connection.refuseIfClosed()
                try await connection.untilClosed { [self] in try await connection.copyFrom(
                    table: tables.submissions,
                    columns: ["form_id", "form_version_id", "status", "created_at", "updated_at", "language", "values_json", "uuid"],
                    logger: logger
                ) { writer in
                    var buffer = ByteBuffer()
                    buffer.reserveCapacity(Self.copyChunkBytes + 4096)
                    for values in valuesJSON {
                        buffer.writeBytes(prefix)
                        Self.appendCopyText(values, to: &buffer)
                        buffer.writeInteger(UInt8(ascii: "\t"))
                        // A uuid is hex digits and dashes: nothing COPY would read as an escape.
                        buffer.writeString(uuids.withLock { $0.next(milliseconds: milliseconds) })
                        buffer.writeInteger(UInt8(ascii: "\n"))
                        if buffer.readableBytes >= Self.copyChunkBytes {
                            try await writer.write(buffer)
                            buffer.clear()
                        }
                    }
                    if buffer.readableBytes > 0 { try await writer.write(buffer) }
                } }
            }
            return valuesJSON.count
        }
    }

    /// Bytes sent per COPY data message.
    static let copyChunkBytes = 256 * 1024

    /// `text` in COPY's text format: backslash, newline, carriage return and tab escaped.
    static func appendCopyText(_ text: String, to buffer: inout ByteBuffer) {
        var text = text
        text.withUTF8 { bytes in
            var start = 0
            for (index, byte) in bytes.enumerated() {
                let escaped: UInt8
                switch byte {
                case UInt8(ascii: "\\"): escaped = UInt8(ascii: "\\")
                case UInt8(ascii: "\n"): escaped = UInt8(ascii: "n")
                case UInt8(ascii: "\r"): escaped = UInt8(ascii: "r")
                case UInt8(ascii: "\t"): escaped = UInt8(ascii: "t")
                default: continue
                }
                buffer.writeBytes(UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(bytes)[start..<index]))
                buffer.writeInteger(UInt8(ascii: "\\"))
                buffer.writeInteger(escaped)
                start = index + 1
            }
            buffer.writeBytes(UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(bytes)[start...]))
        }
    }
}
