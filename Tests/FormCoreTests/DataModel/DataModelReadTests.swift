import TestSupport
import Testing

@testable import FormCore

/// A root's `data` and `classes` read into a model, every problem at its JSON path.
@Suite struct DataModelReadTests {
    static func read(_ data: FormValue?, classes: FormValue? = nil) -> (model: DataModel, issues: [String]) {
        let (model, issues) = DataModel.read(data: data, classes: classes)
        return (model, issues.map(\.description))
    }

    /// forms/order.json's declarations, read whole.
    @Test func theOrderFormsDeclarationsAreRead() throws {
        let definition = try FormDefinition(json: RepositoryFiles.fixtureText("order.json"))
        let (model, issues) = DataModel.read(data: definition.root.properties["data"], classes: definition.root.properties["classes"])
        #expect(issues.isEmpty)
        #expect(model.declarations.map(\.name) == ["customerName", "isMember", "quantity", "sizes", "shipping", "note", "user"])
        #expect(model.declarations.map(\.dataClass.description) == ["String", "Bool", "Int", "[String]", "[String: Double]", "String?", "User?"])
        #expect(model.declarations.map(\.defaultValue) == ["Guest", false, 1, ["S", "M", "L"], ["standard": 4.5, "express": 12.0], .null, nil])
        #expect(model.declarations.map(\.path) == (0..<7).map { "data[\($0)]" })
        #expect(model.classes["User"]?.keys.elements == ["name", "age", "tags"])
        #expect(model.classes["User"]?["tags"] == .optional(.set(.string)))
    }

