import Testing

@testable import FormCore

/// Long property texts are scanned by bytes for `@{`, with the same answer a search over
/// Characters gives.
@Suite struct LongTextTests {
    @Test(arguments: [
        ("plain", false), ("x@{y}", true), ("@{", true), ("a@b{c", false), ("trailing @", false), ("@@{", true), ("", false),
        ("é@{ü}", true), ("@\u{301}{", false),
    ])
    func findsAnExpressionOpening(_ text: String, _ expected: Bool) {
        #expect(PropertyExpression.containsExpression(text) == expected, "\(text.debugDescription)")
    }

    @Test func aFiftyMegabyteTitleLoadsAndLints() throws {
        let title = String(repeating: "t", count: 50_000_000)
        let definition = try FormDefinition(json: #"{"title": "\#(title)", "sections": [{"elements": [{"type": "entry", "key": "a"}]}]}"#)
        #expect(definition.root.properties["title"]?.stringValue?.utf8.count == 50_000_000)
        #expect(DefinitionLint().lint(definition).isEmpty)
    }
}
