import Foundation
import Testing
import TestSupport

@testable import FormCore

/// An HTML form's fields read as answers (`FlatAnswers`): every name checked against the form,
/// the answers built in one pass, and each bound refused by name. Names of 40,000 parts used to
/// recurse once per part, copying the rest of the path each time, until the process ran out of
/// memory; an item number of 9999 made 10,000 items.
@Suite struct FlatAnswersTests {
    static let signup: CompiledForm? = try? CompiledForm(definition: FormDefinition(json: RepositoryFiles.fixtureText("signup.json")))

    /// A repeat without `maximumItems`, one that takes more than the fixed bound, a nested repeat
    /// and a multiple choice.
    static let nested: CompiledForm? = try? CompiledForm(definition: FormDefinition(json: """
        {"sections": [
          {"elements": [{"type": "entry", "key": "title"}, {"type": "boolean", "key": "ok"}]},
          {"type": "QSelectSection", "key": "topics", "items": ["a", "b", "c"], "multipleAllowed": true},
          {"bind": "iterate:rows", "elementTemplate": {"type": "entry", "key": "note", "bind": "textValue:note"}},
          {"bind": "iterate:logs", "maximumItems": 2000, "elementTemplate": {"type": "entry", "key": "line", "bind": "textValue:line"}},
          {"bind": "iterate:teams", "elementTemplate": {"type": "root", "key": "team", "sections": [
            {"elements": [{"type": "entry", "key": "lead", "bind": "textValue:lead"}]}]}}
        ]}
        """))

    func read(_ form: CompiledForm?, _ pairs: [(String, String)], limits: FlatAnswers.Limits = .init())
        throws(FlatAnswersError) -> FlatAnswers.Read
    {
        guard let form else { throw FlatAnswersError(.unknownName, name: "", "the test form did not compile") }
        return try FlatAnswers(form: form, limits: limits).read(pairs.map { (name: $0.0, value: $0.1) })
    }

    func refusal(_ form: CompiledForm?, _ pairs: [(String, String)], limits: FlatAnswers.Limits = .init()) -> FlatAnswersError? {
        do throws(FlatAnswersError) {
            _ = try read(form, pairs, limits: limits)
            return nil
        } catch {
            return error
        }
    }

    @Test func pageFieldsBecomeNestedAnswers() throws {
        let read = try read(Self.signup, [
            ("name", "Ada"), ("newsletter", "false"), ("newsletter", "true"), ("guests.0.email", "a@b.c"),
            ("guests.1.email", "d@e.f"), ("_token", "page's own"), ("_action", "remove:guests.0"),
        ])
        #expect(read.answers == ["name": "Ada", "newsletter": "true", "guests": [["email": "d@e.f"]]])
        #expect(read.action == "remove:guests.0")
        #expect(read.pageFields == ["_token": "page's own"])
        let added = try self.read(Self.signup, [("guests.0.email", "a@b.c"), ("_action", "add:guests")])
        #expect(added.answers == ["guests": [["email": "a@b.c"], [:]]])
        let ticked = try self.read(Self.nested, [("topics", ""), ("topics", "1"), ("topics", "3"), ("teams.0.lead", "Bo")])
        #expect(ticked.answers == ["topics": ["1", "3"], "teams": [["lead": "Bo"]]])
    }

    @Test func namesTheFormDoesNotHaveAreRefusedByName() {
        for name in ["bogus", "name.first", "guests", "guests.email", "guests.0", "guests.01.email", "guests.-1.email",
                     "guests.0.email.x", "", "k0.9999", "rows.0.lead"] {
            let form = name == "rows.0.lead" ? Self.nested : Self.signup
            let error = refusal(form, [(form === Self.nested ? "title" : "name", "Ada"), (name, "x")])
            #expect(error?.kind == .unknownName && error?.name == name, "\(name): \(String(describing: error))")
        }
        #expect(refusal(Self.signup, [("_action", "grow:guests")])?.kind == .action)
        #expect(refusal(Self.signup, [("_action", "add:name")])?.kind == .unknownName)
    }

    /// A field that takes one value, named twice, is refused: the last value kept silently
    /// would store one that perhaps nobody chose. The page's own two values of a yes/no box and
    /// the ticked boxes of a multiple choice are not repeats.
    @Test func aSingleValuedFieldNamedTwiceIsRefusedByName() throws {
        let twice = refusal(Self.signup, [("name", "Ada"), ("email", "a@b.c"), ("name", "Grace")])
        #expect(twice?.kind == .repeatedName && twice?.name == "name", "\(String(describing: twice))")
        #expect(twice?.message == "is sent more than once; this field takes one value")
        let item = refusal(Self.signup, [("guests.0.email", "a@b.c"), ("guests.1.email", "d@e.f"), ("guests.0.email", "g@h.i")])
        #expect(item?.kind == .repeatedName && item?.name == "guests.0.email", "\(String(describing: item))")
        let nestedItem = refusal(Self.nested, [("teams.0.lead", "Bo"), ("teams.0.lead", "Cy")])
        #expect(nestedItem?.kind == .repeatedName, "\(String(describing: nestedItem))")
        let box = try read(Self.nested, [("ok", "false"), ("ok", "true"), ("topics", ""), ("topics", "2")])
        #expect(box.answers == ["ok": "true", "topics": ["2"]])
        let pageFields = try read(Self.signup, [("_token", "a"), ("_token", "b")])
        #expect(pageFields.pageFields == ["_token": "b"])
    }

