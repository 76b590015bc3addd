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
        format(millisecondsSince1970: millisecondsNow())
    }

    /// The current time in whole milliseconds since 1970: what a stored timestamp keeps.
    package static func millisecondsNow() -> Int64 {
        var spec = timespec()
        clock_gettime(CLOCK_REALTIME, &spec)
        return Int64(spec.tv_sec) * 1000 + Int64(spec.tv_nsec) / 1_000_000
    }

    /// The instant `millisecondsSince1970` names, as `parse` gives it for its formatted text.
    package static func date(millisecondsSince1970 ms: Int64) -> Date {
        Date(timeIntervalSince1970: Double(ms) / 1000)
    }

    package static func format(_ date: Date) -> String {
        format(millisecondsSince1970: Int64((date.timeIntervalSince1970 * 1000).rounded(.down)))
    }

    package static func format(millisecondsSince1970 ms: Int64) -> String {
        let (days, msOfDay) = floorDivide(ms, 86_400_000)
        let (year, month, day) = civilDate(daysSince1970: days)
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
        parseFields(bytes)?.date
    }

    /// The date of `text`, in the stored format, and the text `format` gives for it: `text`
    /// itself unless its day is past its month's end. A store reading a million rows keeps
    /// the text it read rather than formatting the date again for every export.
    /// (`2026-02-31` and second 60 count on, as in `parse`, so their text is formatted.)
    package static func parseKeepingText(_ text: String) -> (date: Date, text: String)? {
        var copy = text
        guard let fields = copy.withUTF8({ parseFields(UnsafeRawBufferPointer($0)) }) else { return nil }
        return (fields.date, fields.isCanonical ? text : format(fields.date))
    }

    /// Whether `bytes` are a timestamp in the stored format that `format` would give back as
    /// they are (`parseKeepingText` keeps them).
    package static func isCanonical(_ bytes: UnsafeRawBufferPointer) -> Bool {
        fields(bytes)?.isCanonical == true
    }

    private static func daysIn(month: Int64, of year: Int64) -> Int64 {
        switch month {
        case 2: return year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    private static func parseFields(_ bytes: UnsafeRawBufferPointer) -> (date: Date, isCanonical: Bool)? {
        guard let fields = fields(bytes) else { return nil }
        // A day past the month's end counts on into the next month, as timegm counts it.
        let seconds = (daysSince1970(year: fields.year, month: fields.month, day: fields.day) * 24 + fields.hour) * 3600
            + fields.minute * 60 + fields.second
        return (Date(timeIntervalSince1970: Double(seconds * 1000 + fields.millis) / 1000), fields.isCanonical)
    }

    private struct Fields {
        var year, month, day, hour, minute, second, millis: Int64
        var isCanonical: Bool
    }

    private static func fields(_ bytes: UnsafeRawBufferPointer) -> Fields? {
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
        guard bytes[4] == 45, bytes[7] == 45, bytes[10] == 84, bytes[13] == 58, bytes[16] == 58, bytes[19] == 46, bytes[23] == 90,
              let year = number(0, 4), let month = number(5, 2), let day = number(8, 2),
              let hour = number(11, 2), let minute = number(14, 2), let second = number(17, 2),
              let millis = number(20, 3),
              (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 61
        else { return nil }
        return Fields(year: year, month: month, day: day, hour: hour, minute: minute, second: second, millis: millis,
                      isCanonical: second < 60 && day <= daysIn(month: month, of: year))
    }

    // The proleptic Gregorian calendar by arithmetic (H. Hinnant's days_from_civil and
    // civil_from_days), as gmtime_r and timegm count it: they took a lock and the time zone
    // machinery per call, which a dump paid twice per row. Field values have their own
    // calendar in FormCore, whose years run from 1 to 9999 on any platform.

    /// Days from 1970-01-01 to the given date.
    static func daysSince1970(year: Int64, month: Int64, day: Int64) -> Int64 {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The date `days` after 1970-01-01.
    static func civilDate(daysSince1970 days: Int64) -> (year: Int64, month: Int64, day: Int64) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    private static func floorDivide(_ a: Int64, _ b: Int64) -> (Int64, Int64) {
        let q = a / b, r = a % b
        return r < 0 ? (q - 1, r + b) : (q, r)
    }
}
