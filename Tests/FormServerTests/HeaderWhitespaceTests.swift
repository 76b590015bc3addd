@testable import FormServer
import Testing

/// Header values are read around HTTP's optional white space (spaces and tabs) only, and a
/// Content-Type by its whole media type, in any case.
struct HeaderWhitespaceTests {
    @Test func spacesAndTabsAroundAreDropped() {
        let cases: [(String, String)] = [
            ("application/json", "application/json"), ("  application/json\t ", "application/json"), ("\t\t", ""), ("", ""),
            (" a b ", "a b"), ("x", "x"), ("\u{A0}json\u{A0}", "\u{A0}json\u{A0}"), ("é ", "é"),
        ]
        for (given, trimmed) in cases {
            #expect(given.withoutHTTPWhitespace == trimmed, "\(given.debugDescription)")
            #expect(given[...].withoutHTTPWhitespace == trimmed, "\(given.debugDescription) as a substring")
        }
    }

    @Test func aContentTypeIsMatchedByItsWholeMediaType() {
        for type in ["application/json", "Application/JSON", " application/json ; charset=utf-8", "application/json;charset=utf-8", "\tapplication/json"] {
            #expect(FormServer.isMediaType(type, "application/json"), "\(type)")
        }
        for type in ["application/jsonx", "application/json-seq", "text/json", "", ";application/json", "application/ json", "application/json\u{A0}"] {
            #expect(!FormServer.isMediaType(type, "application/json"), "\(type)")
        }
    }
}
