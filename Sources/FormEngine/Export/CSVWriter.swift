import FormCore

/// RFC 4180 output: fields separated by commas, records ended by CRLF (the RFC's line break,
/// which spreadsheet programs expect), each cell encoded by FormCore's `CSVCell` (quoting, and
/// formulas neutralised unless `neutralizesFormulas` is off). Bytes go straight to an
/// `ExportBuffer`; no String per field. Numbers are written as numbers: a negative number
/// stored as a JSON number keeps its `-`.
struct CSVWriter {
    let out: ExportBuffer
    let neutralizesFormulas: Bool
    private var fieldsInRecord = 0

    init(out: ExportBuffer, neutralizesFormulas: Bool = true) {
        self.out = out
        self.neutralizesFormulas = neutralizesFormulas
    }

    /// A text cell.
    mutating func field(_ bytes: UnsafeRawBufferPointer) {
        separator()
        CSVCell.write(bytes, neutralizingFormulas: neutralizesFormulas) { (run: UnsafeRawBufferPointer) in out.write(run) }
    }

    /// A cell written as it is but quoted where needed, for numbers, booleans and compact JSON
    /// (which starts with `[` or `{`, never with a formula character).
    mutating func literal(_ bytes: UnsafeRawBufferPointer) {
        separator()
        CSVCell.write(bytes, neutralizingFormulas: false) { (run: UnsafeRawBufferPointer) in out.write(run) }
    }

    mutating func field(_ text: String) {
        var text = text
        text.withUTF8 { field(UnsafeRawBufferPointer($0)) }
    }

    mutating func field(_ number: Int64) {
        separator()
        out.write(number)
    }

    /// A value of the stored JSON: strings as they are, null or missing as an empty field,
    /// numbers and booleans as JSON spells them, arrays and objects as compact JSON.
    mutating func field(_ value: FormValue?, scratch: inout [UInt8]) {
        switch value {
        case .none, .null?: separator()
        case .string(let text)?: field(text)
        case .int(let number)?: field(Int64(number))
        case let value?:
            scratch.removeAll(keepingCapacity: true)
            JSONWriter.write(value, into: &scratch)
            scratch.withUnsafeBytes { literal($0) }
        }
    }

    mutating func endRecord() {
        out.write(UInt8(ascii: "\r"))
        out.write(UInt8(ascii: "\n"))
        fieldsInRecord = 0
    }

    private mutating func separator() {
        if fieldsInRecord > 0 { out.write(UInt8(ascii: ",")) }
        fieldsInRecord += 1
    }
}
