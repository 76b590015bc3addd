/// Strict UTF-8: every input formctl reads must be valid, and a bad byte is an error naming where
/// it is, never a silent U+FFFD that would then be stored as if someone had typed it.
enum UTF8Validation {
    /// The length of the well-formed sequence whose lead byte is at `index` (2 to 4), or nil
    /// when the bytes there are not valid UTF-8 (stray continuation, overlong form, surrogate,
    /// past U+10FFFF, or cut short). Call only for a lead byte of 0x80 or more.
    static func sequenceLength(at index: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        let lead = bytes[index]
        let length: Int
        // The second byte's range narrows for the leads that could start an overlong form, a
        // surrogate or a scalar past U+10FFFF (the Unicode standard's table 3-7).
        var secondRange: ClosedRange<UInt8> = 0x80...0xBF
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0: length = 3; secondRange = 0xA0...0xBF
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED: length = 3; secondRange = 0x80...0x9F
        case 0xF0: length = 4; secondRange = 0x90...0xBF
        case 0xF1...0xF3: length = 4
        case 0xF4: length = 4; secondRange = 0x80...0x8F
        default: return nil
        }
        guard index + length <= bytes.count, secondRange.contains(bytes[index + 1]) else { return nil }
        for offset in 2..<length where bytes[index + offset] & 0xC0 != 0x80 { return nil }
        return length
    }

    /// The offset of the first byte that is not part of valid UTF-8, or nil when all are valid.
    static func firstInvalidOffset(in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        var index = 0
        while index < bytes.count {
            if bytes[index] < 0x80 {
                index += 1
                continue
            }
            guard let length = sequenceLength(at: index, in: bytes) else { return index }
            index += length
        }
        return nil
    }
}
