import Testing

@testable import FormCore

/// Reading, writing and removing through key paths, KVC operators included.
@Suite struct ValueAccessTests {
    static let data: FormValue = [
        "user": ["name": "Ada", "address": ["city": "Paris"]],
        "items": [
            ["name": "pen", "price": 2, "tags": ["a", "b"]],
            ["name": "ink", "price": 3.5, "tags": ["b"]],
            ["name": "pen", "price": 1, "tags": []],
        ],
        "scores": ["math": 12, "art": 17],
        "empty": [],
        "n": 5,
    ]

    func at(_ text: String, in value: FormValue = data) throws -> FormValue? {
        value.value(at: try ValuePath(parsing: text))
    }

    @Test func keysAndIndexes() throws {
        #expect(try at("user.name") == "Ada")
        #expect(try at("user.address.city") == "Paris")
        #expect(try at("items.1.name") == "ink")
        #expect(try at("items[1].name") == "ink")
        #expect(try at("items[0].tags[1]") == "b")
        #expect(try at("self") == Self.data)
        #expect(try at("self.user.self.name") == "Ada")
    }

    @Test func missingPathsAreNil() throws {
        #expect(try at("user.age") == nil)
        #expect(try at("nobody.name") == nil)
        #expect(try at("items.9.name") == nil)
        #expect(try at("items[3]") == nil)
        #expect(try at("items.-1") == nil)
        #expect(try at("n.x") == nil)
        #expect(try at("user[0]") == nil)
    }

    @Test func keyOnAnArrayMapsOverItsElements() throws {
        #expect(try at("items.name") == ["pen", "ink", "pen"])
        #expect(try at("items.tags") == [["a", "b"], ["b"], []])
        // An element without the key contributes null, keeping positions aligned.
        let mixed: FormValue = ["rows": [["a": 1], ["b": 2]]]
        #expect(try at("rows.a", in: mixed) == [1, nil])
    }

    @Test func countOperator() throws {
        #expect(try at("items.@count") == 3)
        #expect(try at("scores.@count") == 2)
        #expect(try at("empty.@count") == 0)
        #expect(try at("@count", in: [1, 2, 3, 4]) == 4)
        #expect(try at("n.@count") == nil)
    }

    @Test func sumAndAverage() throws {
        #expect(try at("items.@sum.price") == .double(6.5))
        #expect(try at("scores.@sum") == .int(29))
        #expect(try at("@sum", in: [1, 2, 3]) == .int(6))
        #expect(try at("items.@avg.price") == .double(6.5 / 3))
        #expect(try at("scores.@avg") == .double(14.5))
        #expect(try at("empty.@sum") == .int(0))
        #expect(try at("empty.@avg") == .null)
    }

    @Test func minAndMax() throws {
        #expect(try at("items.@min.price") == 1)
        #expect(try at("items.@max.price") == .double(3.5))
        #expect(try at("items.@min.name") == "ink")
        #expect(try at("items.@max.name") == "pen")
        #expect(try at("scores.@max") == 17)
        #expect(try at("empty.@max") == .null)
        #expect(try at("@min", in: [3, nil, -2, 8]) == -2)
    }

    @Test func unionOperators() throws {
        #expect(try at("items.@distinctUnionOfObjects.name") == ["pen", "ink"])
        #expect(try at("items.@unionOfObjects.name") == ["pen", "ink", "pen"])
        #expect(try at("@unionOfObjects.a", in: [["a": 1], ["b": 2], ["a": 1]]) == [1, 1])
        #expect(try at("@distinctUnionOfObjects.a", in: [["a": 1], ["b": 2], ["a": 1]]) == [1])
        #expect(try at("@allObjects.a", in: [["a": 1], ["b": 2]]) == [1, nil])
        #expect(try at("items.@allObjects") == Self.data["items"])
        #expect(try at("scores.@allObjects") == [12, 17])
    }

    @Test func setCreatesIntermediateObjectsAndArrays() throws {
        var value = FormValue.emptyObject
        try value.setValue("Lyon", at: ValuePath(parsing: "user.address.city"))
        try value.setValue("x", at: ValuePath(parsing: "rows[1].name"))
        try value.setValue(true, at: ValuePath(parsing: "flags[0]"))
        #expect(value == ["user": ["address": ["city": "Lyon"]], "rows": [nil, ["name": "x"]], "flags": [true]])
    }

    @Test func setReplacesInPlaceKeepingKeyOrder() throws {
        var value = Self.data
        try value.setValue("Bea", at: ValuePath(parsing: "user.name"))
        try value.setValue(9, at: ValuePath(parsing: "items.2.price"))
        try value.setValue("new", at: ValuePath(parsing: "items[3].name"))
        #expect(Array(try #require(value.objectValue).keys) == ["user", "items", "scores", "empty", "n"])
        #expect(Array(try #require(value["user"]?.objectValue).keys) == ["name", "address"])
        #expect(try at("user.name", in: value) == "Bea")
        #expect(try at("items[2].price", in: value) == 9)
        #expect(try at("items.@count", in: value) == 4)
        #expect(try at("items[3]", in: value) == ["name": "new"])
        var root: FormValue = 1
        try root.setValue(["a": 1], at: .this)
        #expect(root == ["a": 1])
    }

    @Test func setThroughAnOperatorThrows() throws {
        var value = Self.data
        let error = try #require(throws: KeyValueCodingError.self) {
            try value.setValue(1, at: ValuePath(parsing: "items.@count"))
        }
        #expect(error.path == "items.@count")
        #expect(value == Self.data)
    }

    @Test func removeValue() throws {
        var value = Self.data
        value.removeValue(at: try ValuePath(parsing: "user.address"))
        value.removeValue(at: try ValuePath(parsing: "items[0]"))
        value.removeValue(at: try ValuePath(parsing: "items.0.tags"))
        value.removeValue(at: try ValuePath(parsing: "missing.key"))
        value.removeValue(at: try ValuePath(parsing: "items[7]"))
        #expect(value["user"] == ["name": "Ada"])
        #expect(value["items"] == [["name": "ink", "price": 3.5], ["name": "pen", "price": 1, "tags": []]])
        #expect(value["missing"] == nil)
        #expect(Array(try #require(value.objectValue).keys) == ["user", "items", "scores", "empty", "n"])
    }
}
