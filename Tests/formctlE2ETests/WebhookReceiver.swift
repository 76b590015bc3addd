import Foundation
import Glibc
import TestSupport

/// Scripts/webhook-receiver.py running for a test on 127.0.0.1: every request it took, read
/// back from its log. Stopping it and starting another on the same port is a receiver that was
/// down and came back.
final class WebhookReceiver {
    let process = Process()
    let port: Int
    let logPath: String
    var url: String { "http://127.0.0.1:\(port)/hook" }

    /// One request as it arrived.
    struct Request {
        var id: String
        var timestamp: String
        var signature: String
        var contentType: String
        var userAgent: String
        var body: Data
        var arrivedAt: Double
        var object: [String: Any] { ((try? JSONSerialization.jsonObject(with: body)) as? [String: Any]) ?? [:] }
        var data: [String: Any] { object["data"] as? [String: Any] ?? [:] }
    }

    /// `port` 0 picks a free one; `log` is shared by receivers started one after another on it.
    init(_ scratch: Scratch, port: Int = 0, log: String? = nil, delay: Double = 0, status: Int = 204) throws {
        logPath = log ?? scratch.path("receiver-\(UUID().uuidString).jsonl")
        if !FileManager.default.fileExists(atPath: logPath) { _ = FileManager.default.createFile(atPath: logPath, contents: nil) }
        let output = scratch.path("receiver-\(UUID().uuidString).out")
        _ = FileManager.default.createFile(atPath: output, contents: nil)
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", RepositoryFiles.path("Scripts/webhook-receiver.py"), "--port", String(port), "--log", logPath,
                             "--delay", String(delay), "--status", String(status)]
        process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: output))
        try process.run()
        self.port = try ServerProcess.listeningPort(of: process, log: URL(fileURLWithPath: output), name: "the webhook receiver")
    }

    /// Stops it at once (SIGKILL: a receiver that goes away, not one that says goodbye).
    func stop() {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
    }

    deinit { stop() }

    /// Every request logged so far, in arrival order.
    var requests: [Request] { Self.requests(inLog: logPath) }

    static func requests(inLog path: String) -> [Request] {
        let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").compactMap { line in
            guard let entry = (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any],
                  let arrived = entry["arrived"] as? Double, let id = entry["id"] as? String,
                  let body = (entry["body"] as? String).flatMap({ Data(base64Encoded: $0) })
            else { return nil }
            return Request(id: id, timestamp: entry["timestamp"] as? String ?? "", signature: entry["signature"] as? String ?? "",
                           contentType: entry["content_type"] as? String ?? "", userAgent: entry["user_agent"] as? String ?? "",
                           body: body, arrivedAt: arrived)
        }
    }

    /// Waits until `count` different events have arrived (at most `timeout` seconds), and
    /// returns every request.
    @discardableResult
    func waitForEvents(_ count: Int, timeout: Double = 60) -> [Request] {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            let all = requests
            if Set(all.map(\.id)).count >= count || Date() > deadline { return all }
            usleep(100_000)
        }
    }

    /// A port that was free a moment ago, for a receiver that starts later.
    static func freePort() throws -> Int {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(socket) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socket, $0, length) == 0 && getsockname(socket, $0, &length) == 0 }
        }
        guard bound else { throw CommandRunner.Failure(description: "no free port: \(String(cString: strerror(errno)))") }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}
