/// A strict RFC 4180 parser for checking `dump --format csv`: records end in CRLF, quoted fields
/// may hold commas, CR, LF and doubled quotes. Anything else (a bare quote inside an unquoted
/// field, a lone LF as record end, an unterminated quote) is an error, so loose output fails.
enum CSVTestParser {
    struct Malformed: Error, CustomStringConvertible {
        var description: String
    }

    static func parse(_ text: String) throws -> [[String]] {
        let bytes = Array(text.utf8)
        var records: [[String]] = []
        var record: [String] = []
        var field: [UInt8] = []
        var index = 0
        var quoted = false
        var fieldStarted = false
        func endField() {
            record.append(String(decoding: field, as: UTF8.self))
            field = []
            fieldStarted = false
        }
        while index < bytes.count {
            let byte = bytes[index]
            if quoted {
                if byte == UInt8(ascii: "\"") {
                    if index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "\"") {
                        field.append(byte)
                        index += 2
                        continue
                    }
                    quoted = false
                    index += 1
                    guard index == bytes.count || bytes[index] == UInt8(ascii: ",") || bytes[index] == 0x0D else {
                        throw Malformed(description: "text after a closing quote at byte \(index)")
                    }
                    continue
                }
                field.append(byte)
                index += 1
                continue
            }
            switch byte {
            case UInt8(ascii: "\""):
                guard !fieldStarted, field.isEmpty else { throw Malformed(description: "quote inside an unquoted field at byte \(index)") }
                quoted = true
                fieldStarted = true
                index += 1
            case UInt8(ascii: ","):
                endField()
                index += 1
            case 0x0D:
                guard index + 1 < bytes.count, bytes[index + 1] == 0x0A else { throw Malformed(description: "CR without LF at byte \(index)") }
                endField()
                records.append(record)
                record = []
                index += 2
            case 0x0A:
                throw Malformed(description: "LF without CR outside quotes at byte \(index)")
            default:
                field.append(byte)
                fieldStarted = true
                index += 1
            }
        }
        if quoted { throw Malformed(description: "unterminated quoted field") }
        if fieldStarted || !record.isEmpty { throw Malformed(description: "last record not ended by CRLF") }
        return records
    }
}
