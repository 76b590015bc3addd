import Glibc
import Secrets

/// Submission UUIDs as lower-case text: RFC 9562 version 7, the milliseconds since 1970 in
/// the first 48 bits and 74 random bits from the kernel's CSPRNG (read 4 KiB at a time).
///
/// Time-ordered, so a new row's uuid lands at the end of the `uuid` index. Random (version 4)
/// ones landed on a random page of it: with more rows than the page cache holds, every insert
/// read a page back and every commit wrote pages it had written before (a third of an import's
/// time; an import of 200,000 rows wrote 40,000 pages more than this does). The random bits
/// still make a uuid unguessable, and nothing is reached by a uuid alone; what it tells is
/// the millisecond the row was stored, which the row's `created_at` says anyway.
///
/// Reading 16 bytes per UUID (or 8 per `SystemRandomNumberGenerator.next()`) is one system call
/// each; buffering makes a million-row import spend its time in SQLite, not in the kernel.
/// Not thread-safe: each store keeps one under its lock (SQLite: the writer's; PostgreSQL: a
/// mutex of its own, as its saves run concurrently).
package struct SubmissionUUID {
    package init() {}

    private var buffer = [UInt8](repeating: 0, count: 4096)
    private var position = 4096

    /// A uuid for a row stored `milliseconds` after 1970: the instant its `created_at` says,
    /// so the two agree and the clock is read once per row (or once per batch).
    package mutating func next(milliseconds: Int64) -> String {
        let milliseconds = UInt64(max(0, milliseconds))
        if position + 16 > buffer.count { refill() }
        let start = position
        position += 16
        return buffer.withUnsafeBufferPointer { random in
            String(unsafeUninitializedCapacity: 36) { out in
                let hex: StaticString = "0123456789abcdef"
                let digits = hex.utf8Start
                var o = 0
                for i in 0..<16 {
                    var byte = i < 6 ? UInt8(truncatingIfNeeded: milliseconds >> UInt64(8 * (5 - i))) : random[start + i]
                    if i == 6 { byte = (byte & 0x0F) | 0x70 }  // version 7
                    if i == 8 { byte = (byte & 0x3F) | 0x80 }  // RFC 9562 variant
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
