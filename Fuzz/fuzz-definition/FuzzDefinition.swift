import FormCore
import FuzzSupport

/// A definition decoded, linted, bound, compiled, filled and rendered: whatever the input,
/// errors are values, never crashes or hangs.
enum FuzzDefinition {
    static let data: FormValue = [
        "name": "Ann", "items": [["email": "a@x.io"], ["email": "b@x.io"]], "tools": ["Xcode": 3, "Docker": 2],
    ]

    static func run(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let text = FuzzInputs.text(bytes), let definition = try? FormDefinition(json: text) else { return }
        _ = DefinitionCheck().issues(in: definition)
        let bound = Binder.bind(definition, to: data)
        _ = bound.fetchValueIntoObject()
        _ = bound.rendered.encoded.jsonString()
        guard let compiled = try? CompiledForm(definition: definition, data: data, requiringRegistrations: false) else { return }
        let session = compiled.makeSession()
        _ = session.renderedDefinition.encoded.jsonString()
        _ = OutlineRenderer().render(session.form)
        _ = compiled.fill(FormInput(answers: data)).valuesToStore
    }
}

@main enum Main { static func main() { FuzzInputs.main(FuzzDefinition.run) } }
