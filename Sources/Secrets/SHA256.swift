/// SHA-256 (FIPS 180-4), used for migration checksums and form definition content hashes.
///
/// Written here rather than pulled from swift-crypto: we hash a few kilobytes at a time, and
/// the dependency would add a minute to every clean build.
package struct SHA256 {
    private var state: [UInt32] = [
        0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
    ]
    private var pending: [UInt8] = []
    private var totalBytes: UInt64 = 0

    private static let k: [UInt32] = [
        0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
        0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
        0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
        0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
        0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
        0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
        0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
        0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
    ]

    /// An empty hash, to feed with `update` piece by piece (a file as it arrives).
    package init() {}

    /// Adds `bytes` to what is hashed.
    package mutating func update<Bytes: Sequence>(_ bytes: Bytes) where Bytes.Element == UInt8 {
        let done: Void? = bytes.withContiguousStorageIfAvailable { buffer in update(UnsafeRawBufferPointer(buffer)) }
        guard done == nil else { return }
        for byte in bytes { withUnsafeBytes(of: byte) { update($0) } }
    }

    /// Adds `buffer` to what is hashed: whole 64-byte blocks straight from the buffer, so a
    /// large file costs no copy of its bytes.
    package mutating func update(_ buffer: UnsafeRawBufferPointer) {
        guard let base = buffer.baseAddress, !buffer.isEmpty else { return }
        totalBytes &+= UInt64(buffer.count)
        var offset = 0
        if !pending.isEmpty {
            let take = min(64 - pending.count, buffer.count)
            pending.append(contentsOf: UnsafeRawBufferPointer(rebasing: buffer[0..<take]))
            offset = take
            guard pending.count == 64 else { return }
            let block = pending
            block.withUnsafeBytes { compress($0.baseAddress!) }
            pending.removeAll(keepingCapacity: true)
        }
        while buffer.count - offset >= 64 {
            compress(base + offset)
            offset += 64
        }
        if offset < buffer.count { pending.append(contentsOf: UnsafeRawBufferPointer(rebasing: buffer[offset...])) }
    }

    /// The digest of everything added; the hash is spent after it.
    package mutating func finalize() -> [UInt8] {
        let bitLength = totalBytes &* 8
        var padding: [UInt8] = [0x80]
        while (pending.count + padding.count) % 64 != 56 { padding.append(0) }
        for shift in stride(from: 56, through: 0, by: -8) { padding.append(UInt8(truncatingIfNeeded: bitLength >> UInt64(shift))) }
        update(padding)
        var digest: [UInt8] = []
        digest.reserveCapacity(32)
        for word in state {
            for shift in stride(from: 24, through: 0, by: -8) { digest.append(UInt8(truncatingIfNeeded: word >> UInt32(shift))) }
        }
        return digest
    }

    /// The lower-case hex digest of everything added; the hash is spent after it.
    package mutating func finalizeHex() -> String {
        let hexDigits = Array("0123456789abcdef".utf8)
        var out: [UInt8] = []
        out.reserveCapacity(64)
        for byte in finalize() {
            out.append(hexDigits[Int(byte >> 4)])
            out.append(hexDigits[Int(byte & 0x0F)])
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Lower-case hex digest of the UTF-8 bytes of `text`.
    package static func hex(of text: String) -> String { hex(ofBytes: text.utf8) }

    /// Lower-case hex digest of `bytes`.
    package static func hex<Bytes: Sequence>(ofBytes bytes: Bytes) -> String where Bytes.Element == UInt8 {
        var hasher = SHA256()
        hasher.update(bytes)
        return hasher.finalizeHex()
    }

    /// One 64-byte block at `block`. Pointers rather than arrays for the schedule and the
    /// constants, and rotations written out: a debug build (which tests use) checks every
    /// array access and calls every helper, and hashed a few MB/s otherwise.
    private mutating func compress(_ block: UnsafeRawPointer) {
        Self.k.withUnsafeBufferPointer { constants in
            withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 64) { schedule in
                guard let k = constants.baseAddress, let w = schedule.baseAddress else { return }
                let bytes = block.assumingMemoryBound(to: UInt8.self)
                for i in 0..<16 {
                    w[i] = UInt32(bytes[i &* 4]) << 24 | UInt32(bytes[i &* 4 &+ 1]) << 16 | UInt32(bytes[i &* 4 &+ 2]) << 8
                        | UInt32(bytes[i &* 4 &+ 3])
                }
                for i in 16..<64 {
                    let x = w[i &- 15], y = w[i &- 2]
                    let s0 = (x >> 7 | x << 25) ^ (x >> 18 | x << 14) ^ (x >> 3)
                    let s1 = (y >> 17 | y << 15) ^ (y >> 19 | y << 13) ^ (y >> 10)
                    w[i] = w[i &- 16] &+ s0 &+ w[i &- 7] &+ s1
                }
                var (a, b, c, d, e, f, g, h) = (state[0], state[1], state[2], state[3], state[4], state[5], state[6], state[7])
                for i in 0..<64 {
                    let s1 = (e >> 6 | e << 26) ^ (e >> 11 | e << 21) ^ (e >> 25 | e << 7)
                    let choice = (e & f) ^ (~e & g)
                    let t1 = h &+ s1 &+ choice &+ k[i] &+ w[i]
                    let s0 = (a >> 2 | a << 30) ^ (a >> 13 | a << 19) ^ (a >> 22 | a << 10)
                    let majority = (a & b) ^ (a & c) ^ (b & c)
                    h = g; g = f; f = e; e = d &+ t1
                    d = c; c = b; b = a; a = t1 &+ s0 &+ majority
                }
                state[0] &+= a; state[1] &+= b; state[2] &+= c; state[3] &+= d
                state[4] &+= e; state[5] &+= f; state[6] &+= g; state[7] &+= h
            }
        }
    }
}
