import OrderedCollections
import PropertyBased
import Testing

@testable import FormCore

/// Bind then `fetchValueUsingBindings` gives back the data the form was bound to, for generated
/// data and a definition generated to bind every leaf of it.
@Suite struct ValuesOutPropertyTests {
    enum Leaf: Sendable {
        case text(String), number(Double), whole(Int), flag(Bool)

        var value: FormValue {
            switch self {
            case .text(let s): return .string(s)
            case .number(let d): return .double(d)
            case .whole(let i): return .int(i)
            case .flag(let b): return .bool(b)
            }
        }

        /// The element that edits this kind of leaf: entries for strings, decimals for numbers,
        /// booleans for bools.
        func element(boundTo path: String) -> FormValue {
            switch self {
            case .text: return ["type": "entry", "key": .string(path), "bind": .string("textValue:\(path)")]
            case .number, .whole: return ["type": "decimal", "key": .string(path), "bind": .string("numberValue:\(path)")]
            case .flag: return ["type": "boolean", "key": .string(path), "bind": .string("boolValue:\(path)")]
            }
        }
    }

    struct Row: Sendable { var name: String, count: Int, ok: Bool, rate: Double }

    /// The generated shape: top-level leaves, leaves of a nested object, items of an array.
    struct Case: Sendable, CustomStringConvertible {
        var leaves: [Leaf]
        var inner: [Leaf]
        var rows: [Row]

        var data: FormValue {
            var object = OrderedDictionary<String, FormValue>()
            for (index, leaf) in leaves.enumerated() { object["f\(index)"] = leaf.value }
            if !inner.isEmpty {
                var nested = OrderedDictionary<String, FormValue>()
                for (index, leaf) in inner.enumerated() { nested["g\(index)"] = leaf.value }
                object["inner"] = .object(nested)
            }
            object["items"] = .array(rows.map { ["name": .string($0.name), "count": .int($0.count), "ok": .bool($0.ok), "rate": .double($0.rate)] })
            return .object(object)
        }

        /// One section binding every leaf, and one iterating the items: each item is a nested
        /// root whose elements bind the item's fields.
        var definition: FormValue {
            var elements = leaves.enumerated().map { $1.element(boundTo: "f\($0)") }
            elements += inner.enumerated().map { $1.element(boundTo: "inner.g\($0)") }
            let itemFields: [FormValue] = [
                Leaf.text("").element(boundTo: "name"), Leaf.whole(0).element(boundTo: "count"),
                Leaf.flag(false).element(boundTo: "ok"), Leaf.number(0).element(boundTo: "rate"),
            ]
            let template: FormValue = ["type": "label", "title": "Item", "sections": [["elements": .array(itemFields)]]]
            return ["title": "Generated", "sections": [["elements": .array(elements)], ["bind": "iterate:items", "elementTemplate": template]]]
        }

        var description: String { data.jsonString() }
    }

    static let leaf = Gen.oneOf(
        Gen.letterOrNumber.string(of: 0...8).map { Leaf.text($0) },
        Gen.double(in: -1e6...1e6).map { Leaf.number($0) },
        Gen.int(in: -1000...1000).map { Leaf.whole($0) },
        Gen.bool.map { Leaf.flag($0) })

    static let row = zip(Gen.letterOrNumber.string(of: 0...6), Gen.int(in: -50...50), Gen.bool, Gen.double(in: 0...1))
        .map { Row(name: $0, count: $1, ok: $2, rate: $3) }

    /// At least one item: an empty array has no element to write it back into an empty object.
    static let casesWithItems = zip(leaf.array(of: 0...6), leaf.array(of: 0...4), row.array(of: 1...5))
        .map { Case(leaves: $0, inner: $1, rows: $2) }
    static let cases = zip(leaf.array(of: 0...6), leaf.array(of: 0...4), row.array(of: 0...5))
        .map { Case(leaves: $0, inner: $1, rows: $2) }

    /// Every leaf replaced by a different value of the same type.
    static func scrambled(_ value: FormValue) -> FormValue {
        switch value {
        case .string(let s): return .string(s + "~")
        case .int(let i): return .int(i + 1)
        case .double(let d): return .double(d + 0.5)
        case .bool(let b): return .bool(!b)
        case .array(let items): return .array(items.map(scrambled))
        case .object(let members): return .object(members.mapValues(scrambled))
        case .null: return .null
        }
    }

    @Test func bindThenFetchIntoAnEmptyObjectGivesBackTheData() async throws {
        await propertyCheck(input: Self.casesWithItems) { generated in
            let definition = try FormDefinition(json: generated.definition.jsonString())
            let form = Binder.bind(definition, to: generated.data)
            #expect(form.misses.isEmpty)
            var out = FormValue.emptyObject
            form.fetchValueUsingBindings(into: &out)
            #expect(out == generated.data)
        }
    }

    @Test func bindThenFetchIntoChangedDataRestoresIt() async throws {
        await propertyCheck(input: Self.cases) { generated in
            let definition = try FormDefinition(json: generated.definition.jsonString())
            let form = Binder.bind(definition, to: generated.data)
            var changed = Self.scrambled(generated.data)
            #expect(changed != generated.data || generated.leaves.isEmpty && generated.inner.isEmpty && generated.rows.isEmpty)
            form.fetchValueUsingBindings(into: &changed)
            #expect(changed == generated.data)
        }
    }

    @Test func theRenderedFormGivesBackTheDataToo() async throws {
        await propertyCheck(count: 30, input: Self.casesWithItems) { generated in
            let form = Binder.bind(try FormDefinition(json: generated.definition.jsonString()), to: generated.data)
            let again = Binder.bind(try FormDefinition(json: form.rendered.encoded.jsonString()), to: generated.data)
            var out = FormValue.emptyObject
            again.fetchValueUsingBindings(into: &out)
            #expect(out == generated.data)
        }
    }
}
