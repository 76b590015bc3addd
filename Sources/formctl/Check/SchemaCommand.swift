import ArgumentParser
import FormCore

/// `formctl schema`: the JSON Schema of the definition format, for editors.
struct SchemaCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "schema",
        abstract: "Print the JSON Schema (draft 2020-12) of form definitions, for editors.",
        discussion: """
            Save it (formctl schema > formctl.schema.json) and point your editor at it: \
            "$schema": "./formctl.schema.json" at the top of a form, or VS Code's json.schemas setting.
            """
    )

    @Option(name: .shortAndLong, help: "Write to this file instead of standard output.")
    var output: String?

    func run() throws {
        let text = DefinitionSchema.document.jsonString(pretty: true) + "\n"
        guard let output else {
            Terminal.writeText(text, to: 1)
            return
        }
        let out = try OutputStream.file(output)
        try out.write(text)
        try out.commit()
    }
}
