import Foundation
import Synchronization
import Testing

/// What `formctl serve` owes each connection so that slow or greedy clients cannot stall the
/// others: a request head and body must arrive in time, one address holds a bounded number of
/// connections, and writes can be limited per address. 127.0.0.2 is another client to the
/// server on 127.0.0.1.
@Suite(.serialized) struct ServeConnectionsE2ETests {
    /// Slowloris with the default limits: 300 connections from 127.0.0.1, each sending a header
    /// byte a second (and reconnecting when closed) for 8 s, while another client is served in
    /// under 2 s every time.
    @Test func aSlowlorisClientDoesNotStallOtherClients() throws {
        let scratch = try Scratch()
        let server = try ServerProcess(scratch)
        defer { server.stop() }
        let port = server.port
        let reconnections = Tally()
        let attack = DispatchGroup()
        DispatchQueue.global().async(group: attack) {
            let end = Date().addingTimeInterval(8)
            let head = "GET /forms HTTP/1.1\r\n" + String(repeating: "X-Slow: y\r\n", count: 100)
            var connections: [(connection: RawConnection?, sent: Int)] = (0..<300).map { _ in (nil, 0) }
            while Date() < end {
                for index in connections.indices where Date() < end {
                    if connections[index].connection == nil {
                        connections[index] = ((try? RawConnection(port: port)), 0)
                        reconnections.count.withLock { $0 += 1 }
                    }
                    let (connection, sent) = connections[index]
                    let byte = String(head[head.index(head.startIndex, offsetBy: sent % head.count)])
                    if connection?.send(byte) == true {
                        connections[index].sent += 1
                    } else {
                        connections[index] = (nil, 0)
                    }
                }
                usleep(1_000_000)
            }
        }
        usleep(1_500_000)
        var waits: [Double] = []
        for _ in 0..<5 {
            let start = Date()
            let status = try RawConnection(port: port, from: "127.0.0.2").get("/forms", timeout: 10)
            waits.append(Date().timeIntervalSince(start))
            #expect(status == 200)
            usleep(1_000_000)
        }
        attack.wait()
        #expect(waits.allSatisfy { $0 < 2 }, "seconds waited: \(waits)")
        // The attack was real: its connections past the per-client limit, and those that
        // dribbled past the header timeout, were closed and opened again.
        let opened = reconnections.count.withLock { $0 }
        #expect(opened > 400, "\(opened) connections opened")
        #expect(server.stop() == 0)
    }

