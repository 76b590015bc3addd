import ArgumentParser
import FormCore
import Foundation

/// `--lang TAG`: the language a person reads, for the commands that show a form or its messages
/// (fill, edit, import, render, check). Without it, the terminal's locale variables say it:
/// `LC_ALL`, then `LC_MESSAGES`, then `LANG`, read by formctl itself (no `setlocale`, so a
/// machine with no locales installed beyond C.UTF-8 still gets German from `LANG=de_DE.UTF-8`).
/// The first of them that is set decides: `LC_ALL=C` means no preference even when `LANG`
/// names a language, as it does for a C program.
struct LanguageOptions: ParsableArguments {
    @Option(
        name: .customLong("lang"),
        help: ArgumentHelp(
            "The language to show the form and its messages in, a BCP 47 tag (de, de-CH, pt-BR, ar); default: LC_ALL, LC_MESSAGES or LANG. A form without that language is shown in its own.",
            valueName: "TAG"))
    var lang: String?

    func validate() throws {
        if let lang, Self.tag(lang) == nil {
            throw ValidationError("--lang takes a language tag such as de, fr-CA or pt-BR, got '\(lang)'")
        }
    }

    /// The tag of `--lang`, nil when it was not given.
    var tag: LanguageTag? { lang.flatMap(Self.tag) }

    /// A tag as written (`de-CH`), or a locale name as LANG holds it (`de_CH.UTF-8`).
    static func tag(_ text: String) -> LanguageTag? {
        LanguageTag(text) ?? LanguageTag(posixLocale: text)
    }

    /// `--lang`, else the locale variables of formctl's environment.
    var preferences: LanguagePreferences {
        Self.preferences(lang: tag, environment: ProcessInfo.processInfo.environment)
    }

    static func preferences(lang: LanguageTag?, environment: [String: String]) -> LanguagePreferences {
        if let lang { return LanguagePreferences([lang]) }
        return LanguagePreferences(environment: environment)
    }
}
