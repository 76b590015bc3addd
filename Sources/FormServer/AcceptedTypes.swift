import Foundation

/// What a request's `Accept` header asks for, by quality: `text/html, application/json;q=0.9`
/// prefers a page, `application/json` JSON. Only the media ranges that name a type (or its
/// family, `application/*`) count as asking for it: `*/*` asks for nothing in particular, so a
/// browser's default header never turns a page into JSON.
struct AcceptedTypes {
    /// Each range named, lowercased (`application/json`, `text/*`), with its `q` (1 unless said).
    let ranges: [(range: String, quality: Double)]

    init(_ header: String?) {
        ranges = (header ?? "").split(separator: ",").compactMap { part in
            let pieces = part.split(separator: ";").map { $0.withoutHTTPWhitespace.lowercased() }
            guard let range = pieces.first, range.contains("/") else { return nil }
            // A q that does not parse is read as 1, as if it were absent; out of range is clamped.
            let quality = pieces.dropFirst().first { $0.hasPrefix("q=") }.flatMap { Double($0.dropFirst(2)) } ?? 1
            return (range, min(max(quality, 0), 1))
        }
    }

    /// The quality `type` is asked for with, by its most specific range (`application/json`
    /// before `application/*`); 0 when no range names it or its family.
    func quality(of type: String) -> Double {
        let family = type.split(separator: "/").first.map { $0 + "/*" } ?? ""
        if let exact = ranges.first(where: { $0.range == type }) { return exact.quality }
        return ranges.first { $0.range == family }?.quality ?? 0
    }

    /// Whether JSON is asked for ahead of a page: named with a higher quality than HTML (a tie
    /// answers the page, as a form post always was).
    var prefersJSON: Bool {
        let json = quality(of: "application/json")
        return json > 0 && json > quality(of: "text/html")
    }
}
