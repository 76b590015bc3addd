import Testing

@testable import FormCore

/// A key path is bounded in length however it is written (in a binding, an expression, with
/// dots or brackets): 100,000 components used to take minutes to parse and look up.
@Suite struct KeyPathBoundsTests {
    static let limit = ValuePath.maximumComponents

    @Test func longPathsAreRefusedAsKeyPaths() {
        for text in [Array(repeating: "a", count: 100_000).joined(separator: "."), "name" + String(repeating: "[0]", count: 100_000)] {
            let error = finishes(within: 10, "parsing a key path of 100,000 components") { () -> ValuePathError? in
                do throws(ValuePathError) {
                    _ = try ValuePath(parsing: text)
                    return nil
                } catch {
                    return error
                }
            }
            #expect(error??.message == "the key path has more than \(Self.limit) components (the limit)")
            #expect((error??.description.count ?? .max) < 400, "the path is quoted in part")
        }
    }

    @Test func longPathsAreRefusedInExpressions() {
        for text in [Array(repeating: "a", count: 100_000).joined(separator: "."), "name" + String(repeating: "[0]", count: 100_000)] {
            let error = finishes(within: 10, "parsing an expression with a path of 100,000 components") { () -> ExpressionError? in
                do throws(ExpressionError) {
                    _ = try PropertyExpression(parsing: "@{" + text + "}")
                    return nil
                } catch {
                    return error
                }
            }
            #expect(error??.message == "the key path has more than \(Self.limit) components (the limit)")
            // The message quotes the expression around the place, not all 200,000 characters of it.
            let description = error??.description ?? ""
            #expect(description.count < 400 && description.contains("…"), "\(description.count) characters")
        }
    }

    @Test func pathsUpToTheLimitWork() throws {
        let text = Array(repeating: "a", count: Self.limit).joined(separator: ".")
        #expect(try ValuePath(parsing: text).components.count == Self.limit)
        var data: FormValue = 1
        for _ in 0..<Self.limit { data = ["a": data] }
        #expect(try FormExpression(parsing: text).evaluate(in: ExpressionContext(data: data)) == 1)
    }
}
