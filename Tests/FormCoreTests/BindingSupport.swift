import Foundation
import TestSupport
import Testing

@testable import FormCore

/// Helpers shared by the binding and values-out tests. Named `BindingSupport` so that it never
/// collides with the definition tests' own helpers in the same module.
enum BindingSupport {
    /// One of the QuickDialog samples (forms/loginform.json, Tests/Fixtures/jsondatasample.json...).
    static func sample(_ name: String) throws -> FormDefinition {
        try FormDefinition(json: RepositoryFiles.fixtureText(name + ".json"))
    }

    static func definition(_ json: String) throws -> FormDefinition {
        try FormDefinition(json: json)
    }

    static func data(_ json: String) throws -> FormValue {
        try FormValue(json: json)
    }

    /// Binds JSON text to JSON data.
    static func bind(_ definitionJSON: String, _ dataJSON: String) throws -> BoundForm {
        Binder.bind(try definition(definitionJSON), to: try data(dataJSON))
    }

    /// The rendered JSON of a bound form, as `formctl render --format json` prints it.
    static func renderJSON(_ form: BoundForm) -> String {
        form.rendered.encoded.jsonString(pretty: true)
    }

    /// The elements of section `index` of the root.
    static func elements(_ form: BoundForm, section index: Int) -> [Element] {
        let sections = form.definition.sections
        guard sections.indices.contains(index) else { return [] }
        return sections[index].elements ?? []
    }
}

