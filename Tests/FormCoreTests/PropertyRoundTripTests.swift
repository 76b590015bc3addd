import PropertyBased
import Testing

@testable import FormCore

/// Generated inputs: any value survives write -> read; any well-formed definition survives
/// decode -> encode with identical JSON.
@Suite struct PropertyRoundTripTests {
    // MARK: Values

    /// Characters that stress escaping: quotes, backslashes, controls, accents, astral-plane emoji.
    static let letters = Gen.letterOrNumber.compactMap { $0 }
    static let escapes = Gen.element(of: Array("\"\\/\u{0}\u{1}\u{8}\u{C}\n\r\t\u{1F}\u{7F} "))
    static let bmp = Gen.unicodeScalar(in: "\u{A0}"..."\u{D7FF}")
    static let astral = Gen.unicodeScalar(in: "\u{1F300}"..."\u{1FAFF}")
    static let trickyCharacter = Generator<Character, Shrink.None<Character>> { rng in
        switch Int.random(in: 0..<4, using: &rng) {
        case 0: return letters.run(using: &rng)
        case 1: return escapes.run(using: &rng) ?? "a"
        case 2: return Character(bmp.run(using: &rng))
        default: return Character(astral.run(using: &rng))
        }
    }
    static let string = trickyCharacter.string(of: 0...12)
    static let int = Gen.int(in: Int.min...Int.max)
    static let double = Gen.double(in: -1e12...1e12)

    /// A random tree, bounded in depth and width; leaves come from the generators above.
    static func tree(depth: Int, using rng: inout any SeededRandomNumberGenerator) -> FormValue {
        let choice = Int.random(in: 0..<(depth > 0 ? 8 : 6), using: &rng)
        switch choice {
        case 0: return .null
        case 1: return .bool(Bool.random(using: &rng))
        case 2: return .int(int.run(using: &rng))
        case 3: return .double(double.run(using: &rng))
        case 4, 5: return .string(string.run(using: &rng))
        case 6: return .array((0..<Int.random(in: 0...4, using: &rng)).map { _ in tree(depth: depth - 1, using: &rng) })
        default:
            var members: [(String, FormValue)] = []
            for _ in 0..<Int.random(in: 0...4, using: &rng) {
                members.append((string.run(using: &rng), tree(depth: depth - 1, using: &rng)))
            }
            return .object(.init(members, uniquingKeysWith: { first, _ in first }))
        }
    }

    static let values = Generator<FormValue, Shrink.None<FormValue>> { rng in tree(depth: 4, using: &rng) }

    @Test func valuesSurviveWriteThenRead() async {
        await propertyCheck(count: 300, input: Self.values) { value throws in
            let compact = JSONWriter.string(value)
            #expect(try JSONReader.parse(compact) == value, "\(compact)")
            #expect(try JSONReader.parse(JSONWriter.string(value, style: .pretty)) == value)
            // Writing is deterministic, key order included.
            #expect(JSONWriter.string(try JSONReader.parse(compact)) == compact)
        }
    }

    @Test func stringsSurviveWriteThenRead() async {
        await propertyCheck(count: 500, input: Self.string) { text throws in
            #expect(try JSONReader.parse(JSONWriter.string(.string(text))) == .string(text))
        }
    }

    // MARK: Definitions

