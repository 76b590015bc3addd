import Foundation
import TestSupport
import Testing
@testable import FormCore

/// A value computed from a secure field would carry the secret out of it (into the row, /state,
/// the page): an expression that reads a secret where its result is shown or stored is refused,
/// at its path, naming the secret. Deciding on a secret (valid or not, shown or not) is allowed.
@Suite struct SecretExpressionTests {
    static func form(_ elements: String) -> String {
        """
            {"sections": [{"elements": [
              {"type": "entry", "key": "pw", "secureTextEntry": true},
              {"type": "entry", "key": "pw2", "secureTextEntry": true, "validate": [{"rule": "expression", "test": "@{pw2 == pw}"}]},
              \(elements)]}]}
            """
    }

    @Test(arguments: [
        (#"{"type": "entry", "key": "copy", "textValue": "@{pw}"}"#, "sections[0].elements[2].textValue", "pw"),
        (#"{"type": "label", "title": "Yours", "value": "@{pw}"}"#, "sections[0].elements[2].value", "pw"),
        (#"{"type": "label", "title": "@{'pw is ' + pw}"}"#, "sections[0].elements[2].title", "pw"),
        (#"{"type": "entry", "key": "hint", "placeholder": "not @{pw2.lowercased()}"}"#, "sections[0].elements[2].placeholder", "pw2"),
        (#"{"type": "entry", "key": "e", "validate": [{"rule": "email", "message": "not @{pw}"}]}"#, "sections[0].elements[2].validate[0].message", "pw"),
        (#"{"type": "entry", "key": "len", "textValue": "@{pw.count}"}"#, "sections[0].elements[2].textValue", "pw"),
    ])
    func anExpressionShowingOrStoringASecretIsRefused(_ element: String, _ path: String, _ secret: String) throws {
        let definition = try FormDefinition(json: Self.form(element))
        let issues = DefinitionLint().lint(definition).filter { $0.code == .secretExposed }
        #expect(issues.map(\.path) == [path], "\(issues)")
        #expect(issues.first?.isError == true && issues.first?.message.contains("reads the secure field '\(secret)'") == true, "\(issues)")
        let error = #expect(throws: DefinitionError.self) { try CompiledForm(definition: definition) }
        #expect(error?.issues.contains { $0.code == .secretExposed && $0.path == path } == true)
    }

    @Test func aSecretInARepeatItemIsFoundThere() throws {
        let json = """
            {"sections": [{"bind": "iterate:guests", "elementTemplate": {"type": "entry", "key": "pin", "secureTextEntry": true}},
              {"bind": "iterate:guests", "elementTemplate": {"type": "label", "key": "shown", "value": "@{pin}"}}]}
            """
        let issues = DefinitionLint().lint(try FormDefinition(json: json)).filter { $0.code == .secretExposed }
        #expect(issues.map(\.path) == ["sections[1].elementTemplate.value"], "\(issues)")
    }

    @Test(arguments: [
        #"{"type": "entry", "key": "strength", "hidden": "@{pw.count == 0}", "required": "@{pw.count > 0}", "enabled": "@{pw != ''}"}"#,
        #"{"type": "entry", "key": "pw3", "secureTextEntry": true, "textValue": "@{pw}"}"#,
        #"{"type": "label", "title": "Passwords are never stored", "value": "@{copy}"}, {"type": "entry", "key": "copy"}"#,
    ])
    func decidingOnASecretOrKeepingItSecureIsAllowed(_ element: String) throws {
        let definition = try FormDefinition(json: Self.form(element))
        let issues = DefinitionLint().lint(definition).filter(\.isError)
        #expect(issues.isEmpty, "\(issues)")
        _ = try CompiledForm(definition: definition)
    }

    @Test func theExampleFormsAndFixturesStillLoad() throws {
        // signup.json compares its two passwords in a rule; the others have secure fields too.
        let files = try ["signup.json", "loginform.json", "survey.json", "contacts.json", "jsondatasample.json", "jsonadvancedsample.json"]
            .map { try RepositoryFiles.fixture($0) }
        for file in files {
            let definition = try FormDefinition(json: String(contentsOfFile: file, encoding: .utf8))
            #expect(DefinitionLint().lint(definition).filter { $0.code == .secretExposed }.isEmpty, "\(file)")
        }
    }
}
