import FormCore
import FormStore
import Foundation

extension SubmissionQuery {
    /// A range bound as `dump --since/--until` and `serve`'s `since`/`until` take it: a date
    /// (midnight UTC) or a date-time in the spellings ISODate reads, to the millisecond (the
    /// precision rows are stored and listed with, so the last `created_at` read can be the next
    /// `since`); no zone is UTC.
    public static func time(_ text: String) -> Date? {
        guard let date = ISODate(parsing: text, mode: "DateAndTime") else { return nil }
        // ISODate keeps whole seconds, as a form's date fields store them: the fraction is read here.
        return Date(timeIntervalSince1970: TimeInterval(date.seconds) + Double(fractionMilliseconds(of: text)) / 1000)
    }

    /// The milliseconds of a time's fraction of a second (`10:00:31.999Z` has 999, `,5` 500;
    /// digits past the third are dropped, as the stored times have none): the first `.` or `,`
    /// after the date, followed by a digit. 0 without one.
    static func fractionMilliseconds(of text: String) -> Int {
        let bytes = Array(text.utf8)
        guard let separator = bytes.firstIndex(where: { $0 == UInt8(ascii: "T") || $0 == UInt8(ascii: "t") || $0 == UInt8(ascii: " ") })
        else { return 0 }
        func isDigit(_ index: Int) -> Bool { index < bytes.count && bytes[index] >= UInt8(ascii: "0") && bytes[index] <= UInt8(ascii: "9") }
        guard let point = bytes[separator...].firstIndex(where: { $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: ",") }), isDigit(point + 1)
        else { return 0 }
        var milliseconds = 0
        for place in 1...3 { milliseconds = milliseconds * 10 + (isDigit(point + place) ? Int(bytes[point + place] - UInt8(ascii: "0")) : 0) }
        return milliseconds
    }
}