    @Test func eachBoundIsRefusedByName() {
        let deep = Array(repeating: "guests", count: 40_000).joined(separator: ".")
        let tooDeep = finishes(within: 10, "a name of 40,000 parts") { refusal(Self.signup, [(deep, "x")]) }
        #expect(tooDeep??.kind == .bound && tooDeep??.message == "has 40000 dot-separated parts; a name has at most 64")
        #expect((tooDeep??.description.count ?? .max) < 200, "the name is quoted in part")
        // At the bound the name is read (and is no field); past it, refused unread.
        let parts = { (count: Int) in Array(repeating: "x", count: count).joined(separator: ".") }
        #expect(refusal(Self.signup, [(parts(64), "x")])?.kind == .unknownName)
        #expect(refusal(Self.signup, [(parts(65), "x")])?.kind == .bound)

        // A yes/no field may be named again (its page sends a hidden false before the box).
        let fields = Array(repeating: ("newsletter", "true"), count: 10_001)
        #expect(refusal(Self.signup, fields)?.message == "the form has more than 10000 fields (the limit per request)")
        #expect((try? read(Self.signup, Array(fields.dropFirst()))) != nil)

        // signup's guests declare maximumItems 10; rows declare none, so 1,000 is theirs.
        let past = refusal(Self.signup, [("guests.10.email", "x")])
        #expect(past?.kind == .maximumItems && past?.message == "guests takes at most 10 items (numbered from 0)")
        #expect((try? read(Self.signup, [("guests.9.email", "x")]))?.answers["guests"]?.arrayValue?.count == 10)
        #expect(refusal(Self.nested, [("rows.1000.note", "x")])?.message == "item numbers stop at 999 (the limit per repeat)")
        #expect((try? read(Self.nested, [("rows.999.note", "x")]))?.answers["rows"]?.arrayValue?.count == 1000)
        // A repeat's own maximumItems counts, above the fixed bound too.
        #expect((try? read(Self.nested, [("logs.1999.line", "x")]))?.answers["logs"]?.arrayValue?.count == 2000)
        #expect(refusal(Self.nested, [("logs.2000.line", "x")])?.kind == .maximumItems)
        #expect(Self.nested.map { FlatAnswers(form: $0).longestList } == 2000 && Self.signup.map { FlatAnswers(form: $0).longestList } == 1000)
        #expect(refusal(Self.signup, [("guests.0.email", "x"), ("_action", "add:guests")] + (1...9).map { ("guests.\($0).email", "x") })?
            .kind == .maximumItems)

        // Items made to reach a number count against the request's bound, however many repeats.
        var small = FlatAnswers.Limits()
        small.maximumFields = 20
        #expect((try? read(Self.nested, [("rows.19.note", "x")], limits: small)) != nil)
        let made = refusal(Self.nested, [("rows.19.note", "x"), ("teams.0.lead", "x")], limits: small)
        #expect(made?.kind == .bound && made?.name == "teams.0.lead", "\(String(describing: made))")
    }

    /// The longest names and the most pairs a request may send take a fraction of a second: the
    /// time grows with the body, not with the square of a name's depth or the items made.
    @Test func theBoundedWorstCaseIsQuick() {
        // Every item each repeat may hold, then a yes/no field (which may be named again) to
        // make 10,000 pairs.
        let value = String(repeating: "v", count: 50)
        var pairs = (0..<1000).map { ("rows.\($0).note", value) } + (0..<2000).map { ("logs.\($0).line", value) }
        pairs += (0..<1000).map { ("teams.\($0).lead", value) }
        pairs += Array(repeating: ("ok", "true"), count: 10_000 - pairs.count)
        let rows = finishes(within: 10, "10,000 pairs into 4,000 items") { [pairs] in try? read(Self.nested, pairs) }
        #expect(rows??.answers["rows"]?.arrayValue?.count == 1000 && rows??.answers["logs"]?.arrayValue?.count == 2000)
        let deepNames = (0..<10_000).map { _ in (Array(repeating: "x", count: 64).joined(separator: "."), "v") }
        let refused = finishes(within: 10, "10,000 names of 64 parts") { refusal(Self.signup, deepNames) }
        #expect(refused??.kind == .unknownName)
    }

    @Test func urlEncodedBytesAreDecodedStrictly() throws {
        func pairs(_ text: String) throws(FlatAnswersError) -> [String] {
            var bytes = Array(text.utf8)
            if let marker = bytes.firstIndex(of: UInt8(ascii: "!")) { bytes[marker] = 0xFF }
            return try bytes.withUnsafeBufferPointer { buffer throws(FlatAnswersError) in
                try URLEncodedForm.pairs(buffer, maximumPairs: 4).map { "\($0.name)=\($0.value)" }
            }
        }
        func error(_ text: String) -> FlatAnswersError? {
            do throws(FlatAnswersError) {
                _ = try pairs(text)
                return nil
            } catch {
                return error
            }
        }
        #expect(try pairs("a=two+words&&b=%C3%A9%2b&c&d=x=y") == ["a=two words", "b=é+", "c=", "d=x=y"])
        #expect(error("a=1&b=2&c=3&d=4&e=5")?.kind == .bound)
        for (text, name, message) in [
            ("a=1&name=%ZZ", "name", "a '%' at byte 0 of its value is not followed by two hex digits"),
            ("name=ab%4", "name", "a '%' at byte 2 of its value is not followed by two hex digits"),
            ("na%=1", "na%", "a '%' at byte 2 of its name is not followed by two hex digits"),
            ("name=%FF", "name", "its value is not valid UTF-8 once decoded"),
            ("name=%C3", "name", "its value is not valid UTF-8 once decoded"),
            ("name=a!b", "name", "its value is not valid UTF-8 once decoded"),
            ("x=1&n!=1", "#2", "its name is not valid UTF-8 once decoded"),
        ] {
            let found = error(text)
            #expect(found?.kind == .encoding && found?.name == name && found?.message == message, "\(text): \(String(describing: found))")
        }
    }
}
