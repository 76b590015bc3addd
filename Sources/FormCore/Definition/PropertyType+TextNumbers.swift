/// Numbers read out of text the way NSString's `doubleValue`, `floatValue` and `integerValue`
/// read them, which is what key-value coding calls when a string is set on a scalar property
/// (`QFloatElement.floatValue`, `QRadioElement.selected`) or what a setter calls on what it is
/// given (`setTicksValue:` takes `ticks.doubleValue`): white space skipped, then the longest
/// number at the start of the text, and 0 when none starts it. `"12 apples"` is 12, `"1.7"` is 1
/// as an integer, `"-3e2"` is -300 as a double and -3 as an integer, `"abc"` and `""` are 0.
extension PropertyType {
    /// NSString's `doubleValue`: an optional sign, digits with at most one decimal point, and an
    /// exponent only when digits follow its `e`. An integer when the number is whole and fits
    /// (`"-3e2"` is -300, as the number a person reads); 0 when no number starts the text, or when
    /// the number overflows (JSON holds no infinity).
    static func leadingNumber(_ text: String) -> FormValue {
        let bytes = Array(text.utf8)
        var index = bytes.firstIndex { !Self.isSpace($0) } ?? bytes.count
        var number = ""
        if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
            if bytes[index] == UInt8(ascii: "-") { number = "-" }
            index += 1
        }
        let whole = Self.digits(in: bytes, from: &index)
        var fraction = ""
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            var after = index + 1
            fraction = Self.digits(in: bytes, from: &after)
            if !whole.isEmpty || !fraction.isEmpty { index = after }
        }
        guard !whole.isEmpty || !fraction.isEmpty else { return .int(0) }
        number += (whole.isEmpty ? "0" : whole) + (fraction.isEmpty ? "" : "." + fraction)
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            var after = index + 1
            var sign = ""
            if after < bytes.count, bytes[after] == UInt8(ascii: "+") || bytes[after] == UInt8(ascii: "-") {
                sign = bytes[after] == UInt8(ascii: "-") ? "-" : ""
                after += 1
            }
            let exponent = Self.digits(in: bytes, from: &after)
            if !exponent.isEmpty { number += "e" + sign + exponent }
        }
        if let integer = Int(number) { return .int(integer) }
        guard let real = Double(number), real.isFinite else { return .int(0) }
        if real.rounded() == real, abs(real) < 9e15 { return .int(Int(real)) }
        return .double(real)
    }

    /// NSString's `integerValue`: an optional sign and the digits after it, nothing past them
    /// (`"1.7"` is 1, `"-3e2"` is -3); 0 when no digit starts the text; a number too large for an
    /// integer is the largest (or smallest) one, as NSString clamps it.
    static func leadingInteger(_ text: String) -> Int {
        let bytes = Array(text.utf8)
        var index = bytes.firstIndex { !Self.isSpace($0) } ?? bytes.count
        var negative = false
        if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
            negative = bytes[index] == UInt8(ascii: "-")
            index += 1
        }
        var result = 0
        while index < bytes.count, Self.isDigit(bytes[index]) {
            let digit = Int(bytes[index] - UInt8(ascii: "0"))
            let (times, overflowTimes) = result.multipliedReportingOverflow(by: 10)
            let (next, overflowPlus) = times.addingReportingOverflow(negative ? -digit : digit)
            if overflowTimes || overflowPlus { return negative ? Int.min : Int.max }
            result = next
            index += 1
        }
        return result
    }

    /// An integer property's reading of any value (NSInteger through key-value coding): a
    /// number's integer part, `true`/`false` as 1/0, text as `integerValue` reads it; nil for
    /// null and collections, which QuickDialog cannot set on an integer at all (it raises).
    static func setterInteger(_ value: FormValue) -> Int? {
        switch value {
        case .int, .double: return truncated(value)
        case .bool(let flag): return flag ? 1 : 0
        case .string(let text): return leadingInteger(text)
        case .null, .array, .object: return nil
        }
    }

    /// A scalar `float` or `double` property's reading of any value: numbers as they are,
    /// `true`/`false` as 1/0, text as `doubleValue` reads it; nil for null and collections.
    static func setterScalarNumber(_ value: FormValue) -> FormValue? {
        switch value {
        case .int, .double: return value
        case .bool(let flag): return .int(flag ? 1 : 0)
        case .string(let text): return leadingNumber(text)
        case .null, .array, .object: return nil
        }
    }

    /// The ASCII digits from `index` on, moving `index` past them.
    private static func digits(in bytes: [UInt8], from index: inout Int) -> String {
        let start = index
        while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r")
    }
}
