import Foundation
import Testing

@testable import FormCore

/// The Codable adapter: a Swift model bound like form data, written to, and rebuilt.
@Suite struct CodableKeyValueAdapterTests {
    struct Address: Codable, Equatable {
        var street: String
        var city: String
        var zip: String?
    }

    struct Guest: Codable, Equatable {
        var name: String
        var age: Int
        var vegetarian: Bool
    }

    struct User: Codable, Equatable {
        var name: String
        var email: String
        var address: Address
        var guests: [Guest]
        var born: Date
        var rating: Double
    }

    static let user = User(
        name: "Ada", email: "ada@example.com",
        address: Address(street: "1 Rue Haute", city: "Paris", zip: nil),
        guests: [Guest(name: "Bob", age: 31, vegetarian: false), Guest(name: "Cy", age: 7, vegetarian: true)],
        born: Date(timeIntervalSince1970: 1_000_000_000), rating: 4.5)

    func path(_ text: String) throws -> ValuePath { try ValuePath(parsing: text) }

    @Test func encodesMembersInDeclarationOrder() throws {
        let adapter = try CodableKeyValueAdapter(Self.user)
        let keys = try #require(adapter.formValue.objectValue).keys
        #expect(Array(keys) == ["name", "email", "address", "guests", "born", "rating"])
        let guestKeys = try #require(adapter.value(at: path("guests[0]"))?.objectValue).keys
        #expect(Array(guestKeys) == ["name", "age", "vegetarian"])
        // Optional nil members are left out, as JSONEncoder does.
        #expect(adapter.value(at: try path("address.zip")) == nil)
    }

    @Test func readsLikeABinding() throws {
        let adapter = try CodableKeyValueAdapter(Self.user)
        #expect(adapter.value(at: try path("address.city")) == "Paris")
        #expect(adapter.value(at: try path("guests.1.name")) == "Cy")
        #expect(adapter.value(at: try path("guests.name")) == ["Bob", "Cy"])
        #expect(adapter.value(at: try path("guests.@sum.age")) == 38)
        #expect(adapter.value(at: try path("born")) == "2001-09-09T01:46:40Z")
        #expect(adapter.value(at: try path("rating")) == .double(4.5))
    }

    @Test func writesRoundTripIntoTheModel() throws {
        var adapter = try CodableKeyValueAdapter(Self.user)
        try adapter.setValue("Lyon", at: path("address.city"))
        try adapter.setValue("69001", at: path("address.zip"))
        try adapter.setValue(true, at: path("guests[0].vegetarian"))
        try adapter.setValue(["name": "Di", "age": 40, "vegetarian": false], at: path("guests[2]"))
        try adapter.setValue("2020-02-29T12:00:00Z", at: path("born"))
        // A decimal field hands back a double with no fraction for an Int member.
        try adapter.setValue(.double(32), at: path("guests.1.age"))

        var expected = Self.user
        expected.address.city = "Lyon"
        expected.address.zip = "69001"
        expected.guests[0].vegetarian = true
        expected.guests[1].age = 32
        expected.guests.append(Guest(name: "Di", age: 40, vegetarian: false))
        expected.born = Date(timeIntervalSince1970: 1_582_977_600)
        #expect(try adapter.decoded() == expected)
    }

    @Test func unchangedValueDecodesToTheOriginal() throws {
        let adapter = try CodableKeyValueAdapter(Self.user)
        #expect(try adapter.decoded() == Self.user)
    }

    @Test func aValueOfTheWrongTypeFailsToDecodeWithItsPath() throws {
        var adapter = try CodableKeyValueAdapter(Self.user)
        try adapter.setValue("thirty", at: path("guests[1].age"))
        #expect(throws: DecodingError.self) { try adapter.decoded() }
        do {
            _ = try adapter.decoded()
        } catch let DecodingError.typeMismatch(_, context) {
            #expect(context.codingPath.map(\.stringValue) == ["guests", "Index 1", "age"]
                || context.codingPath.map(\.stringValue) == ["guests", "1", "age"])
        }
    }

    @Test func writingThroughAnOperatorIsRefused() throws {
        var adapter = try CodableKeyValueAdapter(Self.user)
        #expect(throws: KeyValueCodingError.self) { try adapter.setValue(1, at: path("guests.@count")) }
    }

    @Test func worksThroughTheProtocol() throws {
        // Binding code only sees `KeyValueCoding`; a write through it must reach the model.
        func rename(_ data: inout some KeyValueCoding) throws {
            try data.setValue("Grace", at: ValuePath(parsing: "name"))
        }
        var adapter = try CodableKeyValueAdapter(Self.user)
        try rename(&adapter)
        #expect(try adapter.decoded().name == "Grace")
        #expect(adapter.formValue["name"] == "Grace")
    }

    @Test func specialFoundationTypesEncodeAsJSONEncoderDoes() throws {
        struct Blob: Codable, Equatable {
            var data: Data
            var link: URL
            var amount: Decimal
            var small: Int8
            var huge: UInt64
        }
        let link = try #require(URL(string: "https://example.com/a?b=c"))
        let amount = try #require(Decimal(string: "12.5"))
        let blob = Blob(data: Data([1, 2, 255]), link: link, amount: amount, small: -3, huge: UInt64.max)
        let value = try FormValueEncoder().encode(blob)
        #expect(value["data"] == "AQL/")
        #expect(value["link"] == "https://example.com/a?b=c")
        #expect(value["amount"] == .double(12.5))
        #expect(value["small"] == -3)
        #expect(value["huge"] == .double(Double(UInt64.max)))
        #expect(throws: EncodingError.self) { try FormValueEncoder().encode(["x": Double.nan]) }
    }
}
