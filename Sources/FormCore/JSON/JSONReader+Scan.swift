extension JSONReader {
    /// Checks that `bytes` are one JSON document, by the same grammar and with the same
    /// `JSONSyntaxError` as `parse(bytes:)`, without building its values (nothing is allocated
    /// but for the rare number past 10^308, converted to learn whether it is out of range).
    /// Returns whether the document is an object.
    ///
    /// For a reader that must vouch for stored JSON it then copies as it is (a dump's rows).
    package static func scanIsObject(bytes: UnsafeBufferPointer<UInt8>) throws(JSONSyntaxError) -> Bool {
        var scanner = Parser<Scanning>(bytes, recordLocations: false)
        _ = try scanner.parseDocument()
        // The document is valid, so its first byte after the mark and whitespace says its kind.
        scanner.index = scanner.byteOrderMarkLength
        scanner.skipWhitespace()
        return scanner.peek() == UInt8(ascii: "{")
    }

    /// Checks UTF-8 bytes as `scanIsObject(bytes:)` does.
    package static func scanIsObject(bytes: [UInt8]) throws(JSONSyntaxError) -> Bool {
        let result = bytes.withUnsafeBufferPointer { buffer in
            Result { () throws(JSONSyntaxError) in try scanIsObject(bytes: buffer) }
        }
        return try result.get()
    }

    /// Whether a parser makes values of what it reads.
    protocol ParseMode {
        static var buildsValues: Bool { get }
    }

    /// `parse`: every value is made.
    enum BuildingValues: ParseMode {
        static var buildsValues: Bool { true }
    }

    /// `scanIsObject`: the bytes are only checked; every value comes back as `.null`.
    enum Scanning: ParseMode {
        static var buildsValues: Bool { false }
    }
}

extension JSONReader.Parser {
    /// The member name for an error message: the one read, or when scanning (which reads no
    /// names), the one at `start` read again, on this path only.
    func memberName(_ key: String, at start: Int) -> String {
        if Mode.buildsValues { return key }
        var reader = JSONReader.Parser<JSONReader.BuildingValues>(bytes, recordLocations: false)
        reader.index = start
        return (try? reader.parseString()) ?? key
    }
}
