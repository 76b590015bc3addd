/// A message as a translator writes it, in a subset of ICU MessageFormat:
///
/// - `{name}`: an argument, put in as written;
/// - `{count, plural, =0 {no items} one {# item} other {# items}}`: a number choosing among the
///   language's CLDR plural categories (`zero`, `one`, `two`, `few`, `many`, `other`) or an
///   exact `=N`, with `#` standing for the number; `other` is required. Branches may hold
///   arguments and plurals of their own; `#` is the innermost plural's number;
/// - `'{'` and `'}'` for literal braces (and `'#'` inside a plural), `''` for an apostrophe; a
///   lone apostrophe is text (French and English write them freely).
package struct MessagePattern: Sendable, Hashable {
    /// A piece of a message: what `format` puts together.
    enum Part: Sendable, Hashable {
        case text(String)
        case argument(String)
        case plural(PluralSelection)
        /// `#` in a plural branch: the innermost plural's number, as written.
        case number
    }

    /// `{name, plural, ...}`: the branches and the argument that chooses among them.
    struct PluralSelection: Sendable, Hashable {
        var name: String
        /// `=N` branches by the number in `ExactNumber` form, checked before the categories.
        var exact: [String: [Part]]
        var categories: [PluralCategory: [Part]]
    }

    /// The pattern as written.
    let source: String
    let parts: [Part]

    /// Parses `text`; the error says what is wrong and at which character. The work is linear in
    /// the pattern's length, and plurals nest at most `MessagePatternParser.maximumDepth` deep.
    package init(parsing text: String) throws(MessagePatternError) {
        var parser = MessagePatternParser(text)
        parts = try parser.parse()
        source = text
    }

    /// A pattern that is only `text`, braces and all.
    package init(literal text: String) {
        source = text
        parts = text.isEmpty ? [] : [.text(text)]
    }

    /// The argument names the pattern uses (`count`, `field`), those inside plural branches
    /// included: what `check` compares between languages and against what a rule provides.
    package var argumentNames: Set<String> {
        var names: Set<String> = []
        Self.collectNames(parts, into: &names)
        return names
    }

    /// The message with `arguments` put in, plural forms chosen by `language`'s rules. An
    /// argument the pattern names but `arguments` lacks is shown as `{name}`, never dropped; a
    /// plural whose number is missing (or is not a number) takes its `other` form.
    package func format(_ arguments: [String: MessageArgument], language: LanguageTag) -> String {
        var output = ""
        Self.append(parts, to: &output, arguments: arguments, language: language, number: nil)
        return output
    }

    private static func collectNames(_ parts: [Part], into names: inout Set<String>) {
        for part in parts {
            switch part {
            case .argument(let name): names.insert(name)
            case .plural(let selection):
                names.insert(selection.name)
                for branch in selection.exact.values { collectNames(branch, into: &names) }
                for branch in selection.categories.values { collectNames(branch, into: &names) }
            case .text, .number: break
            }
        }
    }

    private static func append(
        _ parts: [Part], to output: inout String, arguments: [String: MessageArgument], language: LanguageTag, number: String?
    ) {
        for part in parts {
            switch part {
            case .text(let text): output += text
            case .argument(let name): output += arguments[name]?.written ?? "{\(name)}"
            case .number: output += number ?? "#"
            case .plural(let selection):
                let argument = arguments[selection.name]
                let branch = selection.branch(for: argument, language: language)
                append(branch, to: &output, arguments: arguments, language: language, number: argument?.written ?? "{\(selection.name)}")
            }
        }
    }
}

extension MessagePattern.PluralSelection {
    /// The exact `=N` branch equal to the number, else the branch of its category, else `other`.
    func branch(for argument: MessageArgument?, language: LanguageTag) -> [MessagePattern.Part] {
        let fallback = categories[.other] ?? []
        guard let argument, let operands = PluralOperands(argument) else { return fallback }
        if !exact.isEmpty, let key = ExactNumber.key(argument.written), let branch = exact[key] { return branch }
        return categories[PluralRules.category(of: operands, in: language)] ?? fallback
    }
}

extension MessageArgument {
    /// The argument as it appears in a message: numbers keep the digits they were written with.
    var written: String {
        switch self {
        case .int(let value): String(value)
        case .decimal(let text), .text(let text): text
        }
    }
}

/// A message pattern that cannot be read.
package struct MessagePatternError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong: "a plural needs an `other` form".
    package var message: String
    /// The 1-based character where it was found.
    package var column: Int
    package var description: String { "\(message) (at character \(column))" }
}