    @Test func aRequestHeadOrBodyThatDoesNotArriveInTimeClosesTheConnection() throws {
        let scratch = try Scratch()
        let server = try ServerProcess(scratch, extra: ["--header-timeout", "1", "--body-timeout", "1"])
        defer { server.stop() }
        // Silent from the start.
        let silent = try RawConnection(port: server.port)
        var start = Date()
        #expect(silent.readUntilClosed(timeout: 5).closed)
        #expect(Date().timeIntervalSince(start) < 3)
        // A byte every 0.3 s is progress, but the head is still due 1 s after its first byte.
        let dribbling = try RawConnection(port: server.port)
        start = Date()
        var closedAfter: Double?
        for byte in "GET /forms HTTP/1.1\r\nX-Slow: aaaaaaaaaaaaaaaa" {
            if !dribbling.send(String(byte)) || dribbling.readUntilClosed(timeout: 0.3).closed {
                closedAfter = Date().timeIntervalSince(start)
                break
            }
        }
        #expect(closedAfter.map { $0 < 3 } == true, "closed after \(String(describing: closedAfter)) s")
        // A body that stops half-way.
        let halfBody = try RawConnection(port: server.port)
        halfBody.send("POST /forms/signup/submissions HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{\"name\":")
        start = Date()
        let answer = halfBody.readUntilClosed(timeout: 5)
        #expect(answer.closed && Date().timeIntervalSince(start) < 3, "\(answer)")
        // A body that keeps coming is read however long it takes in all: the limit is on pauses.
        let steadyBody = try RawConnection(port: server.port)
        let body = Array(ServeE2ETests.ann)
        steadyBody.send("POST /forms/signup/submissions HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: \(body.count)\r\nConnection: close\r\n\r\n")
        let pieces = stride(from: 0, to: body.count, by: body.count / 5 + 1).map { String(body[$0..<min($0 + body.count / 5 + 1, body.count)]) }
        for piece in pieces {
            usleep(500_000)
            steadyBody.send(piece)
        }
        #expect(RawConnection.status(of: steadyBody.readUntilClosed(timeout: 5).text) == 201)
        // A kept-alive connection idle between requests is the idle timeout's, not the header's.
        let keptAlive = try RawConnection(port: server.port)
        keptAlive.send("GET /forms HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(keptAlive.readResponse(timeout: 5).flatMap(RawConnection.status) == 200)
        usleep(2_000_000)
        #expect(keptAlive.get("/forms") == 200)
        // ... but its next head, once begun, is due like the first.
        let secondHead = try RawConnection(port: server.port)
        secondHead.send("GET /forms HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(secondHead.readResponse(timeout: 5).flatMap(RawConnection.status) == 200)
        secondHead.send("GET /forms HTTP/1.1\r\n")
        start = Date()
        #expect(secondHead.readUntilClosed(timeout: 5).closed)
        #expect(Date().timeIntervalSince(start) < 3)
        #expect(server.stop() == 0)
    }

    /// A head's timeout shorter than a body's: after a slow body (its pauses within the body
    /// timeout, its whole past the head's), the connection's next head is still due within the
    /// header timeout, not the body's.
    @Test func aShortHeaderTimeoutStillBoundsTheHeadAfterASlowBody() throws {
        let scratch = try Scratch()
        let server = try ServerProcess(scratch, extra: ["--header-timeout", "1", "--body-timeout", "30"])
        defer { server.stop() }
        let connection = try RawConnection(port: server.port)
        let body = Array(ServeE2ETests.ann)
        connection.send("POST /forms/signup/submissions HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: \(body.count)\r\n\r\n")
        connection.send(String(body[..<(body.count / 2)]))
        usleep(1_500_000)
        connection.send(String(body[(body.count / 2)...]))
        #expect(connection.readResponse(timeout: 5).flatMap(RawConnection.status) == 201)
        connection.send("GET /forms HTTP/1.1\r\n")
        let start = Date()
        #expect(connection.readUntilClosed(timeout: 10).closed)
        #expect(Date().timeIntervalSince(start) < 3, "closed after \(Date().timeIntervalSince(start)) s")
        #expect(server.stop() == 0)
    }

    @Test func connectionsPastTheLimitPerClientAreClosedWhileOtherAddressesAreServed() throws {
        let scratch = try Scratch()
        let server = try ServerProcess(scratch, extra: ["--max-connections-per-client", "2", "--header-timeout", "30"])
        defer { server.stop() }
        let first = try RawConnection(port: server.port)
        let second = try RawConnection(port: server.port)
        usleep(300_000)
        let third = try RawConnection(port: server.port)
        #expect(third.get("/forms", timeout: 3) == nil)
        #expect(try RawConnection(port: server.port, from: "127.0.0.2").get("/forms") == 200)
        // A closed connection gives its place back.
        first.close()
        usleep(300_000)
        #expect(try RawConnection(port: server.port).get("/forms") == 200)
        #expect(second.get("/forms") == 200)
        #expect(server.stop() == 0)
    }

    @Test func writesPastTheRateAreAnswered429WithRetryAfter() throws {
        let scratch = try Scratch()
        let server = try ServerProcess(scratch, extra: ["--rate-limit", "3/min"])
        defer { server.stop() }
        for _ in 0..<3 {
            #expect(try server.request("POST", "/forms/signup/submissions", body: ServeE2ETests.ann).status == 201)
        }
        let refused = try server.request("POST", "/forms/signup/submissions", body: ServeE2ETests.ann)
        #expect(refused.status == 429, "\(refused.text)")
        // One write every 20 s: the next is due in about 20 s.
        let retryAfter = try #require(refused.headers["retry-after"].flatMap { Int($0) })
        #expect((15...20).contains(retryAfter), "Retry-After: \(retryAfter)")
        #expect((refused.object["error"] as? String)?.contains("3/min") == true, "\(refused.text)")
        #expect(try server.request("POST", "/forms/signup/state", body: #"{"name":"Ann"}"#).status == 200)
        #expect(try server.request("GET", "/forms").status == 200)
        // Another address has its own count.
        let other = try RawConnection(port: server.port, from: "127.0.0.2")
        let body = ServeE2ETests.ann
        other.send("POST /forms/signup/submissions HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n\(body)")
        #expect(RawConnection.status(of: other.readUntilClosed(timeout: 5).text) == 201)
        #expect(try scratch.rows("select count(*) from submissions").trimmingCharacters(in: .whitespacesAndNewlines) == "4")
        #expect(server.log.contains(#"{"method":"POST","path":"/forms/signup/submissions","status":429"#), "\(server.log)")
        #expect(server.stop() == 0)
    }

    @Test func aClientPastTheRateWritesAgainOnceItsNextWriteIsDue() throws {
        let scratch = try Scratch()
        let server = try ServerProcess(scratch, extra: ["--rate-limit", "2/s"])
        defer { server.stop() }
        let statuses = try (0..<3).map { _ in try server.request("POST", "/forms/signup/submissions", body: ServeE2ETests.ann) }
        #expect(statuses.map(\.status) == [201, 201, 429], "\(statuses.map(\.text))")
        #expect(statuses.last?.headers["retry-after"] == "1")
        // One write every half second: due again well within a second.
        usleep(700_000)
        #expect(try server.request("POST", "/forms/signup/submissions", body: ServeE2ETests.ann).status == 201)
        #expect(server.stop() == 0)
    }

    @Test func writesAreNotLimitedUnlessAsked() throws {
        let scratch = try Scratch()
        let server = try ServerProcess(scratch)
        defer { server.stop() }
        for _ in 0..<30 {
            #expect(try server.request("POST", "/forms/signup/submissions", body: ServeE2ETests.ann).status == 201)
        }
        #expect(server.stop() == 0)
        let wrong = try CommandRunner.run(["serve", RepositoryFilesForms.directory, "--db", scratch.db, "--rate-limit", "20/day"])
        #expect(wrong.exitCode == 2 && wrong.stderr.contains("the unit after the slash is s, min or h, not 'day'"), "\(wrong)")
    }
}

/// A count that the attacking thread adds to and the test reads.
private final class Tally: Sendable {
    let count = Mutex(0)
}
