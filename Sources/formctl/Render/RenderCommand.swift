import ArgumentParser
import FormCore

/// `formctl render`: the bound, expanded form, as QuickDialog JSON or a text outline.
struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Print a form bound to data: templates expanded, bound values set."
    )

    enum Format: String, ExpressibleByArgument, CaseIterable { case text, json }

    @Argument(help: "The definition file.", completion: .file(extensions: ["json"]))
    var form: String

    @Option(help: "Data to bind to (JSON).")
    var data: String?

    @Option(help: "text: a readable outline; json: QuickDialog JSON that is itself a valid definition.")
    var format: Format = .text

    @OptionGroup var includes: IncludeOptions

    func run() throws {
        let loaded = try FormInputs.loadDefinition(form, includes: includes)
        let boundData = try data.map { try FormInputs.loadJSON($0, what: "data") } ?? .emptyObject
        // Rules a host registers are not known here, and rendering runs none.
        let session: FormSession
        do {
            session = try CompiledForm(definition: loaded.definition, data: boundData, requiringRegistrations: false).makeSession()
        } catch {
            for issue in FormInputs.placed(error.issues, in: self.form) {
                Terminal.printError(CLIMessages.text(issue.locating(in: loaded.sourceLocations).description))
            }
            throw CommandFailure.silent(.invalid)
        }
        switch format {
        case .json:
            // Expanded, bound and evaluated where the rendered form could not evaluate again.
            Terminal.printOut(session.renderedDefinitionInEveryLanguage.encoded.jsonString(pretty: true))
        case .text:
            // The outline shows the form as a person would see it: expressions evaluated,
            // hidden elements marked.
            Terminal.writeText(OutlineRenderer().render(session.form), to: 1)
        }
    }
}
