import Testing

@testable import FormCore

/// Parsing key paths as binding strings write them.
@Suite struct ValuePathTests {
    typealias C = ValuePath.Component

    @Test(arguments: [
        ("a", [C.key("a")]),
        ("a.b", [.key("a"), .key("b")]),
        ("items.0.name", [.key("items"), .key("0"), .key("name")]),
        ("items[0].name", [.key("items"), .index(0), .key("name")]),
        ("items[12][3]", [.key("items"), .index(12), .index(3)]),
        ("matrix[1].row[2]", [.key("matrix"), .index(1), .key("row"), .index(2)]),
        (" user.name ", [.key("user"), .key("name")]),
        ("self", []),
        ("self.name", [.key("name")]),
        ("@count", [.collectionOperator(.count)]),
        ("items.@sum.price", [.key("items"), .collectionOperator(.sum), .key("price")]),
        ("items[0].@avg", [.key("items"), .index(0), .collectionOperator(.avg)]),
        ("with space.é", [.key("with space"), .key("é")]),
    ] as [(String, [C])])
    func parses(text: String, components: [C]) throws {
        #expect(try ValuePath(parsing: text).components == components)
    }

    @Test(arguments: [
        ("a..b", "empty component"),
        ("a.", "empty component"),
        (".a", "empty component"),
        ("", "empty"),
        ("   ", "empty"),
        ("a[x]", "non-negative integer"),
        ("a[-1]", "non-negative integer"),
        ("a[1", "non-negative integer"),
        ("[0]", "an index must follow a key"),
        ("a.[0]", "an index must follow a key"),
        ("a[0]b", "expected '.' or '['"),
        ("a.@bogus", "unknown collection operator @bogus"),
    ])
    func refuses(text: String, reason: String) throws {
        let error = try #require(throws: ValuePathError.self) { try ValuePath(parsing: text) }
        #expect(error.path == text)
        #expect(error.message.contains(reason), "message was: \(error.message)")
        // Text that does not parse reads as missing rather than crashing or matching something.
        let data: FormValue = ["a": ["b": 1]]
        #expect(data.value(atPath: text) == nil)
    }

    @Test func unknownOperatorListsTheKnownOnes() throws {
        let error = try #require(throws: ValuePathError.self) { try ValuePath(parsing: "@size") }
        for op in CollectionOperator.allCases { #expect(error.message.contains("@" + op.rawValue)) }
        #expect(error.description.hasPrefix("invalid key path '@size': "))
    }

    @Test(arguments: ["a", "a.b", "items[0].name", "items.@count", "@sum.price", "self", "a[1][2].c"])
    func descriptionParsesBackToTheSamePath(text: String) throws {
        let path = try ValuePath(parsing: text)
        #expect(path.description == text)
        #expect(try ValuePath(parsing: path.description) == path)
    }

    @Test func appending() throws {
        let base = try ValuePath(parsing: "items")
        #expect(base.appending(.index(2)).description == "items[2]")
        #expect(base.appending(try ValuePath(parsing: "a.b")).description == "items.a.b")
        #expect(ValuePath.this.isSelf && !base.isSelf)
    }
}
