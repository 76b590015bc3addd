import Foundation
import Testing
@testable import FormStore
import Secrets

@Suite struct SupportTests {
    @Test(arguments: [
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        ("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
         "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"),
    ])
    func sha256MatchesTheStandardVectors(input: String, digest: String) {
        #expect(SHA256.hex(of: input) == digest)
    }

    /// RFC 4231's test cases 2 (a short key) and 6 (a key longer than the block, hashed first).
    @Test func hmacMatchesTheStandardVectors() {
        func hex(_ bytes: [UInt8]) -> String { bytes.map { String(format: "%02x", $0) }.joined() }
        #expect(hex(SHA256.hmac(key: Array("Jefe".utf8), message: Array("what do ya want for nothing?".utf8)))
            == "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843")
        #expect(hex(SHA256.hmac(key: [UInt8](repeating: 0xaa, count: 131),
                                message: Array("Test Using Larger Than Block-Size Key - Hash Key First".utf8)))
            == "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54")
    }

    @Test func sha256OfAMillionAs() {
        #expect(SHA256.hex(of: String(repeating: "a", count: 1_000_000))
            == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    @Test func timestampsFormatAndParseExactly() throws {
        #expect(Timestamp.format(millisecondsSince1970: 0) == "1970-01-01T00:00:00.000Z")
        #expect(Timestamp.format(millisecondsSince1970: 951_782_400_123) == "2000-02-29T00:00:00.123Z")
        #expect(Timestamp.format(millisecondsSince1970: -1) == "1969-12-31T23:59:59.999Z")
        // Agrees with Foundation's formatter across many instants.
        let reference = ISO8601DateFormatter()
        reference.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        for ms in stride(from: Int64(-2_000_000_000_000), to: 4_000_000_000_000, by: 97_654_321_987) {
            let text = Timestamp.format(millisecondsSince1970: ms)
            #expect(text == reference.string(from: Date(timeIntervalSince1970: Double(ms) / 1000)))
            #expect(Timestamp.parse(text).map { Int64(($0.timeIntervalSince1970 * 1000).rounded()) } == ms)
        }
        #expect(Timestamp.parse("2026-11-21T21:05:03Z") == nil)
        #expect(Timestamp.parse("2026-13-21T21:05:03.123Z") == nil)
        #expect(Timestamp.parse("2026-11-21 21:05:03.123Z") == nil)
    }

    /// The calendar arithmetic names the same day as the C library's, from year 1 to 9999,
    /// and reads a day past a month's end (or second 60) as timegm does.
    @Test func timestampCalendarAgreesWithTheCLibrary() throws {
        for days in stride(from: Int64(-719_162), through: 2_932_896, by: 997) {
            var midnight = time_t(days * 86_400)
            var parts = tm()
            gmtime_r(&midnight, &parts)
            let civil = Timestamp.civilDate(daysSince1970: days)
            #expect(civil.year == Int64(parts.tm_year) + 1900 && civil.month == Int64(parts.tm_mon) + 1
                    && civil.day == Int64(parts.tm_mday), "\(days)")
            #expect(Timestamp.daysSince1970(year: civil.year, month: civil.month, day: civil.day) == days)
        }
        for text in ["2026-02-31T10:00:00.000Z", "2024-02-30T23:59:60.500Z", "0001-01-01T00:00:00.000Z", "9999-12-31T23:59:59.999Z"] {
            var parts = tm()
            let fields = text.split(whereSeparator: { "-T:.Z".contains($0) }).compactMap { Int32($0) }
            parts.tm_year = fields[0] - 1900
            parts.tm_mon = fields[1] - 1
            parts.tm_mday = fields[2]
            parts.tm_hour = fields[3]
            parts.tm_min = fields[4]
            parts.tm_sec = fields[5]
            let expected = Double(Int64(timegm(&parts)) * 1000 + Int64(fields[6])) / 1000
            #expect(Timestamp.parse(text)?.timeIntervalSince1970 == expected, "\(text)")
        }
    }

    /// A store keeps the text it read when formatting its date gives that text back, and
    /// formats the date when the text counts on past a month's end or a minute's.
    @Test func parseKeepingTextGivesWhatFormatWouldGive() throws {
        for text in ["2026-11-21T21:05:03.123Z", "2024-02-29T00:00:00.000Z", "2026-04-30T23:59:59.999Z", "2026-02-29T10:00:00.000Z",
                     "2026-04-31T10:00:00.000Z", "2024-02-30T23:59:60.500Z", "2026-12-31T23:59:60.000Z", "1900-02-29T00:00:00.000Z",
                     "2000-02-29T00:00:00.000Z"] {
            let kept = try #require(Timestamp.parseKeepingText(text), "\(text)")
            #expect(kept.date == Timestamp.parse(text))
            #expect(kept.text == Timestamp.format(kept.date), "\(text)")
        }
        #expect(Timestamp.parseKeepingText("2026-11-21T21:05:03.123Z")?.text == "2026-11-21T21:05:03.123Z")
        #expect(Timestamp.parseKeepingText("2026-02-29T10:00:00.000Z")?.text == "2026-03-01T10:00:00.000Z")
        #expect(Timestamp.parseKeepingText("2026-13-21T21:05:03.123Z") == nil)
    }

    @Test func nowIsCloseToTheSystemClock() throws {
        let parsed = try #require(Timestamp.parse(Timestamp.now()))
        #expect(abs(parsed.timeIntervalSinceNow) < 2)
    }

    @Test func uuidsAreVersion7AndDistinct() {
        var generator = SubmissionUUID()
        var seen = Set<String>()
        let now = Timestamp.millisecondsNow()
        for _ in 0..<10_000 {
            let text = generator.next(milliseconds: now)
            let parsed = UUID(uuidString: text)
            #expect(parsed != nil && parsed?.uuidString.lowercased() == text)
            #expect(Array(text)[14] == "7")
            #expect("89ab".contains(Array(text)[19]))
            seen.insert(text)
        }
        #expect(seen.count == 10_000)
    }

    /// The first 48 bits are the milliseconds since 1970, so uuids sort as their rows were
    /// stored (a later millisecond, a later uuid) and new rows land at the end of the index.
    @Test func uuidsCarryTheirMillisecondAndSortByIt() throws {
        var generator = SubmissionUUID()
        let instants: [Int64] = [0, 1, 255, 256, 1_795_000_000_000, 1_795_000_000_001, 1 << 47, (1 << 48) - 1]
        let uuids = instants.map { generator.next(milliseconds: $0) }
        #expect(uuids == uuids.sorted())
        #expect(uuids.first?.hasPrefix("00000000-0000-7") == true && uuids.last?.hasPrefix("ffffffff-ffff-7") == true)
    }
}
