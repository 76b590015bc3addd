@testable import FormServer
import Testing

/// A form post is answered in JSON only when the client asks for JSON ahead of a page: a
/// browser's header, `*/*` or no header at all keep the page.
struct AcceptedTypesTests {
    @Test func jsonIsPreferredOnlyWhenNamedAheadOfHTML() {
        for header in ["application/json", "application/json; charset=utf-8", "application/json, text/plain, */*",
                       "text/html;q=0.5, application/json", "application/*", "APPLICATION/JSON"] {
            #expect(AcceptedTypes(header).prefersJSON, "\(header)")
        }
        for header in [nil, "", "*/*", "text/html", "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8",
                       "text/html, application/json", "text/*, application/json;q=0.8", "application/json;q=0", "application/json;q=0.5, text/html"] {
            #expect(!AcceptedTypes(header).prefersJSON, "\(header ?? "none")")
        }
    }

    @Test func theMostSpecificRangeGivesATypesQuality() {
        let accepted = AcceptedTypes("application/*;q=0.2, application/json;q=0.7, text/html;q=bad")
        #expect(accepted.quality(of: "application/json") == 0.7)
        #expect(accepted.quality(of: "application/xml") == 0.2)
        // A q that does not parse counts as 1, as if it were absent.
        #expect(accepted.quality(of: "text/html") == 1)
        #expect(accepted.quality(of: "image/png") == 0)
    }
}