    @Test func aCallAsDefaultIsRefusedAtItsPath() {
        let (model, issues) = Self.read([
            ["name": "count", "class": "Int", "defaultValue": "0"],
            ["name": "created", "class": "Date", "defaultValue": "Date()"],
            ["name": "user", "class": "User", "defaultValue": "User(name: \"John\")"],
        ], classes: ["User": ["name": "String"]])
        #expect(issues == [
            "error: data[1].defaultValue: Date() is a call: only literals are taken (strings, numbers, true, false, nil, and arrays and dictionaries of them)",
            "error: data[2].defaultValue: User(name: \"John\") is a call: only literals are taken (strings, numbers, true, false, nil, and arrays and dictionaries of them)",
        ])
        // Only errors leave an entry out.
        #expect(model.declarations.map(\.name) == ["count"])
    }

    /// The README's examples, word for word.
    @Test func aBareWordSaysTextIsQuoted() {
        let (_, issues) = Self.read([["name": "userName", "class": "String", "defaultValue": "Guest"]])
        #expect(issues == [
            "error: data[0].defaultValue: Guest is a name: only literals are taken (strings, numbers, true, false, nil, and arrays and dictionaries of them); text is written in quotes (\"\\\"Guest\\\"\")"
        ])
    }

    @Test func aDefaultOfTheWrongClassIsRefusedWithWhereInIt() {
        let (model, issues) = Self.read([
            ["name": "count", "class": "Int", "defaultValue": "\"zero\""],
            ["name": "ids", "class": "[Int]", "defaultValue": "[1, \"two\", 3.5]"],
            ["name": "name", "class": "String", "defaultValue": "nil"],
            ["name": "when", "class": "Date", "defaultValue": "\"2024-02-30\""],
            ["name": "ok", "class": "Int?", "defaultValue": "nil"],
        ])
        #expect(issues == [
            "error: data[0].defaultValue: expected Int, found \"zero\"",
            "error: data[1].defaultValue[1]: expected Int, found \"two\"",
            "error: data[1].defaultValue[2]: expected Int, found 3.5",
            "error: data[2].defaultValue: expected String, found null",
            "error: data[3].defaultValue: expected Date, found \"2024-02-30\" (not an ISO 8601 date)",
        ])
        #expect(model.declarations.map(\.name) == ["ok"])
    }

    /// Authors write JSON values where SwiftJsonUI writes literals: they are taken as that value.
    @Test func aJSONValueAsDefaultIsTakenAsIt() {
        let (model, issues) = Self.read([
            ["name": "count", "class": "Int", "defaultValue": 0],
            ["name": "on", "class": "Bool", "defaultValue": true],
            ["name": "ids", "class": "[Int]", "defaultValue": [1, 2]],
            ["name": "note", "class": "String?", "defaultValue": .null],
            ["name": "wrong", "class": "String", "defaultValue": 5],
        ])
        #expect(issues == ["error: data[4].defaultValue: expected String, found 5"])
        #expect(model.declarations.map(\.defaultValue) == [0, true, [1, 2], .null])
    }

    /// A default is data: an expression's characters stay characters.
    @Test func aDefaultIsNeverAnExpression() {
        let (model, issues) = Self.read([["name": "title", "class": "String", "defaultValue": "\"@{secret}\""]])
        #expect(issues.isEmpty)
        #expect(model.declarations.first?.defaultValue == "@{secret}")
    }

    @Test func malformedDeclarationsSayWhatAndWhere() {
        let (model, issues) = Self.read([
            "userName",
            ["class": "String"],
            ["name": "a"],
            ["name": 3, "class": "Int"],
            ["name": "first-name", "class": "String"],
            ["name": "b", "class": "[String: "],
            ["name": "c", "class": "Int", "defalutValue": "0"],
            ["name": "c", "class": "String"],
            ["name": "d", "class": ["Int"]],
            ["name": "e", "class": "[[Int]: String]"],
        ])
        #expect(issues == [
            "error: data[0]: expected a declaration ({\"name\": ..., \"class\": ...}), found a string",
            "error: data[1]: a declaration needs a name (\"name\": \"userName\")",
            "error: data[2]: a declaration needs a class (\"class\": \"String\")",
            "error: data[3].name: expected the name as text, found a number",
            "error: data[4].name: 'first-name' is no name an expression can read: letters, digits and _, not starting with a digit",
            "error: data[5].class: '[String: ' is no class: expected a class name",
            "warning: data[6].defalutValue: unknown property 'defalutValue' of a data declaration (name, class, defaultValue); did you mean 'defaultValue'?",
            "error: data[7].name: 'c' is declared twice (first at data[6])",
            "error: data[8].class: expected a class written as text (\"Int?\"), found an array",
            "error: data[9].class: [[Int]: String] has [Int] keys: the keys of a JSON object are texts, so a key is a String, Int, Double, Float, Bool, Date, URL or Any",
        ])
        #expect(model.declarations.map(\.name) == ["c"])
    }

    /// A declared name is one expressions can read: `@{first-name}` would subtract.
    @Test(arguments: [("userName", true), ("_count2", true), ("prénom", true), ("first-name", false), ("2nd", false),
        ("a.b", false), ("x٣", false), ("", false), ("nil", false), ("self", false)])
    func namesAreTheOnesExpressionsRead(name: String, readable: Bool) {
        let (model, _) = Self.read([["name": .string(name), "class": "String"]])
        #expect(model.declarations.count == (readable ? 1 : 0))
    }

    @Test func classesAreReadAndCheckedAtTheirPaths() {
        let (model, issues) = Self.read(
            [["name": "user", "class": "User"], ["name": "places", "class": "[String: Place]?"], ["name": "x", "class": "Broken"]],
            classes: [
                "User": ["name": "String", "age": "Int?", "home": "Address", "bad": 3],
                "String": ["x": "Int"],
                "Broken": "String",
            ])
        #expect(issues == [
            "warning: data[1].class: Place is not described in classes: taken as any object",
            "error: classes.User.bad: expected a class written as text (\"Int?\"), found a number",
            "error: classes.String: 'String' is no name for a custom class: String is a built-in class",
            "error: classes.Broken: expected an object of members and their classes ({\"name\": \"String\"}), found a string",
            "warning: classes.User.home: Address is not described in classes: taken as any object",
        ])
        #expect(model.classes.keys.elements == ["User"])
        #expect(model.classes["User"]?.keys.elements == ["name", "age", "home"])
        #expect(model.declarations.map(\.name) == ["user", "places", "x"])
    }

    /// The decoder refuses `data` that is no array and `classes` that is no object: no second issue here.
    @Test func wrongRootTypesReadAsNothing() {
        let (model, issues) = Self.read("data", classes: [1])
        #expect(issues.isEmpty)
        #expect(model.isEmpty && model.classes.isEmpty)
    }
}
