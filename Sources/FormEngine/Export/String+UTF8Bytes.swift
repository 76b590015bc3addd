extension String {
    /// The string's UTF-8 bytes, without copying when it is stored contiguously (as the
    /// strings a store hands back are), for writers that take raw bytes.
    func utf8Bytes<R, Failure: Error>(_ body: (UnsafeRawBufferPointer) throws(Failure) -> R) throws(Failure) -> R {
        var copy = self
        // withUTF8 rethrows untyped; a Result keeps the body's error type.
        return try copy.withUTF8 { bytes in Result { () throws(Failure) -> R in try body(UnsafeRawBufferPointer(bytes)) } }.get()
    }
}
