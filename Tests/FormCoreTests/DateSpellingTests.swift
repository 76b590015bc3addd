import Testing

@testable import FormCore

/// Dates, times and date-times typed the usual ways are stored in one canonical form per mode,
/// so that equal instants are equal text in every export.
@Suite struct DateSpellingTests {
    static func stored(_ text: String, mode: String) throws -> FormValue? {
        let form = try CompiledForm(definition: try FormDefinition(json: #"{"sections": [{"elements": [{"type": "date", "key": "d", "mode": "\#(mode)"}]}]}"#))
        let filled = form.fill(FormInput(overrides: [FieldOverride(key: "d", text: text)]))
        return filled.errors.isEmpty ? filled.valuesToStore.value(at: try ValuePath(parsing: "d")) : nil
    }

    @Test(arguments: [
        "2026-11-22T10:00", "2026-11-22T10:00:00Z", "2026-11-22 10:00", "2026-11-22 10:00:00", "2026-11-22t10:00z",
        "2026-11-22T12:00+02:00", "2026-11-22T12:00:00+0200", "2026-11-22T12:00+02", "2026-11-22T05:00-05:00",
        "2026-11-22 10:00:00.250Z", "2026/11/22 10:00", "2026-11-22 10:00 am",
    ])
    func dateTimesBecomeUTCWithSecondsAndZ(text: String) throws {
        #expect(try Self.stored(text, mode: "DateAndTime") == "2026-11-22T10:00:00Z")
    }

    @Test(arguments: [("10:00", "10:00:00"), ("9:05", "09:05:00"), ("09:05:07", "09:05:07"), ("9:05 pm", "21:05:00"),
                      ("12:00 AM", "00:00:00"), ("12:30pm", "12:30:00"), ("23:59:59.999", "23:59:59"), ("2026-11-22T10:00:00+01:00", "09:00:00")])
    func timesBecomeHoursMinutesSeconds(text: String, canonical: String) throws {
        #expect(try Self.stored(text, mode: "Time") == .string(canonical))
    }

    @Test(arguments: ["2026-11-22", "2026/11/22", "2026-11-22T10:00:00Z", "2026-11-22 22:00-01:00"])
    func datesBecomeYearMonthDay(text: String) throws {
        #expect(try Self.stored(text, mode: "Date") == "2026-11-22")
    }

    @Test(arguments: ["22/11/2026", "2026-13-01", "2026-02-30", "25:00", "10:60", "13:00 pm", "2026-11-22T10:00+25:00", "tomorrow", "2026-11-22T"])
    func otherTextIsRefusedWithTheFormat(text: String) throws {
        #expect(try Self.stored(text, mode: text.contains(":") && !text.contains("-") ? "Time" : "DateAndTime") == nil)
    }

    @Test func aTimeFieldSaysItWantsATime() throws {
        let form = try CompiledForm(definition: try FormDefinition(json: #"{"sections": [{"elements": [{"type": "date", "key": "t", "mode": "Time"}, {"type": "date", "key": "d"}]}]}"#))
        let filled = form.fill(FormInput(overrides: [FieldOverride(key: "t", text: "2026-11-22"), FieldOverride(key: "d", text: "soon")]))
        #expect(filled.errors.map(\.description).sorted() == ["d: must be a date as YYYY-MM-DD", "t: must be a time as HH:MM[:SS]"])
    }
}
