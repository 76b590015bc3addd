import Foundation
import TestSupport

/// Runs the README's Python signature check (the first ```python block of "## Webhooks") on a
/// request as the receiver got it, so that the snippet people copy is the one tested.
enum ReadmeSignatureCheck {
    static func snippet() throws -> String {
        let readme = try String(contentsOfFile: RepositoryFiles.path("README.md"), encoding: .utf8)
        guard let section = readme.range(of: "\n## Webhooks\n"),
              let start = readme.range(of: "```python\n", range: section.upperBound..<readme.endIndex),
              let end = readme.range(of: "\n```", range: start.upperBound..<readme.endIndex)
        else { throw CommandRunner.Failure(description: "README.md has no ```python block under ## Webhooks") }
        return String(readme[start.upperBound..<end.lowerBound])
    }

    /// What `verify(...)` returns, as Python prints it (`True` or `False`).
    static func verify(secret: String, request: WebhookReceiver.Request, body: Data, in scratch: Scratch) throws -> String {
        let input: [String: Any] = [
            "secret": secret, "body": body.base64EncodedString(),
            "headers": ["webhook-id": request.id, "webhook-timestamp": request.timestamp, "webhook-signature": request.signature],
        ]
        let inputPath = scratch.path("verify-\(UUID().uuidString).json")
        try JSONSerialization.data(withJSONObject: input).write(to: URL(fileURLWithPath: inputPath))
        let program = try snippet() + """

            import base64 as _b64, json as _json, sys as _sys
            _given = _json.load(open(_sys.argv[1]))
            print(verify(_given["secret"], _given["headers"], _b64.b64decode(_given["body"])))
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", program, inputPath]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw CommandRunner.Failure(description: "the README's Python failed (exit \(process.terminationStatus))")
        }
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
