import Testing
@testable import FormCore

/// Answers are read refusing a key given twice in one object, at any depth, with the key and
/// where it stands; definitions keep JSON's usual last-one-wins.
@Suite struct DuplicateKeyTests {
    @Test(arguments: [
        (#"{"a": 1, "b": 2, "a": 3}"#, "a", 1, 18),
        ("{\"guests\": [{\"email\": \"x\",\n \"email\": \"y\"}]}", "email", 2, 2),
        (#"{"a": {"k": 1}, "b": {"k": 2, "k": 3}}"#, "k", 1, 31),
        (#"{"": 1, "": 2}"#, "", 1, 9),
    ])
    func aRepeatedKeyIsAnErrorNamingIt(_ text: String, _ key: String, _ line: Int, _ column: Int) {
        #expect(throws: JSONSyntaxError(line: line, column: column,
                                        message: "the member name \"\(key)\" appears twice in this object; give each key once")) {
            try JSONReader.parse(text, rejectingDuplicateKeys: true)
        }
        #expect(throws: JSONSyntaxError.self) { try JSONReader.parse(bytes: Array(text.utf8), rejectingDuplicateKeys: true) }
        #expect((try? JSONReader.parse(text)) != nil, "without the option the last value wins")
    }

    @Test func theSameKeyInDifferentObjectsIsFine() throws {
        let value = try JSONReader.parse(#"{"k": {"k": 1}, "list": [{"k": 1}, {"k": 2}]}"#, rejectingDuplicateKeys: true)
        #expect(value["list"]?[1]?["k"] == 2)
    }

    @Test func aLongKeyIsQuotedAsAnExcerpt() throws {
        let key = String(repeating: "k", count: 5000)
        do {
            _ = try JSONReader.parse("{\"\(key)\": 1, \"\(key)\": 2}", rejectingDuplicateKeys: true)
            Issue.record("a repeated key was accepted")
        } catch {
            #expect(error.message.count < 400 && error.message.contains("(5000 characters)"), "\(error.message.count)")
        }
    }
}
