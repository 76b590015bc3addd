import Foundation
import Glibc

/// A `multipart/form-data` body made by a test, part by part, as a browser or curl sends one.
struct MultipartForm {
    let boundary = "formctl-test-" + UUID().uuidString
    private(set) var head = Data()

    var contentType: String { "multipart/form-data; boundary=\(boundary)" }

    mutating func field(_ name: String, _ value: String, type: String? = nil) {
        head += Data("--\(boundary)\r\nContent-Disposition: form-data; name=\"\(name)\"\r\n".utf8)
        if let type { head += Data("Content-Type: \(type)\r\n".utf8) }
        head += Data("\r\n\(value)\r\n".utf8)
    }

    mutating func file(_ name: String, fileName: String, type: String = "application/octet-stream", bytes: Data) {
        head += fileHead(name, fileName: fileName, type: type) + bytes + Data("\r\n".utf8)
    }

    /// A file part's headers: its bytes follow, then `\r\n`.
    func fileHead(_ name: String, fileName: String, type: String = "application/octet-stream") -> Data {
        Data("--\(boundary)\r\nContent-Disposition: form-data; name=\"\(name)\"; filename=\"\(fileName)\"\r\nContent-Type: \(type)\r\n\r\n".utf8)
    }

    var end: Data { Data("--\(boundary)--\r\n".utf8) }

    /// The whole body.
    var body: Data { head + end }
}

/// A POST whose body is sent piece by piece from a generator, never whole in the test's memory,
/// reading the server's answer while it sends (as curl does): a server that answers early is
/// heard, and sending stops once the answer is in.
final class StreamingUpload {
    private let descriptor: Int32

    init(port: Int) throws {
        descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw CommandRunner.Failure(description: "socket: errno \(errno)") }
        var limit = timeval(tv_sec: 10, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_SNDTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        var remote = sockaddr_in()
        remote.sin_family = sa_family_t(AF_INET)
        remote.sin_port = in_port_t(port).bigEndian
        inet_pton(AF_INET, "127.0.0.1", &remote.sin_addr)
        let connected = withUnsafePointer(to: &remote) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else {
            Glibc.close(descriptor)
            throw CommandRunner.Failure(description: "connect to port \(port): errno \(errno)")
        }
    }

    deinit { Glibc.close(descriptor) }

    private(set) var received = Data()
    /// Bytes of the body sent.
    private(set) var sent = 0

    /// Sends the request head, then `next()`'s pieces until it returns nil or the server has
    /// answered (or closed); then reads the answer until `timeout` seconds. Returns the
    /// answer's status and body text; nil status when none came.
    func post(_ path: String, contentType: String, contentLength: Int, headers: [String: String] = [:], timeout: Double = 60,
              next: () -> Data?) -> (status: Int?, text: String) {
        var head = "POST \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: \(contentType)\r\nContent-Length: \(contentLength)\r\n"
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        guard send(Data((head + "\r\n").utf8)) else { return (nil, "") }
        while !answerIsWhole(), let piece = next() {
            guard send(piece) else { break }
            sent += piece.count
            readAvailable(waiting: 0)
        }
        let deadline = Date().addingTimeInterval(timeout)
        while !answerIsWhole(), deadline.timeIntervalSinceNow > 0 {
            if !readAvailable(waiting: 100) { break }
        }
        let text = String(decoding: received, as: UTF8.self)
        let body = text.range(of: "\r\n\r\n").map { String(text[$0.upperBound...]) } ?? ""
        return (RawConnection.status(of: text), body)
    }

    /// Sends the head and `bytes` of the body, no more, leaving the request unfinished.
    func start(_ path: String, contentType: String, contentLength: Int, bytes: Data) -> Bool {
        let head = "POST \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: \(contentType)\r\nContent-Length: \(contentLength)\r\n\r\n"
        return send(Data(head.utf8)) && send(bytes)
    }

    func send(_ data: Data) -> Bool {
        data.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let count = Glibc.send(descriptor, raw.baseAddress! + offset, raw.count - offset, Int32(MSG_NOSIGNAL))
                if count <= 0 { return false }
                offset += count
            }
            return true
        }
    }

    /// Reads what has arrived (waiting up to `waiting` ms for some); false once the server has
    /// closed the connection.
    @discardableResult
    private func readAvailable(waiting: Int32) -> Bool {
        var buffer = [UInt8](repeating: 0, count: 65_536)
        var ready = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        guard poll(&ready, 1, waiting) > 0 else { return true }
        let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
        if count <= 0 { return false }
        received += buffer[0..<count]
        return true
    }

    /// Whether a whole response (head and Content-Length bytes) has arrived.
    private func answerIsWhole() -> Bool {
        let text = String(decoding: received, as: UTF8.self)
        guard let end = text.range(of: "\r\n\r\n") else { return false }
        let length = text[..<end.lowerBound].split(separator: "\r\n")
            .first { $0.lowercased().hasPrefix("content-length:") }
            .flatMap { Int($0.split(separator: ":")[1].trimmingCharacters(in: .whitespaces)) } ?? 0
        return text.utf8.count - text[..<end.upperBound].utf8.count >= length
    }
}

/// A process's resident memory in bytes (VmRSS of /proc/PID/status).
func residentBytes(of pid: Int32) -> Int? {
    guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
        let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") })
    else { return nil }
    let kilobytes = line.split(separator: " ").dropFirst().first.flatMap { Int($0) }
    return kilobytes.map { $0 * 1024 }
}

/// The SHA-256 of bytes fed piece by piece, by `sha256sum` (a 100 MB body is hashed as it is
/// sent, never held).
final class StreamingSHA256 {
    private let process = Process()
    private let input = Pipe()
    private let output = Pipe()

    init() throws {
        process.executableURL = URL(fileURLWithPath: "/usr/bin/sha256sum")
        process.standardInput = input
        process.standardOutput = output
        try process.run()
    }

    func update(_ data: Data) { input.fileHandleForWriting.write(data) }

    func finish() -> String {
        try? input.fileHandleForWriting.close()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return String(text.prefix(64))
    }
}
