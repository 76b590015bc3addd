import Testing

@testable import FormCore

/// `ISODate.formatted` writes its digits into one buffer; it gives what joining padded
/// Strings gave, in every mode, across the years a date may have, and `normalized` reads a
/// date alone once and gives what reading it in every form gives.
struct DateFormattingTests {
    /// The text of `date` in `mode`, written the long way.
    static func formattedTheLongWay(_ date: ISODate, mode: String?) -> String? {
        guard ISODate.writableSeconds.contains(date.seconds) else { return nil }
        func pad(_ number: Int, _ width: Int) -> String {
            let digits = String(number)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        let days = date.seconds >= 0 ? date.seconds / 86_400 : -((-date.seconds + 86_399) / 86_400)
        let second = date.seconds - days * 86_400
        let time = pad(second / 3600, 2) + ":" + pad(second / 60 % 60, 2) + ":" + pad(second % 60, 2)
        let (year, month, day) = ISODate.civil(fromDays: days)
        let text = pad(year, 4) + "-" + pad(month, 2) + "-" + pad(day, 2)
        switch mode {
        case "Time": return time
        case "Date": return text
        default: return text + "T" + time + "Z"
        }
    }

    static let modes: [String?] = [nil, "Date", "Time", "DateAndTime"]

    @Test func everyModeWritesWhatPaddedStringsWrote() throws {
        let range = ISODate.writableSeconds
        var seconds: [Int] = [range.lowerBound, range.upperBound, range.lowerBound - 1, range.upperBound + 1, 0, -1, 86_399, 86_400]
        // A spread over the whole range, every year's length and every time of day among them.
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<20_000 { seconds.append(Int.random(in: range, using: &generator)) }
        for value in seconds {
            var date = try #require(ISODate(parsing: "1970-01-01"))
            date.seconds = value
            for mode in Self.modes {
                #expect(date.formatted(mode: mode) == Self.formattedTheLongWay(date, mode: mode), "\(value) \(mode ?? "nil")")
            }
        }
    }

    @Test(arguments: ["2026-06-02", "0001-01-01", "9999-12-31", " 2026-6-2 ", "2026/11/22", "2024-02-29", "2026-02-29", "1200",
                      "2026-11-22T10:00:00Z", "10:00", "T10:00"])
    func aDateAloneIsReadOnce(text: String) {
        for mode in Self.modes {
            for written in [false, true] {
                // What `normalized` gave before it used the date it had read already.
                let dateAlone = ISODate(parsing: text, mode: "Date")
                var expected: String?
                if mode == nil, let dateAlone {
                    expected = dateAlone.formatted(mode: "Date")
                } else if mode == "Time", dateAlone != nil, !written {
                    expected = nil
                } else if let (parsed, hasDate) = ISODate.parseAnyForm(text), hasDate || mode == "Time" {
                    expected = parsed.formatted(mode: mode)
                }
                #expect(ISODate.normalized(text, mode: mode, writtenInDefinition: written) == expected, "\(text) \(mode ?? "nil") \(written)")
            }
        }
    }
}
