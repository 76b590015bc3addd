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

    @Test func nowIsCloseToTheSystemClock() throws {
        let parsed = try #require(Timestamp.parse(Timestamp.now()))
        #expect(abs(parsed.timeIntervalSinceNow) < 2)
    }

    @Test func uuidsAreVersion4AndDistinct() {
        var generator = RandomUUID()
        var seen = Set<String>()
        for _ in 0..<10_000 {
            let text = generator.next()
            let parsed = UUID(uuidString: text)
            #expect(parsed != nil && parsed?.uuidString.lowercased() == text)
            #expect(Array(text)[14] == "4")
            #expect("89ab".contains(Array(text)[19]))
            seen.insert(text)
        }
        #expect(seen.count == 10_000)
    }
}
