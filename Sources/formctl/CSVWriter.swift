import FormCore

/// RFC 4180 output: fields separated by commas, records ended by CRLF (the RFC's line break,
/// which spreadsheet programs expect), a field quoted only when it holds a comma, a quote, CR or
/// LF, with its quotes doubled. Bytes go straight to an `OutputStream`; no String per field.
///
/// A text cell that a spreadsheet would run as a formula (it starts with `=`, `+`, `-`, `@`, a
/// tab or a CR: `=HYPERLINK(...)` typed into a form) is neutralised with a leading `'`, as
/// OWASP advises, unless `neutralizesFormulas` is off (`dump --raw-csv`). Numbers are written
/// as numbers: a negative number stored as a JSON number keeps its `-`.
struct CSVWriter {
    let out: OutputStream
    let neutralizesFormulas: Bool
    private var fieldsInRecord = 0

    init(out: OutputStream, neutralizesFormulas: Bool = true) {
        self.out = out
        self.neutralizesFormulas = neutralizesFormulas
    }

    /// A text cell.
    mutating func field(_ bytes: UnsafeRawBufferPointer) throws {
        let isFormula = neutralizesFormulas && bytes.first.map(Self.startsFormula) == true
        try cell(bytes, prefix: isFormula ? UInt8(ascii: "'") : nil)
    }

    /// A cell written as it is, for numbers, booleans and compact JSON (which starts with `[`
    /// or `{`, never with a formula character).
    mutating func literal(_ bytes: UnsafeRawBufferPointer) throws {
        try cell(bytes, prefix: nil)
    }

    private mutating func cell(_ bytes: UnsafeRawBufferPointer, prefix: UInt8?) throws {
        try separator()
        guard bytes.contains(where: Self.needsQuoting) else {
            if let prefix { try out.write(prefix) }
            return try out.write(bytes)
        }
        try out.write(UInt8(ascii: "\""))
        if let prefix { try out.write(prefix) }
        var start = 0
        for index in bytes.indices where bytes[index] == UInt8(ascii: "\"") {
            // Up to and including the quote, then the quote again.
            try out.write(UnsafeRawBufferPointer(rebasing: bytes[start...index]))
            try out.write(UInt8(ascii: "\""))
            start = index + 1
        }
        try out.write(UnsafeRawBufferPointer(rebasing: bytes[start...]))
        try out.write(UInt8(ascii: "\""))
    }

    mutating func field(_ text: String) throws {
        var text = text
        try text.withUTF8 { try field(UnsafeRawBufferPointer($0)) }
    }

    mutating func field(_ number: Int64) throws {
        try separator()
        try out.write(number)
    }

    /// A value of the stored JSON: strings as they are, null or missing as an empty field,
    /// numbers and booleans as JSON spells them, arrays and objects as compact JSON.
    mutating func field(_ value: FormValue?, scratch: inout [UInt8]) throws {
        switch value {
        case .none, .null?: try separator()
        case .string(let text)?: try field(text)
        case .int(let number)?: try field(Int64(number))
        case let value?:
            scratch.removeAll(keepingCapacity: true)
            JSONWriter.write(value, into: &scratch)
            try scratch.withUnsafeBytes { try literal($0) }
        }
    }

    mutating func endRecord() throws {
        try out.write(UInt8(ascii: "\r"))
        try out.write(UInt8(ascii: "\n"))
        fieldsInRecord = 0
    }

    private mutating func separator() throws {
        if fieldsInRecord > 0 { try out.write(UInt8(ascii: ",")) }
        fieldsInRecord += 1
    }

    /// The first characters that make a spreadsheet read a cell as a formula.
    private static func startsFormula(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "="), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "@"), 0x09, 0x0D: return true
        default: return false
        }
    }

    private static func needsQuoting(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: ",") || byte == UInt8(ascii: "\"") || byte == 0x0A || byte == 0x0D
    }
}

extension OutputStream {
    /// `bytes` as a JSON string literal, escaped by FormCore's JSONWriter.
    func writeJSONString(_ bytes: UnsafeRawBufferPointer) throws {
        try JSONWriter.writeStringLiteral(bytes) { (run: UnsafeRawBufferPointer) throws in try write(run) }
    }

    func writeJSONString(_ text: String) throws {
        var text = text
        try text.withUTF8 { try writeJSONString(UnsafeRawBufferPointer($0)) }
    }
}
