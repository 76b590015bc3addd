import Foundation
import Testing

@testable import FormCore

/// `FormValueDecoder` reads back whatever `FormValueEncoder` writes, and refuses what does not fit.
@Suite struct FormValueDecoderTests {
    enum Plan: String, Codable, Equatable { case free, pro }

    struct Everything: Codable, Equatable {
        var plan: Plan
        var grid: [[Int]]
        var tags: Set<String>
        var byName: [String: Double]
        var data: Data
        var link: URL
        var amount: Decimal
        var small: UInt8
        var ratio: Float
        var note: String?
        var flags: [Bool?]
    }

    @Test func whatTheEncoderWritesDecodesToTheSameValue() throws {
        let link = try #require(URL(string: "https://example.com/a?b=c"))
        let value = Everything(
            plan: .pro, grid: [[1, 2], [], [3]], tags: ["a"], byName: ["x": 0.5], data: Data([1, 2, 255]), link: link,
            amount: try #require(Decimal(string: "12.5")), small: 255, ratio: 0.25, note: nil, flags: [true, nil, false])
        let encoded = try FormValueEncoder().encode(value)
        #expect(try FormValueDecoder().decode(Everything.self, from: encoded) == value)
    }

    @Test func numbersMustFitTheirType() throws {
        let decoder = FormValueDecoder()
        #expect(throws: DecodingError.self) { try decoder.decode(UInt8.self, from: 256) }
        #expect(throws: DecodingError.self) { try decoder.decode(UInt.self, from: -1) }
        #expect(throws: DecodingError.self) { try decoder.decode(Int.self, from: 1.5) }
        #expect(throws: DecodingError.self) { try decoder.decode(Float.self, from: .double(1e300)) }
        #expect(throws: DecodingError.self) { try decoder.decode(Int.self, from: "12") }
        #expect(try decoder.decode(Int64.self, from: .double(-3)) == -3)
        #expect(try decoder.decode(Decimal.self, from: 0.1) == Decimal(string: "0.1"))
    }

    @Test func nullWhereAValueIsNeededIsValueNotFound() throws {
        struct Named: Decodable { var name: String }
        do {
            _ = try FormValueDecoder().decode(Named.self, from: ["name": nil])
            Issue.record("null decoded as a String")
        } catch DecodingError.valueNotFound(_, let context) {
            #expect(context.codingPath.map(\.stringValue) == ["name"])
        }
    }

    @Test func theAdapterDecodesWithoutJSON() throws {
        struct Person: Codable, Equatable { var name: String; var born: Date }
        var adapter = try CodableKeyValueAdapter(Person(name: "Ann", born: Date(timeIntervalSince1970: 0)))
        try adapter.setValue("1970-01-02", at: ValuePath(parsing: "born"))
        #expect(try adapter.decoded() == Person(name: "Ann", born: Date(timeIntervalSince1970: 86_400)))
    }
}
