#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Bytes from the kernel's CSPRNG: what UUIDs and the secrets formctl hands out are made of.
package enum SystemRandom {
    /// Fills `bytes` from /dev/urandom; without it (odd chroots), from the standard library's
    /// generator, which is slower but just as random.
    package static func fill(_ bytes: UnsafeMutableRawBufferPointer) {
        let filled: Bool = {
            let fd = open("/dev/urandom", O_RDONLY | O_CLOEXEC)
            guard fd >= 0, let base = bytes.baseAddress else { return false }
            defer { close(fd) }
            var done = 0
            while done < bytes.count {
                let n = read(fd, base + done, bytes.count - done)
                if n <= 0 { return false }
                done += n
            }
            return true
        }()
        if !filled {
            var generator = SystemRandomNumberGenerator()
            for index in bytes.indices { bytes[index] = UInt8.random(in: .min ... .max, using: &generator) }
        }
    }
}
