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
        // Most cells need neither quotes nor an apostrophe: copied in one call, rather than
        // through CSVCell's runs, which cost a closure call (and a retain) per run.
        if Self.isPlain(bytes, neutralizingFormulas: neutralizesFormulas) { return out.write(bytes) }
        CSVCell.write(bytes, neutralizingFormulas: neutralizesFormulas) { (run: UnsafeRawBufferPointer) in out.write(run) }
    }

    /// Whether `CSVCell` would write `bytes` as they are: no byte it quotes (comma, quote, LF,
    /// CR) and, when formulas are neutralised, no first byte that starts one.
    private static func isPlain(_ bytes: UnsafeRawBufferPointer, neutralizingFormulas: Bool) -> Bool {
        if neutralizingFormulas, let first = bytes.first, CSVCell.startsFormula(first) { return false }
        return !bytes.contains { $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: "\"") || $0 == 0x0A || $0 == 0x0D }
    }

    /// A cell written as it is but quoted where needed, for numbers, booleans and compact JSON
    /// (which starts with `[` or `{`, never with a formula character).
    mutating func literal(_ bytes: UnsafeRawBufferPointer) {
        separator()
        if Self.isPlain(bytes, neutralizingFormulas: false) { return out.write(bytes) }
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
