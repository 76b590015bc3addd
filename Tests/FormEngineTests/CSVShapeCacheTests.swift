import Testing
@testable import FormEngine

/// The first pass of a CSV export walks one row per structure (`CSVShapeCache`): a row's
/// structure keeps its keys and brackets and nothing of its scalars, so rows that differ only
/// in values share one, and rows that differ in shape do not.
@Suite struct CSVShapeCacheTests {
    static func skeleton(_ json: String) -> String? {
        var out: [UInt8] = []
        let complete = Array(json.utf8).withUnsafeBytes { CSVShapeCache.skeleton(of: $0, into: &out) }
        return complete ? String(decoding: out, as: UTF8.self) : nil
    }

    @Test func aStructureKeepsKeysAndBracketsAndMarksScalars() {
        #expect(Self.skeleton(#"{"name": "Ann", "age": 41, "ok": true, "tags": ["a", "b"], "x": null}"#)
                == #"{"name":s,"age":v,"ok":v,"tags":[s,s],"x":v}"#)
        #expect(Self.skeleton(#"{"say \"hi\"" : "a \" quote", "n": {"m": -1.5e3}}"#) == #"{"say \"hi\"":s,"n":{"m":v}}"#)
        #expect(Self.skeleton(#"{"a":[]}"#) == #"{"a":[]}"#)
        #expect(Self.skeleton(#"{"a":[{}]}"#) == #"{"a":[{}]}"#)
        // A text that ends inside a string has no structure: the full parse judges it.
        #expect(Self.skeleton(#"{"name": "cut"#) == nil)
    }

    @Test func rowsThatDifferInValuesOnlyShareAStructure() {
        var cache = CSVShapeCache()
        func isNew(_ json: String) -> Bool { Array(json.utf8).withUnsafeBytes { cache.isNew($0) } }
        #expect(isNew(#"{"name":"Ann","age":41}"#))
        #expect(!isNew(#"{"name": "Bob, \"the\" builder", "age": 7}"#))
        #expect(isNew(#"{"age":41,"name":"Ann"}"#))
        #expect(isNew(#"{"name":"Ann","age":{"years":41}}"#))
        #expect(isNew(#"{"name":"Ann","age":[41]}"#))
        #expect(!isNew(#"{"name":"Cy","age":[1000]}"#))
    }
}
