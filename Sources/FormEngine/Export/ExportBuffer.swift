/// The bytes of one output of an export (the JSON, or one CSV table) collected in one buffer
/// and handed to its sink between rows, once the buffer holds `batchBytes`: a row is written
/// field by field without a call, an allocation or an `await` per field, and memory holds one
/// batch (plus one row) whatever the number of rows.
final class ExportBuffer {
    /// How much collects before it goes to the sink.
    static let batchBytes = 1 << 18

    private var sink: any ExportSink
    private var buffer: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    private var count = 0

    init(sink: any ExportSink) {
        self.sink = sink
        capacity = Self.batchBytes + Self.batchBytes / 4
        buffer = .allocate(capacity: capacity)
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
        JSONWriter.writeStringLiteral(bytes) { (run: UnsafeRawBufferPointer) in write(run) }
    }

    /// Whether a batch has collected: checked between rows, which then `flush()`, so the
    /// common row costs a comparison rather than an `await`.
    var isFull: Bool { count >= Self.batchBytes }

    /// Hands every byte collected so far to the sink.
    func flush() async throws {
        guard count > 0 else { return }
        let chunk = Array(UnsafeBufferPointer(start: buffer, count: count))
        count = 0
        try await sink.write(chunk)
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
