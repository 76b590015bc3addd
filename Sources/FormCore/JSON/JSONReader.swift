import OrderedCollections

/// A JSON parser that keeps object key order and, on request, where each value stood.
///
/// Foundation's parsers give unordered dictionaries and no positions; form definitions need both
/// (key order for `iterateproperties:` and round trips, positions for errors a person can find).
package struct JSONReader {
    /// Nesting deeper than this is refused rather than risking the stack.
    package static let maximumDepth = 512

    /// Parses `text`; throws `JSONSyntaxError` with line and column.
    ///
    /// An object that names a member twice keeps the last value, as most parsers do, unless
    /// `rejectingDuplicateKeys`: then it is an error naming the key. Answers are read that way,
    /// since a client that sends two values for one field cannot know which one was stored.
    package static func parse(_ text: String, rejectingDuplicateKeys: Bool = false) throws(JSONSyntaxError) -> FormValue {
        var text = text
        let result = text.withUTF8 { buffer in
            Result { () throws(JSONSyntaxError) in try parse(bytes: buffer, rejectingDuplicateKeys: rejectingDuplicateKeys) }
        }
        return try result.get()
    }

    /// Parses UTF-8 bytes (see `parse(_:rejectingDuplicateKeys:)`).
    package static func parse(bytes: UnsafeBufferPointer<UInt8>, rejectingDuplicateKeys: Bool = false) throws(JSONSyntaxError) -> FormValue {
        var reader = Parser<BuildingValues>(bytes, recordLocations: false)
        reader.rejectsDuplicateKeys = rejectingDuplicateKeys
        return try reader.parseDocument()
    }

    /// Parses UTF-8 bytes (see `parse(_:rejectingDuplicateKeys:)`).
    package static func parse(bytes: [UInt8], rejectingDuplicateKeys: Bool = false) throws(JSONSyntaxError) -> FormValue {
        let result = bytes.withUnsafeBufferPointer { buffer in
            Result { () throws(JSONSyntaxError) in try parse(bytes: buffer, rejectingDuplicateKeys: rejectingDuplicateKeys) }
        }
        return try result.get()
    }

    /// Parses `text` and records the location of every value by its JSON path
    /// (`sections[1].elements[0].type`; the root is the empty path).
    package static func parseWithLocations(_ text: String) throws(JSONSyntaxError) -> (FormValue, [String: SourceLocation]) {
        var text = text
        let result = text.withUTF8 { buffer in
            Result { () throws(JSONSyntaxError) in try parseWithLocations(bytes: buffer) }
        }
        return try result.get()
    }

    /// Parses UTF-8 bytes, recording locations as `parseWithLocations(_:)` does.
    package static func parseWithLocations(bytes: UnsafeBufferPointer<UInt8>) throws(JSONSyntaxError) -> (FormValue, [String: SourceLocation]) {
        var reader = Parser<BuildingValues>(bytes, recordLocations: true)
        let value = try reader.parseDocument()
        return (value, reader.locations)
    }

    /// Parses UTF-8 bytes, recording locations as `parseWithLocations(_:)` does.
    package static func parseWithLocations(bytes: [UInt8]) throws(JSONSyntaxError) -> (FormValue, [String: SourceLocation]) {
        let result = bytes.withUnsafeBufferPointer { buffer in
            Result { () throws(JSONSyntaxError) in try parseWithLocations(bytes: buffer) }
        }
        return try result.get()
    }
}

extension JSONReader {
    /// One grammar, two uses: `BuildingValues` makes the `FormValue`s, `Scanning` only checks
    /// the bytes, so a check gives exactly parse's verdict and error. The mode is a type rather
    /// than a stored flag so that each use is compiled on its own, with the other's steps gone.
    struct Parser<Mode: ParseMode> {
        let bytes: UnsafeBufferPointer<UInt8>
        var index = 0
        var depth = 0
        let recordLocations: Bool
        /// A member name given twice in one object is an error rather than the last one winning.
        var rejectsDuplicateKeys = false
        var locations: [String: SourceLocation] = [:]
        var path: [String] = []
        /// Where the last location was computed: positions are asked for in increasing order,
        /// so each one continues the count from the previous one and a whole document costs
        /// one pass, however long its lines.
        var cursor: (offset: Int, line: Int, column: Int)

        init(_ bytes: UnsafeBufferPointer<UInt8>, recordLocations: Bool) {
            self.bytes = bytes
            self.recordLocations = recordLocations
            cursor = (0, 1, 1)
            cursor = startCursor
        }

