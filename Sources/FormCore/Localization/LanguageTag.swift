/// A BCP 47 language tag, as forms, terminals and browsers name languages: `en`, `de-CH`,
/// `zh-Hant-TW`, `ar`.
///
/// Only the shape matters here (letters and digits in subtags of up to 8 characters); no
/// registry is consulted. Subtags are kept in their conventional case (`de-CH`, `zh-Hant`) so
/// that two spellings of one tag compare equal.
public struct LanguageTag: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The subtags in conventional case: `["de", "CH"]`.
    public let subtags: [String]

    /// Parses `text` (`de-ch`, `de_CH`, `EN`); nil when it is not a language tag.
    public init?(_ text: some StringProtocol) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false).flatMap {
            $0.split(separator: "_", omittingEmptySubsequences: false)
        }
        guard let first = parts.first, (2...8).contains(first.count), first.allSatisfy(Self.isLetter) else { return nil }
        var subtags = [first.lowercased()]
        for part in parts.dropFirst() {
            guard (1...8).contains(part.count), part.allSatisfy({ Self.isLetter($0) || ("0"..."9").contains($0) }) else { return nil }
            if part.count == 2 && part.allSatisfy(Self.isLetter) {
                subtags.append(part.uppercased())  // a region: CH
            } else if part.count == 4 && part.allSatisfy(Self.isLetter) {
                subtags.append(part.prefix(1).uppercased() + part.dropFirst().lowercased())  // a script: Hant
            } else {
                subtags.append(part.lowercased())
            }
        }
        self.subtags = subtags
    }

    /// English, the language of a form that names none.
    public static let english = LanguageTag(validated: ["en"])

    private init(validated subtags: [String]) { self.subtags = subtags }

    /// The language from a POSIX locale name as `LC_ALL`, `LC_MESSAGES` and `LANG` hold it:
    /// `de_DE.UTF-8` and `sr_RS@latin` give `de-DE` and `sr-RS`; `C`, `POSIX` and empty give nil.
    public init?(posixLocale: String) {
        let name = posixLocale.split(separator: ".", maxSplits: 1).first.map(String.init) ?? ""
        let base = name.split(separator: "@", maxSplits: 1).first.map(String.init) ?? ""
        guard base != "C", base != "POSIX", !base.isEmpty else { return nil }
        self.init(base)
    }

    /// The primary language: `de` for `de-CH`.
    public var language: String { subtags[0] }

    /// This tag and every shorter prefix, longest first: `de-CH-1996`, `de-CH`, `de`. The order
    /// in which a text or a message is looked up.
    public var fallbacks: [LanguageTag] {
        (1...subtags.count).reversed().map { LanguageTag(validated: Array(subtags.prefix($0))) }
    }

    /// Whether the language is written right to left (Arabic, Hebrew, Persian, Urdu...), by its
    /// script subtag when it has one.
    public var isRightToLeft: Bool {
        if let script = subtags.dropFirst().first(where: { $0.count == 4 && $0.first?.isUppercase == true }) {
            return Self.rightToLeftScripts.contains(script)
        }
        return Self.rightToLeftLanguages.contains(language)
    }

    static let rightToLeftLanguages: Set<String> = ["ar", "he", "iw", "fa", "ur", "yi", "ps", "dv", "ckb", "sd", "ug", "syr"]
    static let rightToLeftScripts: Set<String> = ["Arab", "Hebr", "Thaa", "Syrc", "Nkoo", "Adlm", "Rohg"]

    /// `de-CH`.
    public var description: String { subtags.joined(separator: "-") }

    /// Ordered by their text, so lists of languages print the same every time.
    public static func < (lhs: LanguageTag, rhs: LanguageTag) -> Bool { lhs.description < rhs.description }

    private static func isLetter(_ character: Character) -> Bool {
        ("a"..."z").contains(character) || ("A"..."Z").contains(character)
    }
}
