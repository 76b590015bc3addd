/// An `application/x-www-form-urlencoded` body read strictly: `a=1&b=two+words&c=%C3%A9` as
/// pairs in order (repeated names kept), where a `%` not followed by two hex digits, or bytes
/// that are not UTF-8 once decoded, are errors naming the field, never dropped bytes or U+FFFD
/// stored as if someone had typed it.
package enum URLEncodedForm {
    /// The pairs of `bytes`; at most `maximumPairs`, counted before any is decoded.
    package static func pairs(_ bytes: UnsafeBufferPointer<UInt8>, maximumPairs: Int) throws(FlatAnswersError)
        -> [(name: String, value: String)]
    {
        var ranges: [Range<Int>] = []
        var start = 0
        for index in 0...bytes.count where index == bytes.count || bytes[index] == UInt8(ascii: "&") {
            if index > start {
                guard ranges.count < maximumPairs else {
                    throw FlatAnswersError(.bound, name: "", "the form has more than \(maximumPairs) fields (the limit per request)")
                }
                ranges.append(start..<index)
            }
            start = index + 1
        }
        var pairs: [(name: String, value: String)] = []
        pairs.reserveCapacity(ranges.count)
        for (number, range) in ranges.enumerated() {
            let pair = UnsafeBufferPointer(rebasing: bytes[range])
            let equals = pair.firstIndex(of: UInt8(ascii: "="))
            let rawName = UnsafeBufferPointer(rebasing: pair[..<(equals ?? pair.endIndex)])
            let name = try decode(rawName, field: number + 1, rawName: rawName, part: "name")
            var value = ""
            if let equals {
                value = try decode(UnsafeBufferPointer(rebasing: pair[(equals + 1)...]), field: number + 1, rawName: rawName, part: "value")
            }
            pairs.append((name, value))
        }
        return pairs
    }

    /// `+` as a space, `%XX` as the byte; the result must be UTF-8.
    static func decode(_ raw: UnsafeBufferPointer<UInt8>, field: Int, rawName: UnsafeBufferPointer<UInt8>, part: String)
        throws(FlatAnswersError) -> String
    {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(raw.count)
        var index = 0
        while index < raw.count {
            let byte = raw[index]
            switch byte {
            case UInt8(ascii: "+"): bytes.append(UInt8(ascii: " "))
            case UInt8(ascii: "%"):
                guard index + 2 < raw.count, let high = hexDigit(raw[index + 1]), let low = hexDigit(raw[index + 2]) else {
                    throw FlatAnswersError(.encoding, name: shown(rawName, field: field),
                                           "a '%' at byte \(index) of its \(part) is not followed by two hex digits")
                }
                bytes.append(high << 4 | low)
                index += 2
            default: bytes.append(byte)
            }
            index += 1
        }
        let text = bytes.withUnsafeBufferPointer { decoded in
            UTF8Validation.firstInvalidOffset(in: decoded) == nil ? String(decoding: decoded, as: UTF8.self) : nil
        }
        guard let text else {
            throw FlatAnswersError(.encoding, name: shown(rawName, field: field), "its \(part) is not valid UTF-8 once decoded")
        }
        return text
    }

    static func hexDigit(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }

    /// A field's name for an error: as sent when it is printable ASCII, else by its number.
    static func shown(_ rawName: UnsafeBufferPointer<UInt8>, field: Int) -> String {
        let printable = !rawName.isEmpty && rawName.allSatisfy { $0 >= 0x20 && $0 < 0x7F }
        return printable ? String(decoding: rawName, as: UTF8.self) : "#\(field)"
    }
}
