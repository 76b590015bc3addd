import FormCore
import FormStore
import Foundation

extension SubmissionQuery {
    /// A range bound as `dump --since/--until` and `serve`'s `since`/`until` take it: a date
    /// (midnight UTC) or a date-time in the spellings ISODate reads, to the second; no zone is UTC.
    public static func time(_ text: String) -> Date? {
        ISODate(parsing: text, mode: "DateAndTime").map { Date(timeIntervalSince1970: TimeInterval($0.seconds)) }
    }
}
