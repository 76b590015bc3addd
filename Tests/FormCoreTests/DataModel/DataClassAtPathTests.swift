import Testing

@testable import FormCore

/// The class a key path reads from declared data, as `check` compares expressions with it.
@Suite struct DataClassAtPathTests {
    static let model = DataModel.read(
        data: [
            ["name": "user", "class": "User?"],
            ["name": "owner", "class": "User"],
            ["name": "team", "class": "[User]"],
            ["name": "prices", "class": "[String: Double]"],
            ["name": "tags", "class": "Set<String>"],
            ["name": "anything", "class": "Any"],
            ["name": "blob", "class": "Blob"],
            ["name": "count", "class": "Int"],
        ],
        classes: ["User": ["name": "String", "age": "Int?", "friends": "[User]"]]
    ).model

    @Test(arguments: [
        ("count", "Int"),
        ("self.count", "Int"),
        ("user", "User?"),
        ("user.name", "String?"),
        ("user.age", "Int?"),
        ("owner.name", "String"),
        ("owner.age", "Int?"),
        ("owner.friends", "[User]"),
        ("owner.friends[0].name", "String?"),
        ("owner.friends.0.name", "String?"),
        ("team.name", "[String]"),
        ("team.age", "[Int?]"),
        ("team.@count", "Int"),
        ("team.@sum.age", "Double"),
        ("team.@avg.age", "Double?"),
        ("team.@max.name", "String?"),
        ("team.@distinctUnionOfObjects.age", "[Int]"),
        ("prices.express", "Double?"),
        ("prices.@count", "Int"),
        ("tags[1]", "String?"),
        ("anything", "Any"),
    ])
    func declaredPathsHaveTheirClass(path: String, expected: String) throws {
        #expect(Self.model.dataClass(at: try ValuePath(parsing: path))?.description == expected)
    }

    @Test(arguments: ["missing", "owner.missing", "blob.name", "anything.name", "count.value", "user.name.first", "prices.a.b"])
    func pathsLeavingTheDeclarationsHaveNone(path: String) throws {
        #expect(Self.model.dataClass(at: try ValuePath(parsing: path)) == nil)
    }
}
