#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// Timestamps as stored: ISO 8601 UTC with milliseconds, `2026-11-21T21:05:03.123Z`.
///
/// Fixed-width text sorts like time, so `--since` is a plain string comparison in SQL and a dump
/// prints the column as it is. Formatting and parsing are done by hand because DateFormatter
/// costs microseconds per call, which shows at a million rows.
package enum Timestamp {
    /// The current time, formatted.
    package static func now() -> String {
        var spec = timespec()
        clock_gettime(CLOCK_REALTIME, &spec)
        return format(millisecondsSince1970: Int64(spec.tv_sec) * 1000 + Int64(spec.tv_nsec) / 1_000_000)
    }

    package static func format(_ date: Date) -> String {
        format(millisecondsSince1970: Int64((date.timeIntervalSince1970 * 1000).rounded(.down)))
    }

    static func format(millisecondsSince1970 ms: Int64) -> String {
        let (days, msOfDay) = floorDivide(ms, 86_400_000)
        // The C library's calendar (gmtime_r) names the day; field values have their own
        // calendar in FormCore, whose years run from 1 to 9999 on any platform.
        var midnight = time_t(days * 86_400)
        var parts = tm()
        gmtime_r(&midnight, &parts)
        let year = Int64(parts.tm_year) + 1900, month = Int64(parts.tm_mon) + 1, day = Int64(parts.tm_mday)
        let clampedYear = min(max(year, 0), 9999)
        return String(unsafeUninitializedCapacity: 24) { out in
            func put(_ value: Int64, _ width: Int, at offset: Int) {
                var v = value
                for i in stride(from: offset + width - 1, through: offset, by: -1) {
                    out[i] = UInt8(truncatingIfNeeded: 48 + v % 10)
                    v /= 10
                }
            }
            put(clampedYear, 4, at: 0); out[4] = 45 /* - */
            put(month, 2, at: 5); out[7] = 45
            put(day, 2, at: 8); out[10] = 84 /* T */
            put(msOfDay / 3_600_000, 2, at: 11); out[13] = 58 /* : */
            put(msOfDay / 60_000 % 60, 2, at: 14); out[16] = 58
            put(msOfDay / 1000 % 60, 2, at: 17); out[19] = 46 /* . */
            put(msOfDay % 1000, 3, at: 20); out[23] = 90 /* Z */
            return 24
        }
    }

    /// Parses exactly the stored format; anything else is nil.
    package static func parse(_ text: String) -> Date? {
        var copy = text
        return copy.withUTF8 { parse(UnsafeRawBufferPointer($0)) }
    }

    static func parse(_ bytes: UnsafeRawBufferPointer) -> Date? {
        guard bytes.count == 24 else { return nil }
        func number(_ offset: Int, _ width: Int) -> Int64? {
            var value: Int64 = 0
            for i in offset..<offset + width {
                let digit = bytes[i] &- 48
                guard digit < 10 else { return nil }
                value = value * 10 + Int64(digit)
            }
            return value
        }
        let separators: [(Int, UInt8)] = [(4, 45), (7, 45), (10, 84), (13, 58), (16, 58), (19, 46), (23, 90)]
        guard separators.allSatisfy({ bytes[$0.0] == $0.1 }),
              let year = number(0, 4), let month = number(5, 2), let day = number(8, 2),
              let hour = number(11, 2), let minute = number(14, 2), let second = number(17, 2),
              let millis = number(20, 3),
              (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 61
        else { return nil }
        var parts = tm()
        parts.tm_year = Int32(year - 1900)
        parts.tm_mon = Int32(month - 1)
        parts.tm_mday = Int32(day)
        parts.tm_hour = Int32(hour)
        parts.tm_min = Int32(minute)
        parts.tm_sec = Int32(second)
        let ms = Int64(timegm(&parts)) * 1000 + millis
        return Date(timeIntervalSince1970: Double(ms) / 1000)
    }

    private static func floorDivide(_ a: Int64, _ b: Int64) -> (Int64, Int64) {
        let q = a / b, r = a % b
        return r < 0 ? (q - 1, r + b) : (q, r)
    }
}
