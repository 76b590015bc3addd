/// The languages a person would read, best first: from `--lang`, the terminal's locale
/// variables, a browser's `Accept-Language` or a service's request.
///
/// A form is shown in the first of them it has (looked up along each tag: `de-CH`, then `de`),
/// or in its own default language when it has none of them.
public struct LanguagePreferences: Sendable, Hashable {
    /// The tags in order of preference; a wildcard (`*`) is not kept.
    public var tags: [LanguageTag]

    /// Preferences in this order.
    public init(_ tags: [LanguageTag] = []) { self.tags = tags }

    /// No preference: the form's default language.
    public static let none = LanguagePreferences()

    /// An `Accept-Language` header (`de-CH, de;q=0.9, en;q=0.5`), ordered by q-value and then
    /// by position. Entries with `q=0`, malformed entries and `*` are dropped; at most 32
    /// entries are read, so a header cannot make the work grow.
    public init(acceptLanguage header: String) {
        var weighted: [(tag: LanguageTag, q: Double, position: Int)] = []
        for (position, entry) in header.split(separator: ",").prefix(32).enumerated() {
            let fields = entry.split(separator: ";")
            guard let name = fields.first?.trimmingSpaces, let tag = LanguageTag(name) else { continue }
            var q = 1.0
            for field in fields.dropFirst() {
                let pair = field.trimmingSpaces.split(separator: "=", maxSplits: 1)
                if pair.count == 2, pair[0].trimmingSpaces.lowercased() == "q" {
                    guard let value = Double(pair[1].trimmingSpaces), (0...1).contains(value) else { q = -1; break }
                    q = value
                }
            }
            if q > 0 { weighted.append((tag, q, position)) }
        }
        tags = weighted.sorted { $0.q != $1.q ? $0.q > $1.q : $0.position < $1.position }.map(\.tag)
    }

    /// The terminal's language as a C library would find it: `LC_ALL`, then `LC_MESSAGES`, then
    /// `LANG` (the first that is set and not empty); `C` and `POSIX` mean no preference. Read
    /// by formctl itself: servers and CI machines often have no locales installed.
    public init(environment: [String: String]) {
        let name = ["LC_ALL", "LC_MESSAGES", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty }
        tags = name.flatMap(LanguageTag.init(posixLocale:)).map { [$0] } ?? []
    }

    /// The first of `available` these preferences reach, each preference looked up along its
    /// fallbacks (`de-CH` finds `de`); nil when none is reached.
    public func firstMatch(in available: some Collection<LanguageTag>) -> LanguageTag? {
        for tag in tags {
            for candidate in tag.fallbacks where available.contains(candidate) { return candidate }
        }
        return nil
    }
}

extension Substring {
    fileprivate var trimmingSpaces: Substring {
        var text = self
        while text.first == " " || text.first == "\t" { text.removeFirst() }
        while text.last == " " || text.last == "\t" { text.removeLast() }
        return text
    }
}