    /// Values of the right shape for each property type.
    static func sample(_ type: PropertyType, using rng: inout any SeededRandomNumberGenerator) -> FormValue {
        switch type {
        case .string: return .string(string.run(using: &rng))
        case .text: return Bool.random(using: &rng) ? .string(string.run(using: &rng)) : textMap(using: &rng)
        case .textArray:
            return .array((0..<Int.random(in: 0...3, using: &rng)).map { _ in
                Bool.random(using: &rng) ? .string(string.run(using: &rng)) : textMap(using: &rng)
            })
        case .bool: return [FormValue.bool(true), .bool(false), .int(0), .int(1)].randomElement(using: &rng) ?? .null
        case .number: return Bool.random(using: &rng) ? .int(Int.random(in: -999...999, using: &rng)) : .double(double.run(using: &rng))
        case .integer: return .int(Int.random(in: 0...500, using: &rng))
        case .stringArray: return .array((0..<Int.random(in: 0...3, using: &rng)).map { _ in .string(string.run(using: &rng)) })
        case .array: return .array((0..<Int.random(in: 0...3, using: &rng)).map { _ in tree(depth: 1, using: &rng) })
        case .object: return .object(["k": .string(string.run(using: &rng))])
        case .enumName(let names): return .string(names.randomElement(using: &rng) ?? "")
        case .any: return tree(depth: 2, using: &rng)
        }
    }

    /// A text in English and German.
    static func textMap(using rng: inout any SeededRandomNumberGenerator) -> FormValue {
        .object(["en": .string(string.run(using: &rng)), "de": .string(string.run(using: &rng))])
    }

    /// Keys the decoder handles structurally or warns about; the generator adds these separately.
    /// `language` and `strings` hold language tags, which random text is not.
    static let structural: Set<String> = [
        "type", "sections", "sectionTemplate", "elements", "elementTemplate", "beforeTemplateElements",
        "afterTemplateElements", "bind", "bindingScript", "include", "language", "strings",
    ]

    static func properties(_ table: [String: PropertyType], using rng: inout any SeededRandomNumberGenerator)
        -> [(String, FormValue)]
    {
        let names = table.keys.filter { !structural.contains($0) }.sorted().shuffled(using: &rng)
        var members = names.prefix(Int.random(in: 0...5, using: &rng)).compactMap { name in
            table[name].map { (name, sample($0, using: &rng)) }
        }
        // An unknown extra key: kept (with a warning) so that nothing the author wrote is lost.
        if Bool.random(using: &rng) { members.append(("x-custom", tree(depth: 2, using: &rng))) }
        return members
    }

    static func element(using rng: inout any SeededRandomNumberGenerator) -> FormValue {
        let kind = ElementKind.allCases.randomElement(using: &rng) ?? .label
        let typeName = (kind.aliases + [kind.rawValue]).randomElement(using: &rng) ?? kind.rawValue
        return .object(.init([("type", .string(typeName))] + properties(kind.properties, using: &rng), uniquingKeysWith: { a, _ in a }))
    }

    static func section(using rng: inout any SeededRandomNumberGenerator) -> FormValue {
        var members: [(String, FormValue)] = []
        if Bool.random(using: &rng) {
            let kind = SectionKind.allCases.randomElement(using: &rng) ?? .section
            members.append(("type", .string(kind.rawValue)))
            members += properties(kind.properties, using: &rng)
        } else {
            members += properties(SectionKind.section.properties, using: &rng)
        }
        members.append(("elements", .array((0..<Int.random(in: 0...4, using: &rng)).map { _ in element(using: &rng) })))
        return .object(.init(members, uniquingKeysWith: { a, _ in a }))
    }

    static let definitions = Generator<FormValue, Shrink.None<FormValue>> { rng in
        var members = properties(ElementKind.root.properties, using: &rng)
        members.append(("sections", .array((0..<Int.random(in: 1...4, using: &rng)).map { _ in section(using: &rng) })))
        return .object(.init(members, uniquingKeysWith: { a, _ in a }))
    }

    @Test func definitionsSurviveDecodeThenEncode() async {
        await propertyCheck(count: 200, input: Self.definitions) { source throws in
            let json = JSONWriter.string(source)
            let (definition, warnings) = try FormDefinition.decode(json: json)
            #expect(definition.canonicalJSON == json)
            #expect(warnings.allSatisfy { $0.code == .unknownProperty && $0.path.hasSuffix("x-custom") }, "\(warnings)")
            // And the re-read model is the same model.
            #expect(try FormDefinition(json: definition.canonicalJSON) == definition)
        }
    }
}
