/// The bytes of one output of an export (the JSON, or one CSV table) collected in one buffer
/// and handed to its sink between rows, once the buffer holds `batchBytes`: a row is written
/// field by field without a call, an allocation or an `await` per field, and memory holds one
/// batch (plus one row) whatever the number of rows.
final class ExportBuffer {
    /// How much collects before it goes to the sink.
    static let batchBytes = 1 << 18

    /// Nil for a buffer whose bytes are taken (`takeBytes()`) rather than flushed.
    private var sink: (any ExportSink)?
    private var buffer: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    private var count = 0

    init(sink: any ExportSink) {
        self.sink = sink
        capacity = Self.batchBytes + Self.batchBytes / 4
        buffer = .allocate(capacity: capacity)
    }

    /// A buffer that collects rows rendered away from the sink (on another core), whose
    /// bytes are then taken whole; it grows past `capacity` as needed.
    init(collecting capacity: Int) {
        sink = nil
        self.capacity = max(capacity, 64)
        buffer = .allocate(capacity: self.capacity)
    }

    /// Every byte collected so far, leaving the buffer empty.
    func takeBytes() -> [UInt8] {
        defer { count = 0 }
        return Array(UnsafeBufferPointer(start: buffer, count: count))
    }

    deinit { buffer.deallocate() }

    @inline(__always)
    func write(_ byte: UInt8) {
        if count == capacity { grow(to: count + 1) }
        buffer[count] = byte
        count += 1
    }

    func write(_ bytes: UnsafeRawBufferPointer) {
        guard let base = bytes.baseAddress, bytes.count > 0 else { return }
        if bytes.count > capacity - count { grow(to: count + bytes.count) }
        (buffer + count).update(from: base.assumingMemoryBound(to: UInt8.self), count: bytes.count)
        count += bytes.count
    }

    func write(_ text: String) {
        var text = text
        text.withUTF8 { write(UnsafeRawBufferPointer($0)) }
    }

    /// A decimal integer, without making a String.
    func write(_ number: Int64) {
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)
        var magnitude = number.magnitude
        withUnsafeMutableBytes(of: &digits) { out in
            var index = out.count
            repeat {
                index -= 1
                out[index] = UInt8(truncatingIfNeeded: 48 + magnitude % 10)
                magnitude /= 10
            } while magnitude > 0
            if number < 0 {
                index -= 1
                out[index] = UInt8(ascii: "-")
            }
            write(UnsafeRawBufferPointer(rebasing: out[index...]))
        }
    }

    /// `bytes` as a JSON string literal, escaped by FormCore's JSONWriter.
    func writeJSONString(_ bytes: UnsafeRawBufferPointer) {
        // Most texts an export writes (ids, names, timestamps, states) need no escape: copied
        // whole between quotes, rather than run by run through the escaper.
        if !bytes.contains(where: { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C }) {
            write(UInt8(ascii: "\""))
            write(bytes)
            write(UInt8(ascii: "\""))
            return
        }
        JSONWriter.writeStringLiteral(bytes) { (run: UnsafeRawBufferPointer) in write(run) }
    }

    /// Whether a batch has collected: checked between rows, which then `flush()`, so the
    /// common row costs a comparison rather than an `await`.
    var isFull: Bool { count >= Self.batchBytes }

    /// Hands `chunk` (whole rows made elsewhere) to the sink after the bytes collected so far,
    /// without copying it into the buffer.
    func write(chunk: [UInt8]) async throws {
        try await flush()
        guard !chunk.isEmpty else { return }
        try await sink?.write(chunk)
    }

    /// Hands every byte collected so far to the sink.
    func flush() async throws {
        guard count > 0, sink != nil else { return }
        let chunk = takeBytes()
        try await sink?.write(chunk)
    }

    /// Room for a row longer than what is left of the buffer.
    private func grow(to needed: Int) {
        var larger = capacity * 2
        while larger < needed { larger *= 2 }
        let moved = UnsafeMutablePointer<UInt8>.allocate(capacity: larger)
        moved.update(from: buffer, count: count)
        buffer.deallocate()
        buffer = moved
        capacity = larger
    }
}
