/// `%.Nf` without Foundation or C varargs: the exact decimal value of the double, rounded half
/// to even at N decimals, which is what printf prints (so 2.675 gives "2.67" at two decimals,
/// because the double is 2.67499999…).
///
/// A double is `mantissa * 2^exponent`; scaled by 10^N it is `mantissa * 5^N * 2^(exponent+N)`,
/// an integer shifted left or right, which a tiny unsigned big integer does exactly.
enum ExpressionFixedPoint {
    /// The digits of `|value|` with `precision` decimals; the caller adds the sign. Finite only.
    static func digits(of value: Double, precision: Int) -> String {
        let magnitude = abs(value)
        let exponentBits = Int(magnitude.exponentBitPattern)
        let fraction = magnitude.significandBitPattern
        let mantissa = exponentBits == 0 ? fraction : fraction | (1 << 52)
        let exponent = exponentBits == 0 ? -1074 : exponentBits - 1075
        var number = BigUnsigned(mantissa)
        for _ in 0..<precision { number.multiply(by: 5) }
        let shift = exponent + precision
        if shift >= 0 { number.shiftLeft(shift) } else { number.shiftRightRoundingHalfEven(-shift) }
        var text = number.decimalString
        if text.count <= precision { text = String(repeating: "0", count: precision + 1 - text.count) + text }
        guard precision > 0 else { return text }
        let point = text.index(text.endIndex, offsetBy: -precision)
        return text[..<point] + "." + text[point...]
    }
}

/// Just enough of an arbitrary-precision unsigned integer for `ExpressionFixedPoint`:
/// little-endian 32-bit words.
struct BigUnsigned {
    private(set) var words: [UInt32]

    init(_ value: UInt64) {
        words = [UInt32(truncatingIfNeeded: value), UInt32(truncatingIfNeeded: value >> 32)]
        normalize()
    }

    private mutating func normalize() {
        while let last = words.last, last == 0 { words.removeLast() }
    }

    mutating func multiply(by factor: UInt32) {
        var carry: UInt64 = 0
        for i in words.indices {
            let product = UInt64(words[i]) * UInt64(factor) + carry
            words[i] = UInt32(truncatingIfNeeded: product)
            carry = product >> 32
        }
        if carry > 0 { words.append(UInt32(carry)) }
    }

    mutating func shiftLeft(_ bits: Int) {
        guard !words.isEmpty, bits > 0 else { return }
        let wordShift = bits / 32, bitShift = UInt32(bits % 32)
        var result = [UInt32](repeating: 0, count: wordShift)
        var carry: UInt32 = 0
        for word in words {
            result.append(bitShift == 0 ? word : (word << bitShift) | carry)
            carry = bitShift == 0 ? 0 : word >> (32 - bitShift)
        }
        if carry > 0 { result.append(carry) }
        words = result
    }

    func bit(_ position: Int) -> Bool {
        let word = position / 32
        return word < words.count && (words[word] >> UInt32(position % 32)) & 1 == 1
    }

    /// Divides by 2^bits, rounding to nearest and ties to even.
    mutating func shiftRightRoundingHalfEven(_ bits: Int) {
        let half = bit(bits - 1)
        var sticky = false
        for position in 0..<max(0, min(bits - 1, words.count * 32)) where bit(position) {
            sticky = true
            break
        }
        let wordShift = bits / 32, bitShift = UInt32(bits % 32)
        var result: [UInt32] = []
        if wordShift < words.count {
            for i in wordShift..<words.count {
                let high: UInt32 = i + 1 < words.count && bitShift > 0 ? words[i + 1] << (32 - bitShift) : 0
                result.append((words[i] >> bitShift) | high)
            }
        }
        words = result
        normalize()
        if half && (sticky || bit(0)) { addOne() }
    }

    private mutating func addOne() {
        for i in words.indices {
            words[i] &+= 1
            if words[i] != 0 { return }
        }
        words.append(1)
    }

    var decimalString: String {
        var remaining = words
        var chunks: [UInt32] = []
        while !remaining.isEmpty {
            var remainder: UInt64 = 0
            for i in remaining.indices.reversed() {
                let current = (remainder << 32) | UInt64(remaining[i])
                remaining[i] = UInt32(current / 1_000_000_000)
                remainder = current % 1_000_000_000
            }
            chunks.append(UInt32(remainder))
            while let last = remaining.last, last == 0 { remaining.removeLast() }
        }
        guard let top = chunks.last else { return "0" }
        var text = String(top)
        for chunk in chunks.dropLast().reversed() {
            let part = String(chunk)
            text += String(repeating: "0", count: 9 - part.count) + part
        }
        return text
    }
}
