extension JSONWriter {
    /// Hands `emit` the JSON string literal of `bytes` (valid UTF-8, quotes included) in runs:
    /// long unescaped stretches as they are, each escape on its own. The one place that knows
    /// JSON's escapes, for values written here and for rows streamed straight from the store.
    @inlinable
    package static func writeStringLiteral<Failure: Error>(
        _ bytes: UnsafeRawBufferPointer, emit: (UnsafeRawBufferPointer) throws(Failure) -> Void
    ) throws(Failure) {
        var quote: UInt8 = 0x22
        try withUnsafeBytes(of: &quote) { (q) throws(Failure) in try emit(q) }
        var start = 0
        for index in bytes.indices {
            let byte = bytes[index]
            guard byte < 0x20 || byte == 0x22 || byte == 0x5C else { continue }
            if start < index { try emit(UnsafeRawBufferPointer(rebasing: bytes[start..<index])) }
            var escape: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) = (0x5C, 0, 0, 0, 0, 0)
            var length = 2
            switch byte {
            case 0x22, 0x5C: escape.1 = byte
            case 0x0A: escape.1 = UInt8(ascii: "n")
            case 0x0D: escape.1 = UInt8(ascii: "r")
            case 0x09: escape.1 = UInt8(ascii: "t")
            default:
                let high = byte >> 4, low = byte & 0xF
                escape = (0x5C, UInt8(ascii: "u"), 0x30, 0x30, high + 0x30, low < 10 ? low + 0x30 : low + 0x57)
                length = 6
            }
            try withUnsafeBytes(of: &escape) { (e) throws(Failure) in try emit(UnsafeRawBufferPointer(rebasing: e[0..<length])) }
            start = index + 1
        }
        if start < bytes.count { try emit(UnsafeRawBufferPointer(rebasing: bytes[start...])) }
        try withUnsafeBytes(of: &quote) { (q) throws(Failure) in try emit(q) }
    }
}
