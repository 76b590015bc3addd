import Foundation
import Testing

/// A listing is streamed as its client reads it, and holds one of the store's readers while it
/// runs: clients that ask for one and then read nothing must not stop the server's other
/// reads, nor its other listings past the request timeout.
@Suite(.serialized) struct ServeStalledListingE2ETests {
    @Test func listingsNobodyReadsStopNeitherReadsNorLaterListings() throws {
        let scratch = try Scratch()
        let rows = 20_000
        // Each row's listing line is about 500 bytes: 10 MB in all, more than a socket's buffers.
        let guests = (0..<5).map { #"{"email":"guest\#($0).with.a.rather.long.address@example.com"}"# }.joined(separator: ",")
        let line = #"{"name":"Ann Lee","email":"ann@example.com","password":"correct horse","passwordConfirmation":"correct horse","plan":"team","company":"Analytical Engines Ltd","seats":12,"guests":[\#(guests)]}"#
        let imported = try scratch.importAll("signup.json", Array(repeating: line, count: rows))
        #expect(imported.exitCode == 0, "\(imported.stderr.suffix(500))")
        let server = try ServerProcess(scratch, extra: ["--request-timeout", "2"])
        defer { server.stop() }
        let request = "GET /forms/signup/submissions HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer \(server.token)\r\n\r\n"
        let stalled = try (0..<2).map { _ in try RawConnection(port: server.port, receiveBuffer: 4096) }
        for connection in stalled { #expect(connection.send(request)) }
        Thread.sleep(forTimeInterval: 0.5)

        // Single reads go on at once.
        for _ in 0..<5 {
            let start = Date()
            let one = try server.request("GET", "/submissions/1", headers: ["Authorization": "Bearer \(server.token)"])
            #expect(one.status == 200 && Date().timeIntervalSince(start) < 1.5, "\(one.status) after \(Date().timeIntervalSince(start)) s")
            #expect(try server.request("GET", "/readyz").status == 200)
        }
        // Past the request timeout, the stalled listings have given their readers back: a
        // listing read as it comes is whole.
        Thread.sleep(forTimeInterval: 2.5)
        let whole = try server.request("GET", "/forms/signup/submissions", headers: ["Authorization": "Bearer \(server.token)"])
        #expect(whole.status == 200, "\(whole.text.prefix(300))")
        #expect(whole.text.split(separator: "\n").count == rows)
        withExtendedLifetime(stalled) {}
    }
}
