import Foundation
import Glibc

/// A TCP connection to the test server made by hand, for what URLSession does not do: come
/// from another local address (127.0.0.2 is another client to the server), hold a connection
/// open without a request, or send a request a few bytes at a time.
final class RawConnection {
    private var descriptor: Int32

    /// Connects to 127.0.0.1:`port` from `source`; connecting and sending give up after 3 s.
    init(port: Int, from source: String = "127.0.0.1", receiveBuffer: Int32? = nil) throws {
        descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw CommandRunner.Failure(description: "socket: errno \(errno)") }
        // A small window, set before connecting: a client that reads slowly, or not at all.
        if var size = receiveBuffer { setsockopt(descriptor, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size)) }
        var limit = timeval(tv_sec: 3, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_SNDTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        var local = Self.address(source, port: 0)
        var remote = Self.address("127.0.0.1", port: port)
        let bound = withUnsafePointer(to: &local) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        let connected = withUnsafePointer(to: &remote) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, connected == 0 else {
            let failure = errno
            Glibc.close(descriptor)
            throw CommandRunner.Failure(description: "connect from \(source) to port \(port): errno \(failure)")
        }
    }

    deinit { close() }

    private static func address(_ text: String, port: Int) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(port).bigEndian
        inet_pton(AF_INET, text, &address.sin_addr)
        return address
    }

    /// Sends `text`; false when the server has closed the connection.
    @discardableResult
    func send(_ text: String) -> Bool {
        guard descriptor >= 0 else { return false }
        let bytes = Array(text.utf8)
        return bytes.withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) } == bytes.count
    }

    /// Reads until the server closes the connection or `timeout` seconds pass: what came, and
    /// whether the server closed it (a reset counts as closed).
    func readUntilClosed(timeout: Double) -> (text: String, closed: Bool) {
        var received: [UInt8] = []
        let deadline = Date().addingTimeInterval(timeout)
        var buffer = [UInt8](repeating: 0, count: 4096)
        while descriptor >= 0 {
            let left = deadline.timeIntervalSinceNow
            guard left > 0 else { break }
            var waiting = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&waiting, 1, Int32(left * 1000) + 1) > 0 else { continue }
            let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if count <= 0 { return (String(decoding: received, as: UTF8.self), true) }
            received += buffer[0..<count]
        }
        return (String(decoding: received, as: UTF8.self), false)
    }

    /// Reads one whole response to a request without a body (the head, then Content-Length
    /// bytes), leaving the connection open; nil when none comes within `timeout` seconds.
    func readResponse(timeout: Double) -> String? {
        var received: [UInt8] = []
        let deadline = Date().addingTimeInterval(timeout)
        var buffer = [UInt8](repeating: 0, count: 4096)
        while descriptor >= 0, deadline.timeIntervalSinceNow > 0 {
            let text = String(decoding: received, as: UTF8.self)
            if let end = text.range(of: "\r\n\r\n") {
                let length = text[..<end.lowerBound].split(separator: "\r\n")
                    .first { $0.lowercased().hasPrefix("content-length:") }
                    .flatMap { Int($0.split(separator: ":")[1].trimmingCharacters(in: .whitespaces)) } ?? 0
                if text.utf8.count - text[..<end.upperBound].utf8.count >= length { return text }
            }
            var waiting = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&waiting, 1, Int32(deadline.timeIntervalSinceNow * 1000) + 1) > 0 else { continue }
            let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if count <= 0 { return nil }
            received += buffer[0..<count]
        }
        return nil
    }

    /// One `GET path` with `Connection: close`: the response's status, or nil when the server
    /// closed the connection (or sent nothing) within `timeout` seconds.
    func get(_ path: String, timeout: Double = 5) -> Int? {
        guard send("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n") else { return nil }
        return Self.status(of: readUntilClosed(timeout: timeout).text)
    }

    /// The status code of a response's first line, if it is one.
    static func status(of response: String) -> Int? {
        let first = response.split(separator: "\r\n", maxSplits: 1).first ?? ""
        let parts = first.split(separator: " ")
        guard parts.count >= 2, parts[0].hasPrefix("HTTP/1.") else { return nil }
        return Int(parts[1])
    }

    func close() {
        if descriptor >= 0 { Glibc.close(descriptor) }
        descriptor = -1
    }
}
