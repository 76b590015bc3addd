import Secrets

/// Random version-4 UUIDs as lower-case text, drawn from the kernel's CSPRNG in 4 KiB reads.
///
/// Reading 16 bytes per UUID (or 8 per `SystemRandomNumberGenerator.next()`) is one system call
/// each; buffering makes a million-row import spend its time in SQLite, not in the kernel.
/// Not thread-safe: each store keeps one under its lock.
struct RandomUUID {
    private var buffer = [UInt8](repeating: 0, count: 4096)
    private var position = 4096

    mutating func next() -> String {
        if position + 16 > buffer.count { refill() }
        let start = position
        position += 16
        return buffer.withUnsafeBufferPointer { random in
            String(unsafeUninitializedCapacity: 36) { out in
                let hex: StaticString = "0123456789abcdef"
                let digits = hex.utf8Start
                var o = 0
                for i in 0..<16 {
                    var byte = random[start + i]
                    if i == 6 { byte = (byte & 0x0F) | 0x40 }  // version 4
                    if i == 8 { byte = (byte & 0x3F) | 0x80 }  // RFC 4122 variant
                    if i == 4 || i == 6 || i == 8 || i == 10 { out[o] = 45; o += 1 }
                    out[o] = digits[Int(byte >> 4)]
                    out[o + 1] = digits[Int(byte & 0x0F)]
                    o += 2
                }
                return o
            }
        }
    }

    private mutating func refill() {
        position = 0
        buffer.withUnsafeMutableBytes { SystemRandom.fill($0) }
    }
}