        /// An editor does not show a byte order mark: the first visible character is column 1.
        var startCursor: (offset: Int, line: Int, column: Int) { (byteOrderMarkLength, 1, 1) }

        mutating func parseDocument() throws(JSONSyntaxError) -> FormValue {
            // A UTF-8 byte order mark is legal noise at the start of a file.
            index = byteOrderMarkLength
            skipWhitespace()
            if index >= bytes.count { throw error("the document is empty") }
            let value = try parseValue()
            skipWhitespace()
            if index < bytes.count { throw error("unexpected \(describe(bytes[index])) after the end of the document") }
            return value
        }

        // MARK: Values

        mutating func parseValue() throws(JSONSyntaxError) -> FormValue {
            guard index < bytes.count else { throw error("unexpected end of input, expected a value") }
            if recordLocations { locations[path.joined()] = location(of: index) }
            switch bytes[index] {
            case UInt8(ascii: "{"): return try parseObject()
            case UInt8(ascii: "["): return try parseArray()
            case UInt8(ascii: "\""):
                let text = try parseString()
                return Mode.buildsValues ? .string(text) : .null
            case UInt8(ascii: "t"): try expectWord("true"); return .bool(true)
            case UInt8(ascii: "f"): try expectWord("false"); return .bool(false)
            case UInt8(ascii: "n"): try expectWord("null"); return .null
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
            case let byte where byte >= 0x80 && UTF8Validation.sequenceLength(at: index, in: bytes) == nil:
                throw invalidUTF8()
            case let byte: throw error("unexpected \(describe(byte)), expected a value")
            }
        }

        mutating func parseObject() throws(JSONSyntaxError) -> FormValue {
            try enterContainer()
            index += 1
            var object = OrderedDictionary<String, FormValue>()
            skipWhitespace()
            if peek() == UInt8(ascii: "}") {
                index += 1
                depth -= 1
                return Mode.buildsValues ? .object(object) : .null
            }
            while true {
                skipWhitespace()
                guard peek() == UInt8(ascii: "\"") else {
                    throw error(peek() == UInt8(ascii: "}") ? "trailing comma before '}'" : "expected a member name in double quotes")
                }
                let keyStart = index
                let key = try parseString()
                if rejectsDuplicateKeys, object[key] != nil {
                    index = keyStart
                    throw error("the member name \"\(key.excerpt())\" appears twice in this object; give each key once")
                }
                skipWhitespace()
                guard peek() == UInt8(ascii: ":") else {
                    throw error("expected ':' after the member name \"\(memberName(key, at: keyStart))\"")
                }
                index += 1
                skipWhitespace()
                if recordLocations { path.append(path.isEmpty ? key : "." + key) }
                let value = try parseValue()
                if recordLocations { path.removeLast() }
                if Mode.buildsValues { object[key] = value }
                skipWhitespace()
                switch peek() {
                case UInt8(ascii: ","): index += 1
                case UInt8(ascii: "}"):
                    index += 1
                    depth -= 1
                    return Mode.buildsValues ? .object(object) : .null
                case nil: throw error("unexpected end of input, expected ',' or '}' to close an object")
                default: throw error("expected ',' or '}' after an object member")
                }
            }
        }

        mutating func parseArray() throws(JSONSyntaxError) -> FormValue {
            try enterContainer()
            index += 1
            var array: [FormValue] = []
            skipWhitespace()
            if peek() == UInt8(ascii: "]") {
                index += 1
                depth -= 1
                return Mode.buildsValues ? .array(array) : .null
            }
            while true {
                skipWhitespace()
                if peek() == UInt8(ascii: "]") { throw error("trailing comma before ']'") }
                if recordLocations { path.append("[\(array.count)]") }
                let element = try parseValue()
                if Mode.buildsValues || recordLocations { array.append(element) }
                if recordLocations { path.removeLast() }
                skipWhitespace()
                switch peek() {
                case UInt8(ascii: ","): index += 1
                case UInt8(ascii: "]"):
                    index += 1
                    depth -= 1
                    return Mode.buildsValues ? .array(array) : .null
                case nil: throw error("unexpected end of input, expected ',' or ']' to close an array")
                default: throw error("expected ',' or ']' after an array element")
                }
            }
        }

        mutating func enterContainer() throws(JSONSyntaxError) {
            depth += 1
            if depth > JSONReader.maximumDepth {
                throw error("nesting deeper than \(JSONReader.maximumDepth) levels")
            }
        }

