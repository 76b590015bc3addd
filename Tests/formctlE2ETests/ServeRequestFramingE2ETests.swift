import Foundation
import Testing

/// Requests `formctl serve` refuses before reading them as answers, each with the status and
/// the reason HTTP gives for it: a body declared larger than `--max-body` (413 at once, not
/// after waiting for bytes that would be refused), two Host headers (400), a transfer coding
/// it does not read (501), malformed percent-escapes in the path or the query (400, where
/// they were read as a form named '' or stored as U+FFFD), and two Idempotency-Key headers.
/// Nothing is stored by any of them, and the server goes on answering.
@Suite(.serialized) struct ServeRequestFramingE2ETests {
    /// The first line's status and the body of what came back on a raw connection.
    static func exchange(_ server: ServerProcess, _ request: String, wait: Double = 5) throws -> (status: Int?, body: String, closed: Bool) {
        let connection = try RawConnection(port: server.port)
        defer { connection.close() }
        connection.send(request)
        let (text, closed) = connection.readUntilClosed(timeout: wait)
        let body = text.range(of: "\r\n\r\n").map { String(text[$0.upperBound...]) } ?? ""
        return (RawConnection.status(of: text), body, closed)
    }

    @Test func aBodyDeclaredTooLargeIsRefusedBeforeItIsSent() throws {
        let scratch = try Scratch()
        let server = try ServerProcess(scratch, extra: ["--max-body", "4096"])
        defer { server.stop() }
        // The head alone, and a few bytes: the answer and the close come without the rest.
        let started = ContinuousClock.now
        let reply = try Self.exchange(server, "POST /forms/signup/submissions HTTP/1.1\r\nHost: 127.0.0.1\r\n"
            + "Content-Type: application/json\r\nContent-Length: 999999999\r\n\r\n{\"name\":", wait: 10)
        let elapsed = ContinuousClock.now - started
        #expect(reply.status == 413 && reply.closed, "\(reply)")
        #expect(elapsed < .seconds(3), "answered after \(elapsed)")
        #expect(reply.body.contains("999999999") && reply.body.contains("4096"), "\(reply.body)")
        // Within the bound, the same request is read and stored.
        let stored = try server.request("POST", "/forms/signup/submissions",
                                        body: #"{"name":"Ann Lee","email":"ann@example.com","password":"correct-horse-42","passwordConfirmation":"correct-horse-42","plan":"pro"}"#)
        #expect(stored.status == 201, "\(stored.status) \(stored.text)")
        #expect(try scratch.rows("select count(*) from submissions").trimmingCharacters(in: .newlines) == "1")
    }

    @Test func twoHostHeadersAndUnreadTransferCodingsAreRefused() throws {
        let scratch = try Scratch()
        let server = try ServerProcess(scratch)
        defer { server.stop() }
        let twoHosts = try Self.exchange(server, "GET /forms HTTP/1.1\r\nHost: 127.0.0.1\r\nHost: elsewhere.example\r\n\r\n")
        #expect(twoHosts.status == 400 && twoHosts.body.contains("more than one Host") && twoHosts.closed, "\(twoHosts)")
        let oneHost = try Self.exchange(server, "GET /forms HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
        #expect(oneHost.status == 200, "\(oneHost)")

        // gzip then chunked: the bytes inside the chunks would be compressed answers.
        let chunk = #"{"name":"Ann"}"#
        let chunked = "\(String(chunk.utf8.count, radix: 16))\r\n\(chunk)\r\n0\r\n\r\n"
        let gzip = try Self.exchange(server, "POST /forms/signup/submissions HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
            + "Transfer-Encoding: gzip, chunked\r\n\r\n" + chunked)
        #expect(gzip.status == 501 && gzip.body.contains("'gzip'") && gzip.closed, "\(gzip)")
        let plain = try Self.exchange(server, "POST /forms/signup/state HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
            + "Transfer-Encoding: chunked\r\nConnection: close\r\n\r\n" + chunked)
        #expect(plain.status == 200 && plain.body.contains("Ann"), "\(plain)")
        #expect(try scratch.rows("select count(*) from submissions").trimmingCharacters(in: .newlines) == "0")
    }

    @Test func malformedEscapesInThePathOrQueryAre400() throws {
        let scratch = try Scratch()
        let server = try ServerProcess(scratch)
        defer { server.stop() }
        // Sent as written (Foundation's URL would escape the %).
        for path in ["/forms/%ZZ", "/forms/%FF", "/forms/sign%2", "/forms/signup?lang=%ZZ", "/forms/signup?data=%E2%82"] {
            let reply = try Self.exchange(server, "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
            #expect(reply.status == 400 && reply.body.contains("malformed percent-escape"), "\(path): \(reply)")
        }
        #expect(try server.request("GET", "/forms/sign%75p").status == 200)
        #expect(try server.request("GET", "/forms/signup?lang=fr%2Dca").status == 200)

        // A deletion's reason as sent or not at all: %FF was stored as U+FFFD.
        let auth = ["Authorization": "Bearer \(server.token)"]
        let stored = try server.request("POST", "/forms/signup/submissions",
                                        body: #"{"name":"Ann Lee","email":"ann@example.com","password":"correct-horse-42","passwordConfirmation":"correct-horse-42","plan":"pro"}"#)
        let id = try #require(stored.object["id"] as? Int)
        let bad = try server.request("DELETE", "/submissions/\(id)?reason=spam%FF", headers: auth)
        #expect(bad.status == 400, "\(bad.status) \(bad.text)")
        #expect(try scratch.rows("select deleted_at is null from submissions").trimmingCharacters(in: .newlines) == "1")
        let good = try server.request("DELETE", "/submissions/\(id)?reason=caf%C3%A9", headers: auth)
        #expect(good.status == 204, "\(good.status) \(good.text)")
        #expect(try scratch.rows("select deletion_reason from submissions").trimmingCharacters(in: .newlines) == "café")
    }

    @Test func twoIdempotencyKeysAreRefusedAsSuch() throws {
        let scratch = try Scratch()
        let server = try ServerProcess(scratch)
        defer { server.stop() }
        let reply = try Self.exchange(server, "POST /forms/signup/submissions HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
            + "Idempotency-Key: first-key\r\nIdempotency-Key: second-key\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}")
        #expect(reply.status == 400 && reply.body.contains("sent 2 times"), "\(reply)")
        #expect(try scratch.rows("select count(*) from submissions").trimmingCharacters(in: .newlines) == "0")
    }
}
