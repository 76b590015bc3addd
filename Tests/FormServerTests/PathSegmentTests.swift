@testable import FormServer
import Foundation
import Testing

/// A route's name segment (`/forms/:name`) as the router gives it, encoded as sent.
struct PathSegmentTests {
    @Test("a segment is decoded as Foundation decodes it, and one without escapes is kept as it is")
    func aSegmentIsDecodedAsFoundationDecodesIt() {
        let cases: [(sent: String, name: String?)] = [
            ("signup", "signup"),
            ("my%20form", "my form"),
            ("caf%C3%A9", "café"),
            ("caf\u{E9}", "caf\u{E9}"),
            ("100%25", "100%"),
            ("%E2%9C%93-list", "✓-list"),
            ("bad%FF", nil),
            ("trailing%", nil),
            ("%zz", nil),
            ("", ""),
        ]
        for (sent, name) in cases {
            #expect(FormServer.percentDecoded(sent) == name, "\(sent)")
            #expect(FormServer.percentDecoded(sent) == sent.removingPercentEncoding, "\(sent)")
        }
    }
}
