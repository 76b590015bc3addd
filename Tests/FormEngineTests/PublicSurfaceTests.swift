import Foundation
import TestSupport
import Testing

/// What a service sees through `import FormEngine` is the library's contract, small enough to
/// read, and every declaration of it says what it is: the rest of FormCore (the expression syntax
/// tree, the JSON and pattern readers, the binder, the lints) is `package`, shared by this
/// package's own targets only. Read from the sources, as the compiler reads them.
@Suite("Public surface")
struct PublicSurfaceTests {
    /// A declaration line that starts with `public` or `open`, after attributes on the same line.
    static var publicDeclaration: Regex<(Substring, Substring?, Substring)> { #/^\s*(@[A-Za-z]+ )*(public|open) /# }
    /// A line holding only an attribute (`@discardableResult`, `@inlinable`), which sits between a
    /// declaration and its doc comment.
    static var attributeLine: Regex<(Substring, Substring?)> { #/^\s*@[A-Za-z]+(\(.*\))?\s*$/# }

    struct Declaration: CustomStringConvertible {
        var file: String
        var line: Int
        var text: String
        var isDocumented: Bool
        var description: String { "\(file):\(line): \(text.trimmingCharacters(in: .whitespaces))" }
    }

    /// Every public or open declaration in the Swift files under `Sources/MODULE`.
    static func publicDeclarations(in module: String) throws -> [Declaration] {
        let directory = RepositoryFiles.root.appending(path: "Sources/\(module)")
        let files = try #require(FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil))
            .compactMap { $0 as? URL }
            .filter { $0.pathExtension == "swift" }
            .sorted { $0.path < $1.path }
        var declarations: [Declaration] = []
        for file in files {
            let lines = try String(contentsOf: file, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
            for index in lines.indices where lines[index].firstMatch(of: publicDeclaration) != nil {
                var above = index - 1
                while above >= 0, lines[above].wholeMatch(of: attributeLine) != nil { above -= 1 }
                let documented = above >= 0 && lines[above].trimmingPrefix(while: \.isWhitespace).hasPrefix("///")
                let relative = String(file.path.dropFirst(RepositoryFiles.root.path.count + 1))
                declarations.append(Declaration(file: relative, line: index + 1, text: String(lines[index]), isDocumented: documented))
            }
        }
        return declarations
    }

    @Test func formCoreShowsFewerThan260PublicDeclarations() throws {
        let declarations = try Self.publicDeclarations(in: "FormCore")
        // Some public declarations must be there: a test that reads the wrong directory would pass.
        #expect(declarations.contains { $0.text.contains("public enum FormValue") })
        // 200 until a file field's value became a public type (AttachmentReference, what a
        // service reads back); the rules and errors around it stay package. 210 until forms
        // spoke several languages: a service names languages (LanguageTag, LanguagePreferences)
        // and asks a form which it has; plural rules and message tables stay package. 240
        // until forms declared their data: a service reads a form's declared names and classes
        // (DataModel, DataDeclaration, DataClass); the literal reader and the checks stay package.
        #expect(declarations.count < 260, "FormCore has \(declarations.count) public declarations")
    }

    @Test(arguments: ["FormCore", "FormEngine"])
    func everyPublicDeclarationHasADocComment(module: String) throws {
        let declarations = try Self.publicDeclarations(in: module)
        #expect(!declarations.isEmpty)
        let undocumented = declarations.filter { !$0.isDocumented }
        #expect(undocumented.isEmpty, "public without a /// comment:\n\(undocumented.map(\.description).joined(separator: "\n"))")
    }
}
