import PropertyBased
import Testing

@testable import FormCore

/// `JSONReader.scanIsObject` gives parse's verdict without building values: for any bytes it
/// accepts exactly what parse accepts (saying whether that is an object) and otherwise throws
/// the very error parse throws, line, column and message.
@Suite struct JSONScanTests {
    /// What parse makes of `bytes`, in scan's terms.
    static func parsed(_ bytes: [UInt8]) -> Result<Bool, JSONSyntaxError> {
        Result { () throws(JSONSyntaxError) in try JSONReader.parse(bytes: bytes).objectValue != nil }
    }

    static func scanned(_ bytes: [UInt8]) -> Result<Bool, JSONSyntaxError> {
        Result { () throws(JSONSyntaxError) in try JSONReader.scanIsObject(bytes: bytes) }
    }

    static let examples: [String] = [
        #"{}"#, #" {"a":1} "#, "\u{FEFF}{\"a\":[1,2,{\"b\":null}]}", #"[1]"#, #""text""#, #"12"#, #"true"#, #"null"#,
        #"{},"id":1"#, #"{"a":1}}"#, #"{"a":1} x"#, #"{"a":1}{"b":2}"#, "", "   ", "\u{FEFF}",
        #"{"a":1,}"#, #"[1,]"#, #"{"a" 1}"#, #"{"a\"b\u00e9\n" 1}"#, #"{a:1}"#, #"{"a":}"#, #"{"a":1"#, #"[1"#,
        #"{"a":tru}"#, #"{"a":nul}"#, #"{"a":01}"#, #"{"a":-}"#, #"{"a":1.}"#, #"{"a":1e}"#, #"{"a":1e+}"#,
        #"{"a":.5}"#, #"{"a":+1}"#, #"{"a":1e308}"#, #"{"a":1e309}"#, #"{"a":-1e309}"#, #"{"a":1e-400}"#,
        #"{"a":0.0000001e315}"#, #"{"a":17976931348623157e292}"#, #"{"a":17976931348623159e292}"#,
        "{\"a\":" + String(repeating: "9", count: 308) + "}", "{\"a\":" + String(repeating: "9", count: 309) + "}",
        "{\"a\":" + String(repeating: "1", count: 400) + "e-100}", #"{"a":123456789012345678901234567890}"#,
        #"{"a":"\x"}"#, #"{"a":"\u12"}"#, #"{"a":"\u12G4"}"#, #"{"a":"\ud800"}"#, #"{"a":"\ud800\u0041"}"#,
        #"{"a":"\udc00"}"#, #"{"a":"\ud83d\ude00"}"#, #"{"a":"b"#, #"{"a":"b\"#, "{\"a\":\"b\u{01}\"}", "{\"a\":\"\t\"}",
        "{\n  \"a\": [\n    1,\n    @\n  ]\n}", "{\"é✓\":\"😀\", \"b\": x}", "\r\n\t{\"a\":1}\r\n",
    ]

    @Test func scanAgreesWithParseOnExamples() {
        for text in Self.examples {
            let bytes = Array(text.utf8)
            #expect(Self.scanned(bytes) == Self.parsed(bytes), "\(text.debugDescription)")
        }
    }

    @Test func scanAgreesWithParseOnInvalidUTF8() {
        for (bytes, _, _, _) in JSONReaderInputTests.invalid {
            #expect(Self.scanned(bytes) == Self.parsed(bytes), "\(bytes)")
        }
    }

    @Test func scanRefusesNestingDeeperThanParseAllows() {
        let depth = JSONReader.maximumDepth
        for (opening, closing) in [("[", "]"), ("{\"k\":", "}")] {
            for levels in [depth - 1, depth, depth + 1] {
                let text = "{\"k\":" + String(repeating: opening, count: levels - 1) + "0" + String(repeating: closing, count: levels - 1) + "}"
                let bytes = Array(text.utf8)
                #expect(Self.scanned(bytes) == Self.parsed(bytes), "\(levels) levels of \(opening)")
            }
        }
        let tooDeep = Array(("{\"k\":" + String(repeating: "[", count: depth) + "]").utf8)
        #expect(throws: JSONSyntaxError.self) { try JSONReader.scanIsObject(bytes: tooDeep) }
    }

    @Test func scanSaysWhetherTheDocumentIsAnObject() throws {
        #expect(try JSONReader.scanIsObject(bytes: Array(" \n{\"a\":[]}".utf8)))
        #expect(try !JSONReader.scanIsObject(bytes: Array(" [{}]".utf8)))
        let injected = #expect(throws: JSONSyntaxError.self) { try JSONReader.scanIsObject(bytes: Array(#"{},"id":1"#.utf8)) }
        #expect(injected == JSONSyntaxError(line: 1, column: 3, message: "unexpected ',' after the end of the document"))
    }

    // MARK: Generated documents, then damaged

