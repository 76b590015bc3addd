import FormCore

/// How a CSV column names the stored key path it holds, so that a name stands for exactly one
/// path and never for a metadata column.
///
/// A path's keys are joined by `.`. A key is written as it is unless it is empty, contains `.`,
/// `"`, `\` or a control character, or starts with `_` or with a character a spreadsheet
/// takes for a formula (`=`, `+`, `-`, `@`); such a key is written as a JSON string literal:
/// `tools.Xcode.score`, `"a.b"`, `"@count"`, `""`, `"_note"`. Metadata columns (`_id`,
/// `_version`...) start with `_`, which a value column never does, so a field keyed `id` or
/// `version` has its own column beside them.
enum CSVColumnName {
    /// The metadata columns of `submissions.csv` (or the single CSV).
    static let submissionColumns = [
        "_id", "_uuid", "_form", "_version", "_status", "_created_at", "_updated_at", "_revision", "_review_state", "_language",
    ]
    /// The columns that link a repeat's item to its submission and, when the repeat is inside
    /// another, to the item of the enclosing repeat.
    static let submissionID = "_submission_id"
    static let index = "_index"
    static let parentIndex = "_parent_index"

    static func name(_ path: some Sequence<String>) -> String {
        path.map(segment).joined(separator: ".")
    }

    static func segment(_ key: String) -> String {
        needsQuoting(key) ? JSONWriter.string(.string(key)) : key
    }

    static func needsQuoting(_ key: String) -> Bool {
        guard let first = key.utf8.first else { return true }
        if "_=+-@".utf8.contains(first) { return true }
        return key.utf8.contains { $0 < 0x20 || $0 == 0x7F || $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }
    }

    /// The file a repeat's items go to with `--repeats separate`: `submissions.` and the
    /// repeat's column name, with every byte but letters, digits, `.`, `_`, `-` and non-ASCII
    /// written as `%XX`, so a key such as `../x` or `a/b` stays inside the output directory.
    static func fileName(repeatPath path: [String]) -> String {
        guard !path.isEmpty else { return "submissions.csv" }
        var bytes: [UInt8] = []
        for byte in name(path).utf8 {
            let plain = byte >= 0x80 || (byte >= 0x30 && byte <= 0x39) || ((byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A)
                || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-")
            if plain {
                bytes.append(byte)
            } else {
                let hex = Array("0123456789ABCDEF".utf8)
                bytes += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]]
            }
        }
        return "submissions." + String(decoding: bytes, as: UTF8.self) + ".csv"
    }
}
