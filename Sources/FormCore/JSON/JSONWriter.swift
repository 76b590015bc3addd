/// Writes a `FormValue` as JSON text, keeping key order.
package struct JSONWriter {
    /// Pretty output indents by two spaces and puts each member on its own line.
    package enum Style: Sendable { case compact, pretty }

    package static func string(_ value: FormValue, style: Style = .compact) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(64)
        write(value, style: style, into: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends the JSON of `value` to `out`; the fast path for exports.
    package static func write(_ value: FormValue, style: Style = .compact, into out: inout [UInt8]) {
        write(value, style: style, indent: 0, into: &out)
    }

    static func write(_ value: FormValue, style: Style, indent: Int, into out: inout [UInt8]) {
        switch value {
        case .null: out.append(contentsOf: "null".utf8)
        case .bool(let b): out.append(contentsOf: (b ? "true" : "false").utf8)
        case .int(let i): out.append(contentsOf: String(i).utf8)
        case .double(let d): writeDouble(d, into: &out)
        case .string(let s): writeString(s, into: &out)
        case .array(let items):
            if items.isEmpty { out.append(contentsOf: "[]".utf8); return }
            out.append(UInt8(ascii: "["))
            for (position, item) in items.enumerated() {
                if position > 0 { out.append(UInt8(ascii: ",")) }
                newline(style, indent + 1, &out)
                write(item, style: style, indent: indent + 1, into: &out)
            }
            newline(style, indent, &out)
            out.append(UInt8(ascii: "]"))
        case .object(let members):
            if members.isEmpty { out.append(contentsOf: "{}".utf8); return }
            out.append(UInt8(ascii: "{"))
            var first = true
            for (key, member) in members {
                if !first { out.append(UInt8(ascii: ",")) }
                first = false
                newline(style, indent + 1, &out)
                writeString(key, into: &out)
                out.append(UInt8(ascii: ":"))
                if style == .pretty { out.append(UInt8(ascii: " ")) }
                write(member, style: style, indent: indent + 1, into: &out)
            }
            newline(style, indent, &out)
            out.append(UInt8(ascii: "}"))
        }
    }

    static func newline(_ style: Style, _ indent: Int, _ out: inout [UInt8]) {
        guard style == .pretty else { return }
        out.append(0x0A)
        out.append(contentsOf: repeatElement(UInt8(ascii: " "), count: indent * 2))
    }

    /// Shortest text that reads back as the same double; whole doubles keep their `.0` so that
    /// a round trip does not turn a double into an integer. JSON has no NaN or infinity: null.
    static func writeDouble(_ d: Double, into out: inout [UInt8]) {
        guard d.isFinite else { out.append(contentsOf: "null".utf8); return }
        out.append(contentsOf: d.description.utf8)
    }

    static func writeString(_ s: String, into out: inout [UInt8]) {
        var s = s
        s.withUTF8 { text in
            writeStringLiteral(UnsafeRawBufferPointer(text)) { (run: UnsafeRawBufferPointer) in out.append(contentsOf: run) }
        }
    }
}

extension FormValue {
    /// This value as JSON text.
    public func jsonString(pretty: Bool = false) -> String {
        JSONWriter.string(self, style: pretty ? .pretty : .compact)
    }

    /// Parses JSON text, keeping key order.
    public init(json: String) throws(JSONSyntaxError) {
        self = try JSONReader.parse(json)
    }
}
