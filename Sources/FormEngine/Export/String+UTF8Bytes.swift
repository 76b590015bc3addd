extension String {
    /// The string's UTF-8 bytes, without copying when it is stored contiguously (as the
    /// strings a store hands back are), for writers that take raw bytes.
    func utf8Bytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        var copy = self
        return try copy.withUTF8 { try body(UnsafeRawBufferPointer($0)) }
    }

    /// `utf8Bytes` for a body that throws an export's error, kept typed (`withUTF8` rethrows
    /// untyped).
    func exportUTF8Bytes<R>(_ body: (UnsafeRawBufferPointer) throws(ExportError) -> R) throws(ExportError) -> R {
        var copy = self
        return try copy.withUTF8 { bytes in Result { () throws(ExportError) -> R in try body(UnsafeRawBufferPointer(bytes)) } }.get()
    }
}
