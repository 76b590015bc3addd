/// CLDR's plural categories: the forms a language gives a word after a number.
package enum PluralCategory: String, Sendable, Hashable, CaseIterable {
    case zero, one, two, few, many, other
}

/// CLDR's cardinal plural rules (as of CLDR 44) for the languages formctl ships messages in,
/// and for the languages forms are commonly translated into (a form's own `plural` patterns use
/// them too).
///
/// Two choices follow current CLDR rather than older tables: French, Spanish, Italian, Catalan
/// and Portuguese give exact millions (`1000000`, `2000000`) `many` ("1 000 000 de
/// caractères"), as ICU 72 and browsers do; Hebrew has one, two and other only (its `many` was
/// dropped), with `0.5` in `one`. Languages without rules here take CLDR's most common rule:
/// `one` for an integer 1, `other` otherwise.
package enum PluralRules {
    /// The category of `number` as written (`1` is `one` in English; `1.0` is `other`), in
    /// `language`. Only the primary subtag is read, except Portuguese: `pt-PT` (and the
    /// varieties CLDR derives from it) differ from Brazil's `pt`. Text that is not a number is
    /// `other`.
    package static func category(of number: MessageArgument, in language: LanguageTag) -> PluralCategory {
        guard let operands = PluralOperands(number) else { return .other }
        return category(of: operands, in: language)
    }

    static func category(of operands: PluralOperands, in language: LanguageTag) -> PluralCategory {
        rule(for: language).category(of: operands)
    }

    static func rule(for language: LanguageTag) -> Rule {
        if language.language == "pt", let region = language.subtags.dropFirst().first(where: { $0.count == 2 }),
           europeanPortugueseRegions.contains(region) {
            return .romanceOneOnlyForOne
        }
        return rules[language.language] ?? .oneForIntegerOne
    }

    /// The regions whose Portuguese CLDR derives from `pt_PT` rather than `pt`.
    static let europeanPortugueseRegions: Set<String> = ["PT", "AO", "CH", "CV", "GQ", "GW", "LU", "MO", "MZ", "ST", "TL"]

    /// The rule families of CLDR's `plurals.xml`, named for what tells them apart.
    enum Rule: Sendable {
        /// `other` only: ja, zh, ko...
        case otherOnly
        /// `one: i = 1 and v = 0`: en, de, nl, sv...
        case oneForIntegerOne
        /// `one: n = 1` (so `1.0` too): nb, no, tr, el, hu...
        case oneForValueOne
        /// da: `one: n = 1 or t != 0 and i = 0,1`.
        case danish
        /// fr: `one: i = 0,1`; `many`: whole millions.
        case french
        /// pt (Brazil): `one: i = 0..1`; `many`: whole millions.
        case portuguese
        /// es: `one: n = 1`; `many`: whole millions.
        case spanish
        /// it, ca, pt-PT: `one: i = 1 and v = 0`; `many`: whole millions.
        case romanceOneOnlyForOne
        /// pl: one, few (2-4, not 12-14), many (other whole numbers), other (fractions).
        case polish
        /// ru, uk: one (21, 31... not 11), few (2-4, not 12-14), many, other (fractions).
        case eastSlavic
        /// cs, sk: one (1), few (2-4), many (fractions), other.
        case czech
        /// ar: zero, one, two, few (3-10 mod 100), many (11-99 mod 100), other.
        case arabic
        /// he: `one: i = 1 and v = 0 or i = 0 and v != 0`; `two: i = 2 and v = 0`.
        case hebrew

        func category(of o: PluralOperands) -> PluralCategory {
            switch self {
            case .otherOnly:
                return .other
            case .oneForIntegerOne:
                return o.iIs(1) && o.v == 0 ? .one : .other
            case .oneForValueOne:
                return o.nIs(1) ? .one : .other
            case .danish:
                return o.nIs(1) || (o.t != 0 && (o.iIs(0) || o.iIs(1))) ? .one : .other
            case .french:
                if o.iIs(0) || o.iIs(1) { return .one }
                return o.isWholeMillions ? .many : .other
            case .portuguese:
                if o.iIs(0) || o.iIs(1) { return .one }
                return o.isWholeMillions ? .many : .other
            case .spanish:
                if o.nIs(1) { return .one }
                return o.isWholeMillions ? .many : .other
            case .romanceOneOnlyForOne:
                if o.iIs(1) && o.v == 0 { return .one }
                return o.isWholeMillions ? .many : .other
            case .polish:
                guard o.v == 0 else { return .other }
                if o.iIs(1) { return .one }
                if o.i(modulo: 10, in: 2...4) && !o.i(modulo: 100, in: 12...14) { return .few }
                return .many
            case .eastSlavic:
                guard o.v == 0 else { return .other }
                if o.i(modulo: 10, in: 1...1) && !o.i(modulo: 100, in: 11...11) { return .one }
                if o.i(modulo: 10, in: 2...4) && !o.i(modulo: 100, in: 12...14) { return .few }
                return .many
            case .czech:
                if o.v != 0 { return .many }
                if o.iIs(1) { return .one }
                return !o.integerIsLarge && (2...4).contains(o.i) ? .few : .other
            case .arabic:
                if o.nIs(0) { return .zero }
                if o.nIs(1) { return .one }
                if o.nIs(2) { return .two }
                if o.n(modulo: 100, in: 3...10) { return .few }
                if o.n(modulo: 100, in: 11...99) { return .many }
                return .other
            case .hebrew:
                if (o.iIs(1) && o.v == 0) || (o.iIs(0) && o.v != 0) { return .one }
                return o.iIs(2) && o.v == 0 ? .two : .other
            }
        }
    }

    /// Primary language subtag to rule, from CLDR's `plurals.xml` (deprecated codes iw, in, jw,
    /// ji included); anything else is `oneForIntegerOne`.
    static let rules: [String: Rule] = {
        var rules: [String: Rule] = [:]
        let families: [(Rule, String)] = [
            (.otherOnly, "bm bo dz hnj id ig ii in ja jbo jv jw kde kea km ko lkt lo ms my nqo osa sah ses sg su th to tpi vi wo yo yue zh"),
            (.oneForIntegerOne, "ast de en et fi fy gl ia io ji lij nl sc scn sv sw ur yi"),
            (.oneForValueOne, """
                af an asa az bal bem bez bg brx ce cgg chr ckb dv ee el eo eu fo fur gsw ha haw hu jgo jmc ka kaj kcg kk kkj kl ks \
                ksb ku ky lb lg mas mgo ml mn mr nah nb nd ne nn nnh no nr ny nyn om or os pap ps rm rof rwk saq sd sdh seh sn so \
                sq ss ssy st syr ta te teo tig tk tn tr ts ug uz ve vo vun wae xh xog
                """),
            (.danish, "da"), (.french, "fr"), (.portuguese, "pt"), (.spanish, "es"), (.romanceOneOnlyForOne, "ca it"),
            (.polish, "pl"), (.eastSlavic, "ru uk"), (.czech, "cs sk"), (.arabic, "ar ars"), (.hebrew, "he iw"),
        ]
        for (rule, languages) in families {
            for language in languages.split(separator: " ") { rules[String(language)] = rule }
        }
        return rules
    }()
}
