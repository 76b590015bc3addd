import ArgumentParser
import FormCore

/// `formctl render`: the bound, expanded form, as QuickDialog JSON or a text outline.
struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Print a form bound to data: templates expanded, bound values set.",
        discussion: """
            The text outline (for a person) is in one language: --lang when the form has it, \
            else LC_ALL, LC_MESSAGES or LANG as fill reads them, else the form's own. --format \
            json (for programs) keeps every language's text unless --lang names one, so that \
            what it writes does not depend on the machine.
            """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable { case text, json }

    @Argument(help: "The definition file.", completion: .file(extensions: ["json"]))
    var form: String

    @Option(help: ArgumentHelp(FormInputs.dataHelp))
    var data: String?

    @Option(help: "text: a readable outline; json: QuickDialog JSON that is itself a valid definition.")
    var format: Format = .text

    @OptionGroup var language: LanguageOptions

    @OptionGroup var includes: IncludeOptions

    /// --lang, else (for the outline only) the terminal's locale.
    var preferences: LanguagePreferences {
        if language.tag == nil && format == .json { return .none }
        return language.preferences
    }

    func run() throws {
        let loaded = try FormInputs.loadDefinition(form, includes: includes)
        let (dataFile, bound) = try FormInputs.boundData(for: form, given: data)
        let boundData = bound ?? .emptyObject
        // Rules a host registers are not known here, and rendering runs none.
        let session: FormSession
        let shown = loaded.definition.language(for: preferences)
        do {
            session = try CompiledForm(definition: loaded.definition, data: boundData, requiringRegistrations: false, language: shown)
                .makeSession()
        } catch {
            // Data that does not fit the declarations is the data file's; the rest the form's.
            for issue in FormInputs.placed(FormInputs.placingData(error.issues, from: dataFile), in: self.form) {
                Terminal.printError(CLIMessages.text(issue.locating(in: loaded.sourceLocations).description))
            }
            throw CommandFailure.silent(.invalid)
        }
        switch format {
        case .json:
            // Expanded, bound and evaluated where the rendered form could not evaluate again.
            if language.tag == nil {
                // Without --lang every language stays: text maps are written back wherever the
                // rendered text still reads as the map does, so the output is a whole form again.
                Terminal.printOut(session.renderedDefinitionInEveryLanguage.encoded.jsonString(pretty: true))
            } else {
                // In one language: the root says which, so that filling it (or its
                // `localized()` strings) speaks that language by default.
                var rendered = session.renderedDefinition
                rendered.root.properties["language"] = .string(shown.description)
                Terminal.printOut(rendered.encoded.jsonString(pretty: true))
            }
        case .text:
            // The outline shows the form as a person would see it: expressions evaluated,
            // hidden elements marked.
            Terminal.writeText(OutlineRenderer().render(session.form), to: 1)
        }
    }
}
