/// `String(format:)` implemented here rather than through C varargs, so that a format written in
/// a definition can never read memory it was not given. The subset: `%d %i %u %x %X %f %F %s %@
/// %%`, flags `- 0 + space`, a width and a precision (both at most 100), and the length
/// modifiers `l ll h hh q z` (accepted and ignored, so Objective-C habits like `%ld` work).
/// The number of placeholders must equal the number of values.
enum ExpressionFormat {
    static let maxWidth = 100

    struct Spec {
        var leftAlign = false, zeroPad = false, plus = false, space = false
        var width = 0
        var precision: Int?
        var conversion: Character = "@"
    }

    static func format(_ pattern: String, _ arguments: [FormValue], column: Int) throws(ExpressionError) -> String {
        var out = ""
        var chars = pattern.makeIterator()
        var used = 0
        while let c = chars.next() {
            guard c == "%" else { out.append(c); continue }
            let spec = try parseSpec(&chars, column: column)
            if spec.conversion == "%" { out.append("%"); continue }
            guard used < arguments.count else {
                throw .evaluation("String(format:) has more placeholders than the \(arguments.count) value(s) given", at: column)
            }
            out += try render(arguments[used], spec, column: column)
            used += 1
        }
        guard used == arguments.count else {
            throw .evaluation("String(format:) has \(used) placeholder(s) but \(arguments.count) value(s)", at: column)
        }
        return out
    }

    private static func parseSpec(_ chars: inout String.Iterator, column: Int) throws(ExpressionError) -> Spec {
        var spec = Spec()
        var c = chars.next()
        flags: while let f = c {
            switch f {
            case "-": spec.leftAlign = true
            case "0": spec.zeroPad = true
            case "+": spec.plus = true
            case " ": spec.space = true
            default: break flags
            }
            c = chars.next()
        }
        spec.width = try number(&c, &chars, column: column) ?? 0
        if c == "." {
            c = chars.next()
            spec.precision = try number(&c, &chars, column: column) ?? 0
        }
        while let m = c, "lhqz".contains(m) { c = chars.next() }
        guard let conversion = c else { throw .evaluation("String(format:) ends inside a placeholder", at: column) }
        guard "diuxXfFs@%".contains(conversion) else {
            throw .evaluation("String(format:) does not support '%\(conversion)'; use %d %i %u %x %f %s %@ %%", at: column)
        }
        spec.conversion = conversion
        return spec
    }

    /// Digits at the iterator's position (the first already in `c`); at most `maxWidth`.
    private static func number(_ c: inout Character?, _ chars: inout String.Iterator, column: Int) throws(ExpressionError) -> Int? {
        var value: Int?
        while let d = c, d.isASCIIDigit, let digit = d.wholeNumberValue {
            value = (value ?? 0) * 10 + digit
            guard let v = value, v <= maxWidth else {
                throw .evaluation("String(format:) width and precision are at most \(maxWidth)", at: column)
            }
            c = chars.next()
        }
        return value
    }

    private static func render(_ value: FormValue, _ spec: Spec, column: Int) throws(ExpressionError) -> String {
        var sign = ""
        var body: String
        switch spec.conversion {
        case "s", "@":
            body = value.expressionText
            if let precision = spec.precision { body = String(body.prefix(precision)) }
            return pad(sign: "", body, spec, numeric: false)
        case "f", "F":
            guard let d = value.doubleValue else { throw mismatch(spec, value, column) }
            guard d.isFinite else { return pad(sign: "", d.isNaN ? "nan" : (d < 0 ? "-inf" : "inf"), spec, numeric: false) }
            body = ExpressionFixedPoint.digits(of: d, precision: spec.precision ?? 6)
            // As printf: a negative value keeps its sign even when it rounds to zero ("-0.0").
            if d.sign == .minus { sign = "-" }
        default:
            let i = try integer(value, spec, column: column)
            if spec.conversion == "x" || spec.conversion == "X" {
                body = String(UInt(bitPattern: i), radix: 16, uppercase: spec.conversion == "X")
            } else {
                body = String(i.magnitude)
                if i < 0 { sign = "-" }
            }
            if let precision = spec.precision, body.count < precision {
                body = String(repeating: "0", count: precision - body.count) + body
            }
        }
        if sign.isEmpty { sign = spec.plus ? "+" : (spec.space ? " " : "") }
        return pad(sign: sign, body, spec, numeric: true)
    }

    /// Integers for `%d %i %u %x`: a double is truncated toward zero, as C's `(int)` would.
    private static func integer(_ value: FormValue, _ spec: Spec, column: Int) throws(ExpressionError) -> Int {
        switch value {
        case .int(let i): return i
        case .double(let d) where d.isFinite && abs(d) < 9.2e18: return Int(d.rounded(.towardZero))
        default: throw mismatch(spec, value, column)
        }
    }

    private static func mismatch(_ spec: Spec, _ value: FormValue, _ column: Int) -> ExpressionError {
        .evaluation("String(format:) '%\(spec.conversion)' needs a number, found \(value.typeName)", at: column)
    }

    private static func pad(sign: String, _ body: String, _ spec: Spec, numeric: Bool) -> String {
        let length = sign.count + body.count
        guard length < spec.width else { return sign + body }
        let fill = spec.width - length
        if spec.leftAlign { return sign + body + String(repeating: " ", count: fill) }
        if spec.zeroPad && numeric { return sign + String(repeating: "0", count: fill) + body }
        return String(repeating: " ", count: fill) + sign + body
    }
}
