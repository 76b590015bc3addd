/// One CSV cell as RFC 4180 writes it: quoted only when it holds a comma, a quote, CR or LF,
/// with its quotes doubled. The one place that knows CSV's quoting and spreadsheets' formulas,
/// for `dump` and anything else that writes CSV.
///
/// A text cell that a spreadsheet would run as a formula (it starts with `=`, `+`, `-`, `@`, a
/// tab or a CR: `=HYPERLINK(...)` typed into a form) is neutralised with a leading `'`, as OWASP
/// advises, when `neutralizingFormulas` is on.
package enum CSVCell {
    /// Hands `emit` the encoded cell in runs (no separator, no record end).
    @inlinable
    package static func write<Failure: Error>(
        _ bytes: UnsafeRawBufferPointer, neutralizingFormulas: Bool,
        emit: (UnsafeRawBufferPointer) throws(Failure) -> Void
    ) throws(Failure) {
        let isFormula = neutralizingFormulas && bytes.first.map(startsFormula) == true
        var quote: UInt8 = 0x22
        var apostrophe: UInt8 = 0x27
        guard bytes.contains(where: needsQuoting) else {
            if isFormula { try withUnsafeBytes(of: &apostrophe) { (a) throws(Failure) in try emit(a) } }
            if !bytes.isEmpty { try emit(bytes) }
            return
        }
        try withUnsafeBytes(of: &quote) { (q) throws(Failure) in try emit(q) }
        if isFormula { try withUnsafeBytes(of: &apostrophe) { (a) throws(Failure) in try emit(a) } }
        var start = 0
        for index in bytes.indices where bytes[index] == 0x22 {
            // Up to and including the quote, then the quote again.
            try emit(UnsafeRawBufferPointer(rebasing: bytes[start...index]))
            try withUnsafeBytes(of: &quote) { (q) throws(Failure) in try emit(q) }
            start = index + 1
        }
        if start < bytes.count { try emit(UnsafeRawBufferPointer(rebasing: bytes[start...])) }
        try withUnsafeBytes(of: &quote) { (q) throws(Failure) in try emit(q) }
    }

    /// The first characters that make a spreadsheet read a cell as a formula.
    @inlinable
    package static func startsFormula(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "="), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "@"), 0x09, 0x0D: return true
        default: return false
        }
    }

    @inlinable
    static func needsQuoting(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: ",") || byte == UInt8(ascii: "\"") || byte == 0x0A || byte == 0x0D
    }
}
