/// The last bytes of a stream: an action's stderr is read to its end, whatever its size, but
/// only its last `capacity` bytes are kept for the message (100 MB of stderr used to be held
/// whole and echoed).
struct TailBuffer {
    let capacity: Int
    private var bytes: [UInt8] = []
    /// Bytes seen in all, to say when some were dropped.
    private(set) var total = 0

    init(capacity: Int) {
        self.capacity = capacity
        bytes.reserveCapacity(capacity * 2)
    }

    mutating func append(_ chunk: UnsafeBufferPointer<UInt8>) {
        total += chunk.count
        bytes.append(contentsOf: chunk.suffix(capacity))
        // Trimmed in batches, so that appending stays linear.
        if bytes.count > capacity * 2 { bytes.removeFirst(bytes.count - capacity) }
    }

    /// The kept text: the last `capacity` bytes, from the first whole UTF-8 character on,
    /// with "…" in front when earlier bytes were dropped.
    var text: String {
        var kept = bytes.suffix(capacity)
        while let first = kept.first, first & 0xC0 == 0x80 { kept = kept.dropFirst() }
        let body = String(decoding: kept, as: UTF8.self)
        return total > kept.count ? "…" + body : body
    }
}