        mutating func expectWord(_ word: String) throws(JSONSyntaxError) {
            let start = index
            var matches = true
            for (offset, byte) in word.utf8.enumerated() where index + offset >= bytes.count || bytes[index + offset] != byte {
                matches = false
                break
            }
            let count = word.utf8.count
            guard matches else {
                index = start
                throw error("unexpected \(describe(bytes[start])), expected a value")
            }
            index += count
        }

        // MARK: Numbers

        mutating func parseNumber() throws(JSONSyntaxError) -> FormValue {
            let start = index
            var isInteger = true
            var exponent = 0
            if bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard let first = peek(), isDigit(first) else { throw error("expected a digit in a number") }
            if first == UInt8(ascii: "0"), let next = peek(at: index + 1), isDigit(next) {
                throw error("a number may not have a leading zero")
            }
            let integerStart = index
            while let byte = peek(), isDigit(byte) { index += 1 }
            let integerDigits = index - integerStart
            if peek() == UInt8(ascii: ".") {
                isInteger = false
                index += 1
                guard let byte = peek(), isDigit(byte) else { throw error("expected a digit after the decimal point") }
                while let byte = peek(), isDigit(byte) { index += 1 }
            }
            if peek() == UInt8(ascii: "e") || peek() == UInt8(ascii: "E") {
                isInteger = false
                index += 1
                var exponentSign = 1
                if peek() == UInt8(ascii: "+") || peek() == UInt8(ascii: "-") {
                    if peek() == UInt8(ascii: "-") { exponentSign = -1 }
                    index += 1
                }
                guard let byte = peek(), isDigit(byte) else { throw error("expected a digit in the exponent") }
                while let byte = peek(), isDigit(byte) {
                    exponent = min(exponent * 10 + Int(byte &- 48), 100_000)
                    index += 1
                }
                exponent *= exponentSign
            }
            let digits = UnsafeBufferPointer(rebasing: bytes[start..<index])
            // A number below 10^308 is finite, so only one that could be larger needs the
            // conversion (and its String) to learn whether it is out of range.
            if !Mode.buildsValues && integerDigits + exponent <= 308 { return .null }
            if isInteger, digits.count <= 18 {
                var value = 0
                var negative = false
                for byte in digits {
                    if byte == UInt8(ascii: "-") { negative = true } else { value = value * 10 + Int(byte &- 48) }
                }
                return .int(negative ? -value : value)
            }
            let text = String(decoding: digits, as: UTF8.self)
            if isInteger, let value = Int(text) { return .int(value) }
            guard let value = Double(text), value.isFinite else {
                index = start
                throw error("the number \(text) is out of range")
            }
            return .double(value)
        }

        /// 3 when the text starts with a UTF-8 byte order mark, else 0.
        var byteOrderMarkLength: Int {
            bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF ? 3 : 0
        }

        func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

        // MARK: Helpers

        func peek() -> UInt8? { index < bytes.count ? bytes[index] : nil }
        func peek(at position: Int) -> UInt8? { position < bytes.count ? bytes[position] : nil }

        mutating func skipWhitespace() {
            while index < bytes.count {
                switch bytes[index] {
                case 0x20, 0x0A, 0x0D, 0x09: index += 1
                default: return
                }
            }
        }

        func describe(_ byte: UInt8) -> String {
            if byte >= 0x20 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
            return "byte 0x" + String(byte, radix: 16)
        }

        /// Line and column of a byte offset; columns count Unicode scalars (what an editor shows
        /// as one character, but for combining marks), not bytes. The count resumes from the
        /// previous call, so locations in increasing order cost one pass over the text in all.
        mutating func location(of offset: Int) -> SourceLocation {
            let end = min(offset, bytes.count)
            if end < cursor.offset { cursor = startCursor }
            var (position, line, column) = cursor
            while position < end {
                let byte = bytes[position]
                if byte == 0x0A {
                    line += 1
                    column = 1
                } else if byte & 0xC0 != 0x80 {
                    // Every byte but a UTF-8 continuation byte starts a scalar.
                    column += 1
                }
                position += 1
            }
            cursor = (position, line, column)
            return SourceLocation(line: line, column: column)
        }

        mutating func error(_ message: String) -> JSONSyntaxError {
            let place = location(of: index)
            return JSONSyntaxError(line: place.line, column: place.column, message: message)
        }
    }
}
