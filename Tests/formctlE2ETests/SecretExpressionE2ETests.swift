import Foundation
import Testing

/// A definition that would copy a secret into a shown or stored value is refused wherever it is
/// loaded (check, fill, serve), at the path of the expression, naming the secret.
@Suite(.serialized) struct SecretExpressionE2ETests {
    static let leaking = """
        {"sections": [{"elements": [
          {"type": "entry", "key": "pw", "title": "Password", "secureTextEntry": true},
          {"type": "entry", "key": "copy", "textValue": "@{pw}"}]}]}
        """
    static let message = "sections[0].elements[1].textValue: reads the secure field 'pw', and what it computes is shown or stored"

    @Test func checkAndFillRefuseTheFormWithThePathAndTheSecret() throws {
        let scratch = try Scratch()
        let form = try scratch.write("leak.json", Self.leaking)
        let check = try CommandRunner.run(["check", form], directory: scratch.directory)
        #expect(check.exitCode == 1 && check.stderr.contains("\(form):3:49: error: \(Self.message)"), "\(check)")
        let fill = try scratch.formctl(["fill", form, "--set", "pw=hunter2-secret", "--no-input"])
        #expect(fill.exitCode == 1 && fill.stderr.contains(Self.message), "\(fill)")
        let stored = FileManager.default.fileExists(atPath: scratch.db) ? try scratch.rows("SELECT count(*) FROM submissions") : "0\n"
        #expect(stored == "0\n", "\(stored)")
    }

    @Test func serveLeavesTheFormOutAndServesTheOthers() throws {
        let scratch = try Scratch()
        try FileManager.default.createDirectory(atPath: scratch.path("forms"), withIntermediateDirectories: false)
        _ = try scratch.write("forms/leak.json", Self.leaking)
        _ = try scratch.write("forms/fine.json", #"{"sections": [{"elements": [{"type": "entry", "key": "name"}]}]}"#)
        let server = try ServerProcess(scratch, formsDirectory: scratch.path("forms"))
        defer { server.stop() }
        let forms = try #require(try server.request("GET", "/forms").json() as? [[String: Any]])
        #expect(forms.map { $0["name"] as? String } == ["fine"], "\(forms)")
        #expect(server.log.contains("leak.json") && server.log.contains("reads the secure field 'pw'"), "\(server.log)")
        let posted = try server.request("POST", "/forms/leak/submissions", body: #"{"pw": "hunter2-secret"}"#)
        #expect(posted.status == 404, "\(posted.status)")
    }
}
