/// Lets the first pass of a CSV export skip rows whose values have the structure of a row it has
/// already walked: most rows of a form share a handful of structures, and parsing every row's
/// values twice (once per pass) made the export twice as slow.
///
/// A row's structure is its values' JSON with every scalar replaced by a marker and whitespace
/// dropped: the keys (as spelt), the braces, brackets and commas, so an empty array, an array
/// of objects and a value where another row has an object differ. The first pass needs nothing
/// else from a row (its columns and repeats follow from its structure). Structures are kept as
/// 64-bit hashes; if two ever collided, the second pass would meet a value with no column and
/// stop with an error rather than drop it.
struct CSVShapeCache {
    private var seen = Set<Int>()
    private var skeleton: [UInt8] = []
    /// Structures kept at most: past this, rows are simply walked, so memory stays bounded.
    static let maximumKept = 100_000

    init() {
        skeleton.reserveCapacity(1024)
    }

    /// False if a row of this structure was seen before; true for a new one, and for values the
    /// scan does not understand (the full parse then judges them).
    mutating func isNew(_ json: UnsafeRawBufferPointer) -> Bool {
        guard Self.skeleton(of: json, into: &skeleton) else { return true }
        var hasher = Hasher()
        skeleton.withUnsafeBytes { hasher.combine(bytes: $0) }
        let hash = hasher.finalize()
        if seen.contains(hash) { return false }
        if seen.count < Self.maximumKept { seen.insert(hash) }
        return true
    }

    /// The structure of `json` into `out`; false if the text ends inside a string.
    static func skeleton(of json: UnsafeRawBufferPointer, into out: inout [UInt8]) -> Bool {
        out.removeAll(keepingCapacity: true)
        let quote = UInt8(ascii: "\""), backslash = UInt8(ascii: "\\")
        var index = 0
        while index < json.count {
            let byte = json[index]
            switch byte {
            case UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: ","):
                out.append(byte)
                index += 1
            case 0x20, 0x09, 0x0A, 0x0D:
                index += 1
            case quote:
                let start = index
                index += 1
                while index < json.count, json[index] != quote {
                    index += json[index] == backslash ? 2 : 1
                }
                guard index < json.count else { return false }
                index += 1
                var next = index
                while next < json.count, isSpace(json[next]) { next += 1 }
                if next < json.count, json[next] == UInt8(ascii: ":") {
                    // A key: kept as spelt, with the colon that marks it.
                    out.append(contentsOf: UnsafeRawBufferPointer(rebasing: json[start..<index]))
                    out.append(UInt8(ascii: ":"))
                    index = next + 1
                } else {
                    out.append(UInt8(ascii: "s"))
                }
            default:
                // A number, true, false or null: up to the next delimiter.
                out.append(UInt8(ascii: "v"))
                while index < json.count, !isDelimiter(json[index]) { index += 1 }
            }
        }
        return true
    }

    private static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }

    /// What ends a number, true, false or null.
    private static func isDelimiter(_ byte: UInt8) -> Bool {
        isSpace(byte) || byte == UInt8(ascii: ",") || byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]")
    }
}
