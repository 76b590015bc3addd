import Foundation
import Testing

/// Under serve, stderr is a log of JSON lines: what an action's program prints on stdout is
/// captured and logged as one JSON line (its end, bounded), never written into the log as it is.
@Suite struct ServeActionOutputE2ETests {
    @Test func actionOutputIsAJSONLineOfTheLog() throws {
        let scratch = try Scratch()
        let program = #"onLogin=sh -c 'echo "plain text, not JSON"; echo "{\"half\": "; head -c 9000 /dev/zero | tr "\0" x; cat > /dev/null'"#
        let server = try ServerProcess(scratch, extra: ["--action", program])
        let sent = try server.request("POST", "/forms/loginform/submissions", body: #"{"login": "ann", "password": "pw"}"#)
        #expect(sent.status == 201, "\(sent.status) \(sent.text)")
        #expect(server.stop() == 0)

        // What serve says before it listens (warnings, the address) is for the person starting it.
        let log = server.log
        let start = try #require(log.range(of: "listening on"), "\(log)")
        let lines = log[start.upperBound...].split(separator: "\n").dropFirst()
        #expect(!lines.isEmpty)
        var objects: [[String: Any]] = []
        for line in lines {
            let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            #expect(object != nil, "not a JSON object: \(line)")
            if let object { objects.append(object) }
        }
        let reported = try #require(objects.first { $0["action"] as? String == "onLogin" }, "\(log)")
        #expect(reported["form"] as? String == "loginform" && reported["element"] as? String == "sections[1].elements[0]", "\(reported)")
        let output = try #require(reported["stdout"] as? String)
        // The end of it, at most 4 KB, marked where the start was dropped.
        #expect(output.hasPrefix("…") && output.hasSuffix(String(repeating: "x", count: 100)) && output.utf8.count <= 4096 + 3, "\(output.count)")
        #expect(objects.contains { $0["path"] as? String == "/forms/loginform/submissions" && $0["status"] as? Int == 201 }, "\(log)")
    }

    /// A program gets the form's secrets on stdin; one that prints them puts none in the log.
    @Test func anEchoedSecretIsRedactedFromTheLog() throws {
        let scratch = try Scratch()
        let server = try ServerProcess(scratch, extra: ["--action", "onLogin=cat"])
        let sent = try server.request("POST", "/forms/loginform/submissions", body: #"{"login": "ann", "password": "hunter2-correct"}"#)
        #expect(sent.status == 201, "\(sent.status) \(sent.text)")
        #expect(server.stop() == 0)
        #expect(!server.log.contains("hunter2-correct"), "\(server.log)")
        #expect(server.log.contains("[secret]") && server.log.contains("ann"), "\(server.log)")
    }
}
