import FormCore
@testable import FormServer
import Testing

/// An idempotency key's fingerprint is kept in the database: it is taken of the answers without
/// the form's secure values, so a stored fingerprint cannot be used to test password guesses.
struct FingerprintSourceTests {
    private static let secure: Set<String> = ["password", "passwordConfirmation", "pin"]

    private static func bytes(_ json: String, files: [String] = []) throws -> [UInt8] {
        var source = FingerprintSource(body: .json(try FormValue(json: json)), secureKeys: secure)
        source.files = files
        return source.bytes()
    }

    @Test func secureValuesAreLeftOutWhereverTheyStand() throws {
        let sent = try Self.bytes(#"{"name":"Ann","password":"correct-horse-42","guests":[{"email":"b@example.com","pin":"4321"}]}"#)
        let text = String(decoding: sent, as: UTF8.self)
        #expect(!text.contains("correct-horse-42") && !text.contains("4321"), "\(text)")
        #expect(text.contains("Ann") && text.contains("b@example.com"), "\(text)")
        #expect(sent == (try Self.bytes(#"{"name":"Ann","password":"letmein","guests":[{"email":"b@example.com","pin":"0000"}]}"#)))
    }

    @Test func everythingElseStillTellsRequestsApart() throws {
        let first = try Self.bytes(#"{"name":"Ann","password":"x"}"#)
        #expect(first != (try Self.bytes(#"{"name":"Bob","password":"x"}"#)))
        #expect(first != (try Self.bytes(#"{"name":"Ann","password":"x"}"#, files: ["photo 0 5720db78"])))
        #expect(try Self.bytes(#"{"name":"Ann"}"#, files: ["photo 0 5720db78"]) != (try Self.bytes(#"{"name":"Ann"}"#, files: ["photo 0 635eb64c"])))
    }

    @Test func theFormsSecureKeysIncludeRepeatTemplatesAndExpressions() throws {
        let definition = #"""
        {"sections": [
          {"elements": [{"type": "entry", "key": "name"},
                        {"type": "entry", "key": "password", "secureTextEntry": true},
                        {"type": "entry", "key": "hint", "secureTextEntry": "@{name == 'x'}"}]},
          {"bind": "iterate:guests", "addTitle": "Add a guest",
           "elementTemplate": {"type": "label", "sections": [{"elements": [
             {"type": "entry", "key": "email", "bind": "textValue:email"},
             {"type": "entry", "key": "pin", "bind": "textValue:pin", "secureTextEntry": true}]}]}}
        ]}
        """#
        let form = try CompiledForm(definition: FormDefinition.decode(json: definition).0)
        #expect(ServedForms.Form.secureKeys(of: form) == ["password", "hint", "pin"])
    }
}
