import Foundation
import Glibc
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `formctl serve` running for a test on 127.0.0.1 and a free port, stopped with SIGTERM.
final class ServerProcess {
    let process = Process()
    let port: Int
    private let errorLog: URL
    static let testToken = "test-token-0123456789abcdef"
    let token = ServerProcess.testToken

    /// `tokenFile`: a token file of the test's own instead of one holding `token` (mode 600).
    /// `launcher` runs the server through another program (`prlimit --data=... --`).
    /// `database`: another store than the scratch's SQLite file (a `postgres://` address).
    init(_ scratch: Scratch, formsDirectory: String = RepositoryFilesForms.directory, extra: [String] = [], tokenFile: String? = nil,
         launcher: [String] = [], database: String? = nil) throws {
        let tokenFile = try tokenFile ?? {
            let path = try scratch.write("token", Self.testToken + "\n")
            chmod(path, 0o600)
            return path
        }()
        errorLog = URL(fileURLWithPath: scratch.path("serve.log"))
        _ = FileManager.default.createFile(atPath: errorLog.path, contents: nil)
        let binary = try CommandRunner.binaryPath()
        let serve = ["serve", formsDirectory, "--db", database ?? scratch.db, "--port", "0", "--token-file", tokenFile] + extra
        try BuiltTraits.require(for: serve)
        process.executableURL = URL(fileURLWithPath: launcher.first ?? binary)
        process.arguments = launcher.isEmpty ? serve : Array(launcher.dropFirst()) + [binary] + serve
        process.standardError = try FileHandle(forWritingTo: errorLog)
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        port = try Self.listeningPort(of: process, log: errorLog, name: "formctl serve")
    }

    /// The port a started server says it listens on (`listening on http://127.0.0.1:PORT` in
    /// its `log`), waited for up to 10 s; a server that exits or stays silent is a failure
    /// carrying its log.
    static func listeningPort(of process: Process, log: URL, name: String) throws -> Int {
        for _ in 0..<200 {
            let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
            if let range = text.range(of: #"listening on http://127\.0\.0\.1:\d+"#, options: .regularExpression),
                let port = Int(text[range].split(separator: ":").last ?? "")
            {
                return port
            }
            if !process.isRunning { break }
            usleep(50_000)
        }
        process.terminate()
        throw CommandRunner.Failure(description: "\(name) did not start: \((try? String(contentsOf: log, encoding: .utf8)) ?? "")")
    }

    var log: String { (try? String(contentsOf: errorLog, encoding: .utf8)) ?? "" }

    /// SIGTERM, then the exit status (the server finishes what is in flight first).
    @discardableResult
    func stop() -> Int32 {
        if process.isRunning { kill(process.processIdentifier, SIGTERM) }
        process.waitUntilExit()
        return process.terminationStatus
    }

    deinit { if process.isRunning { process.terminate() } }

    struct Reply {
        var status: Int
        var headers: [String: String]
        var body: Data
        var text: String { String(decoding: body, as: UTF8.self) }
        func json() throws -> Any { try JSONSerialization.jsonObject(with: body, options: [.fragmentsAllowed]) }
        var object: [String: Any] { ((try? json()) as? [String: Any]) ?? [:] }
    }

    /// One request, synchronously (the tests are plain functions); `bytes` sends a body that
    /// need not be UTF-8.
    func request(_ method: String, _ path: String, body: String? = nil, bytes: Data? = nil, type: String? = "application/json",
                 headers: [String: String] = [:], followingRedirects: Bool = true) throws -> Reply {
        try Self.request(port: port, method, path, body: body, bytes: bytes, type: type, headers: headers,
                         followingRedirects: followingRedirects)
    }

    /// No cookie jar: a test sends the cookies it means to (cookies ignore the port, so a
    /// shared jar would carry one test's page cookie into every other test's requests).
    static let session: URLSession = {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpShouldSetCookies = false
        configuration.httpCookieAcceptPolicy = .never
        configuration.httpCookieStorage = nil
        return URLSession(configuration: configuration)
    }()

    /// The same, handing back a redirect as it came (a 303 and its Location) instead of following it.
    static let notFollowing: URLSession = {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpShouldSetCookies = false
        configuration.httpCookieAcceptPolicy = .never
        configuration.httpCookieStorage = nil
        return URLSession(configuration: configuration, delegate: RedirectRefusal(), delegateQueue: nil)
    }()

    final class RedirectRefusal: NSObject, URLSessionTaskDelegate, Sendable {
        func urlSession(_ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
                        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void) {
            completionHandler(nil)
        }
    }

    static func request(port: Int, _ method: String, _ path: String, body: String? = nil, bytes: Data? = nil,
                        type: String? = "application/json", headers: [String: String] = [:], followingRedirects: Bool = true) throws -> Reply {
        var request = URLRequest(url: URL(string: "http://127.0.0.1:\(port)\(path)")!)
        request.httpMethod = method
        if let body = bytes ?? body.map({ Data($0.utf8) }) {
            request.httpBody = body
            if let type { request.setValue(type, forHTTPHeaderField: "Content-Type") }
        }
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        let done = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var result: Result<Reply, any Error> = .failure(CommandRunner.Failure(description: "no reply"))
        (followingRedirects ? session : notFollowing).dataTask(with: request) { data, response, error in
            if let error {
                result = .failure(error)
            } else if let http = response as? HTTPURLResponse {
                var headers: [String: String] = [:]
                for (name, value) in http.allHeaderFields { headers[String(describing: name).lowercased()] = String(describing: value) }
                result = .success(Reply(status: http.statusCode, headers: headers, body: data ?? Data()))
            }
            done.signal()
        }.resume()
        guard done.wait(timeout: .now() + 30) == .success else { throw CommandRunner.Failure(description: "\(method) \(path) timed out") }
        return try result.get()
    }
}

enum RepositoryFilesForms {
    static var directory: String { (CommandRunner.exampleForm("signup.json") as NSString).deletingLastPathComponent }
}
