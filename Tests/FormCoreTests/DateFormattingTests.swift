import Testing

@testable import FormCore

/// `ISODate.formatted` writes its digits into one buffer; it gives what joining padded
/// Strings gave, in every mode, across the years a date may have, and `normalized` reads a
/// date alone once and gives what reading it in every form gives. A date already written as
/// stored (`YYYY-MM-DD`) is read by a shortcut that gives what the general reader gives.
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

    /// Texts shaped like a stored date, valid or not: every day of leap and common years at the
    /// range's ends and around 1970, impossible days and months, year 0000, a letter or a sign
    /// in place of a digit, other separators, and each with a leading space, which the
    /// shortcut never takes (the general reader trims it and must then agree).
    static func storedShapedTexts() -> [String] {
        func pad(_ number: Int, _ width: Int) -> String {
            let digits = String(number)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        var texts: [String] = []
        for year in [0, 1, 4, 100, 1900, 1969, 1970, 2000, 2024, 2026, 9999] {
            for month in 0...13 {
                for day in [0, 1, 9, 10, 28, 29, 30, 31, 32] { texts.append("\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))") }
            }
        }
        texts += ["2026-O6-02", "2026-06-0x", "+026-06-02", "2026/06/02", "2026-06_02", "20260602xx", "2026-06-2 ", "२०२६-०६-०२", "2026-06-02✓"]
        return texts + texts.map { " " + $0 }
    }

    @Test func aStoredDateIsReadByTheShortcutAsTheReaderReadsIt() {
        for text in Self.storedShapedTexts() {
            let shortcut = ISODate.canonicalDays(text)
            // The general reader, which the shortcut skips: the same text after a space.
            let general = ISODate(parsing: " " + text, mode: "Date")
            if let shortcut { #expect(shortcut * 86_400 == general?.seconds, "\(text)") }
            for mode in Self.modes {
                #expect(ISODate(parsing: text, mode: mode) == ISODate(parsing: " " + text, mode: mode), "\(text) \(mode ?? "nil")")
                for written in [false, true] {
                    #expect(ISODate.normalized(text, mode: mode, writtenInDefinition: written)
                                == ISODate.normalized(" " + text, mode: mode, writtenInDefinition: written), "\(text) \(mode ?? "nil")")
                }
            }
        }
        // The shortcut takes the valid stored dates, not only some of them.
        #expect(ISODate.canonicalDays("2024-02-29") != nil && ISODate.canonicalDays("0001-01-01") != nil)
        #expect(ISODate.canonicalDays("2026-02-29") == nil && ISODate.canonicalDays("0000-01-01") == nil)
    }
}
