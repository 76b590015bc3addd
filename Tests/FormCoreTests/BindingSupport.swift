import Foundation
import Testing

@testable import FormCore

/// Helpers shared by the binding and values-out tests. Named `BindingSupport` so that it never
/// collides with the definition tests' own helpers in the same module.
enum BindingSupport {
    /// One of the QuickDialog samples copied into the test bundle's Fixtures.
    static func sample(_ name: String) throws -> FormDefinition {
        let url = try #require(Bundle.module.url(forResource: name, withExtension: "json", subdirectory: "Fixtures"))
        return try FormDefinition(json: String(contentsOf: url, encoding: .utf8))
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

/// A directory under the system's temporary directory, removed when the test is done with it.
final class BindingTempDirectory {
    let path: String

    init() throws {
        path = NSTemporaryDirectory() + "formctl-binding-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    /// Writes a file and returns its full path.
    @discardableResult
    func write(_ name: String, _ text: String) throws -> String {
        let file = path + "/" + name
        try text.write(toFile: file, atomically: true, encoding: .utf8)
        return file
    }
}