    /// Pieces the generator strings together: escapes of every kind, multi-byte characters.
    static let stringPieces = ["a", "key", " ", "é", "✓", "😀", #"\""#, #"\\"#, #"\/"#, #"\b\f\n\r\t"#, #"\u00e9"#, #"\ud83d\ude00"#, #"\u0000"#]
    static let numbers = ["0", "-0", "7", "-12", "3.25", "-0.5e-3", "1E+2", "123456789012345678", "1234567890123456789012", "1e308", "2.5e-320"]
    static let whitespace = ["", "", " ", "\n", "\r\n\t "]

    /// Turns a list of choices into JSON text: each choice picks the next piece, so a shorter list
    /// (what shrinking gives) is a smaller document.
    struct Document {
        var choices: [Int]
        var next = 0
        var text = ""

        mutating func pick(_ count: Int) -> Int {
            defer { next += 1 }
            return next < choices.count ? choices[next] % count : 0
        }

        mutating func space() { text += JSONScanTests.whitespace[pick(JSONScanTests.whitespace.count)] }

        mutating func string() {
            text += "\""
            for _ in 0..<pick(4) { text += JSONScanTests.stringPieces[pick(JSONScanTests.stringPieces.count)] }
            text += "\""
        }

        /// A value; `kind` 0 is an object, 1 an array, else a scalar.
        mutating func value(depth: Int, kind: Int? = nil) {
            space()
            switch kind ?? (depth > 5 ? 2 + pick(4) : pick(6)) {
            case 0:
                text += "{"
                for member in 0..<pick(4) {
                    if member > 0 { text += "," }
                    space(); string(); space(); text += ":"; value(depth: depth + 1)
                }
                space(); text += "}"
            case 1:
                text += "["
                for element in 0..<pick(4) {
                    if element > 0 { text += "," }
                    value(depth: depth + 1)
                }
                space(); text += "]"
            case 2: string()
            case 3: text += JSONScanTests.numbers[pick(JSONScanTests.numbers.count)]
            case 4: text += ["true", "false", "null"][pick(3)]
            default: string()
            }
            space()
        }

        static func make(_ choices: [Int]) -> [UInt8] {
            var document = Document(choices: choices)
            // Mostly objects, as stored rows are.
            document.value(depth: 0, kind: document.pick(4) == 0 ? nil : 0)
            return Array(document.text.utf8)
        }
    }

    /// Bytes a damage inserts or writes over: JSON's punctuation, escapes, bad UTF-8 leads.
    static let damageBytes: [UInt8] = Array(#"{}[],:"\ u0e-+.1"#.utf8) + [0x00, 0x0A, 0x1F, 0x7F, 0x80, 0xBF, 0xC3, 0xE2, 0xED, 0xF0, 0xF4, 0xFF]

    /// (kind, where, byte) applied in turn: delete, insert, overwrite, or cut the rest.
    static func damaged(_ bytes: [UInt8], _ damages: [(Int, Int, Int)]) -> [UInt8] {
        var bytes = bytes
        for (kind, place, byte) in damages {
            let at = place % (bytes.count + 1)
            let inserted = byte < damageBytes.count * 3 ? damageBytes[byte % damageBytes.count] : UInt8(byte % 256)
            switch kind {
            case 0 where at < bytes.count: bytes.remove(at: at)
            case 1: bytes.insert(inserted, at: at)
            case 2 where at < bytes.count: bytes[at] = inserted
            case 3: bytes.removeSubrange(at...)
            default: break
            }
        }
        return bytes
    }

    static let choices = Gen.int(in: 0...1000).array(of: 0...120)
    static let damages = zip(Gen.int(in: 0...3), Gen.int(in: 0...100_000), Gen.int(in: 0...200)).array(of: 1...3)

    @Test func scanAgreesWithParseOnGeneratedDocuments() async {
        await propertyCheck(count: 500, input: Self.choices) { choices in
            let bytes = Document.make(choices)
            let parsed = Self.parsed(bytes)
            #expect(Self.scanned(bytes) == parsed, "\(String(decoding: bytes, as: UTF8.self))")
            #expect((try? parsed.get()) != nil, "the generator made invalid JSON: \(String(decoding: bytes, as: UTF8.self))")
        }
    }

    @Test func scanAgreesWithParseOnDamagedDocuments() async {
        var outcomes: [String: Int] = [:]
        await propertyCheck(count: 3000, input: Self.choices, Self.damages) { choices, damages in
            let bytes = Self.damaged(Document.make(choices), damages)
            let parsed = Self.parsed(bytes)
            #expect(Self.scanned(bytes) == parsed, "\(bytes) \(String(decoding: bytes, as: UTF8.self).debugDescription)")
            switch parsed {
            case .success(let isObject): outcomes[isObject ? "object" : "other value", default: 0] += 1
            case .failure(let error): outcomes[error.message.prefix(12).description, default: 0] += 1
            }
        }
        // The damage must reach both verdicts and many kinds of error for the agreement to mean much.
        #expect(outcomes["object", default: 0] > 100 && outcomes.count > 10, "\(outcomes)")
    }
}
