extension DefinitionSchema {
    /// A BCP 47 tag as `LanguageTag` reads it: letters and digits in subtags of up to 8,
    /// joined by `-` (or `_`), the first of 2 to 8 letters.
    static var languageTag: FormValue {
        [
            "type": "string", "pattern": "^[A-Za-z]{2,8}([-_][A-Za-z0-9]{1,8})*$",
            "description": "A BCP 47 language tag: en, de, de-CH, zh-Hant-TW, ar.",
        ]
    }

    /// A text in several languages, one string per language tag.
    static var textMap: FormValue {
        [
            "type": "object", "minProperties": 1,
            "propertyNames": ["$ref": "#/$defs/languageTag"],
            "additionalProperties": ["type": "string"],
            "description": .string(
                "The text in each language, by language tag: {\"en\": \"Name\", \"de\": \"Name\"}. Shown in the language "
                    + "of the person filling the form, else the form's default language, else the first entry."),
        ]
    }

    /// The root's `strings`: by language tag, the texts `localized('key')` reads.
    static var strings: FormValue {
        [
            "type": "object",
            "propertyNames": ["$ref": "#/$defs/languageTag"],
            "additionalProperties": ["type": "object", "additionalProperties": ["type": "string"]],
        ]
    }
}
