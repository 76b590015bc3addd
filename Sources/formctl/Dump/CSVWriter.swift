import FormCore

/// RFC 4180 output: fields separated by commas, records ended by CRLF (the RFC's line break,
/// which spreadsheet programs expect), each cell encoded by FormCore's `CSVCell` (quoting, and
/// formulas neutralised unless `neutralizesFormulas` is off: `dump --raw-csv`). Bytes go
/// straight to an `OutputStream`; no String per field. Numbers are written as numbers: a
/// negative number stored as a JSON number keeps its `-`.
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
        try separator()
        try CSVCell.write(bytes, neutralizingFormulas: neutralizesFormulas) { (run: UnsafeRawBufferPointer) throws in try out.write(run) }
    }

    /// A cell written as it is but quoted where needed, for numbers, booleans and compact JSON
    /// (which starts with `[` or `{`, never with a formula character).
    mutating func literal(_ bytes: UnsafeRawBufferPointer) throws {
        try separator()
        try CSVCell.write(bytes, neutralizingFormulas: false) { (run: UnsafeRawBufferPointer) throws in try out.write(run) }
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
