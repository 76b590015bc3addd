import FormCore

/// Reads a stored row's values (JSON already checked by `JSONReader.scanIsObject`) straight
/// into a table's cells: members are matched to columns by their key bytes, a string without
/// escapes becomes a cell pointing into the row, and only numbers, booleans, escaped strings
/// and arrays are parsed on their own. Nothing is built for the row as a whole.
///
/// It gives up (returns false) on whatever it leaves to the general path, which parses the row
/// into a `FormValue` and walks it, and which alone then decides what the row gives or which
/// error it is: a key with escapes, a key or value no column takes, a member given twice in one
/// object, an array where repeats have tables of their own. Every row is exactly what that path
/// would make of it.
struct CSVStoredRow {
    let bytes: UnsafeRawBufferPointer
    private var index = 0

    init(_ bytes: UnsafeRawBufferPointer) {
        self.bytes = bytes
    }

    /// Fills `cells` (all `.empty` when called) from the row, the text of escaped strings
    /// going to `decoded` (emptied first); false to leave the row to the general path.
    /// `arraysAreLeaves` is false where repeats have tables of their own.
    mutating func fill(_ cells: inout [CSVRowCells.Cell], decoded: inout [UInt8], keys: inout CSVKeyTree,
                       arraysAreLeaves: Bool) -> Bool {
        keys.beginRow()
        decoded.removeAll(keepingCapacity: true)
        skipWhitespace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: "{") else { return false }
        return members(of: 0, into: &cells, decoded: &decoded, keys: &keys, arraysAreLeaves: arraysAreLeaves)
    }

    /// The members of the object at `index`, the object of `node`.
    private mutating func members(of node: Int, into cells: inout [CSVRowCells.Cell], decoded: inout [UInt8],
                                  keys: inout CSVKeyTree, arraysAreLeaves: Bool) -> Bool {
        index += 1
        skipWhitespace()
        if bytes[index] == UInt8(ascii: "}") {
            index += 1
            return true
        }
        while true {
            skipWhitespace()
            let keyStart = index + 1
            guard skipString() else { return false }
            let key = UnsafeRawBufferPointer(rebasing: bytes[keyStart..<index - 1])
            skipWhitespace()
            index += 1  // the colon
            skipWhitespace()
            let first = bytes[index]
            if let found = keys.child(of: node, key: key) {
                if found.repeated { return false }
                let child = found.node
                if first == UInt8(ascii: "{") {
                    guard members(of: child, into: &cells, decoded: &decoded, keys: &keys, arraysAreLeaves: arraysAreLeaves)
                    else { return false }
                } else if first == UInt8(ascii: "n") {
                    // null: an empty cell, or nothing where the path has no column.
                    index += 4
                    if let column = keys.column(child) { cells[column] = .empty }
                } else {
                    guard let column = keys.column(child), let cell = leaf(first, decoded: &decoded, arraysAreLeaves: arraysAreLeaves)
                    else { return false }
                    cells[column] = cell
                }
            } else if first == UInt8(ascii: "n") {
                index += 4
            } else {
                return false
            }
            skipWhitespace()
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
                continue
            }
            index += 1  // the closing brace
            return true
        }
    }

    /// The cell of the value at `index` (not an object, not null), or nil to give up.
    private mutating func leaf(_ first: UInt8, decoded: inout [UInt8], arraysAreLeaves: Bool) -> CSVRowCells.Cell? {
        let start = index
        switch first {
        case UInt8(ascii: "\""):
            if skipString() { return .text(start + 1..<index - 1) }
            if let text = decodeString(into: &decoded) { return .decoded(text) }
            skipEscapedString()
        case UInt8(ascii: "["):
            guard arraysAreLeaves else { return nil }
            skipContainer()
        default:
            while index < bytes.count, !Self.endsScalar(bytes[index]) { index += 1 }
            // true, false and a small integer are written as they are spelt, as the parsed
            // value would write them (JSON gives an integer no leading zero).
            let spelling = UnsafeRawBufferPointer(rebasing: bytes[start..<index])
            if first == UInt8(ascii: "t") || first == UInt8(ascii: "f")
                || (spelling.count <= 18 && spelling.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) {
                return .literal(start..<index)
            }
        }
        let parsed = try? JSONReader.parse(bytes: UnsafeRawBufferPointer(rebasing: bytes[start..<index]).assumingMemoryBound(to: UInt8.self))
        return parsed.map { .value($0) }
    }

    /// Past the string at `index`; false (and left at its start) if it holds an escape.
    private mutating func skipString() -> Bool {
        var position = index + 1
        while bytes[position] != UInt8(ascii: "\"") {
            if bytes[position] == UInt8(ascii: "\\") { return false }
            position += 1
        }
        index = position + 1
        return true
    }

    /// The text of the string at `index`, whose escapes are the one-letter ones, appended to
    /// `decoded` (its range there), and `index` past it; nil (and `index` left) for a `\u`
    /// escape, which the parser decodes.
    private mutating func decodeString(into decoded: inout [UInt8]) -> Range<Int>? {
        let start = decoded.count
        var position = index + 1
        while bytes[position] != UInt8(ascii: "\"") {
            var byte = bytes[position]
            if byte == UInt8(ascii: "\\") {
                position += 1
                switch bytes[position] {
                case UInt8(ascii: "n"): byte = 0x0A
                case UInt8(ascii: "t"): byte = 0x09
                case UInt8(ascii: "r"): byte = 0x0D
                case UInt8(ascii: "b"): byte = 0x08
                case UInt8(ascii: "f"): byte = 0x0C
                case UInt8(ascii: "u"):
                    decoded.removeSubrange(start...)
                    return nil
                case let escaped: byte = escaped  // \" \\ and \/
                }
            }
            decoded.append(byte)
            position += 1
        }
        index = position + 1
        return start..<decoded.count
    }

    /// Past the string at `index`, escapes and all.
    private mutating func skipEscapedString() {
        index += 1
        while bytes[index] != UInt8(ascii: "\"") {
            index += bytes[index] == UInt8(ascii: "\\") ? 2 : 1
        }
        index += 1
    }

    /// Past the array or object at `index`, strings inside it included.
    private mutating func skipContainer() {
        var depth = 0
        repeat {
            switch bytes[index] {
            case UInt8(ascii: "["), UInt8(ascii: "{"): depth += 1; index += 1
            case UInt8(ascii: "]"), UInt8(ascii: "}"): depth -= 1; index += 1
            case UInt8(ascii: "\""): skipEscapedString()
            default: index += 1
            }
        } while depth > 0
    }

    private mutating func skipWhitespace() {
        while index < bytes.count, Self.isSpace(bytes[index]) { index += 1 }
    }

    private static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 }

    /// What ends a number, true or false.
    private static func endsScalar(_ byte: UInt8) -> Bool {
        isSpace(byte) || byte == UInt8(ascii: ",") || byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]")
    }
}
