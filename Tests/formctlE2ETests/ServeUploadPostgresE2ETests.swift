import Foundation
import PostgresTestServer
import Testing

/// Files over HTTP with the submissions in PostgreSQL: the same bytes back from the files
/// endpoint, and a refused upload storing nothing.
@Suite(.enabled(if: PostgresTestServer.unavailableReason == nil,
                "PostgreSQL tests skipped: \(PostgresTestServer.unavailableReason ?? "")"))
struct ServeUploadPostgresE2ETests {
    typealias Upload = ServeUploadE2ETests

    @Test func filesComeBackByteForByteAndARefusedUploadStoresNothing() throws {
        let scratch = try Scratch()
        let postgres = try PostgresTestServer.shared()
        let url = try postgres.createDatabase()
        let database = PostgresTestServer.databaseName(of: url)
        let server = try ServerProcess(scratch, formsDirectory: try Upload.forms(scratch), database: url)
        defer { server.stop() }
        let auth = ["Authorization": "Bearer \(server.token)"]

        var refused = MultipartForm()
        refused.field("title", "Too big")
        refused.file("slides", fileName: "deck.pdf", bytes: Upload.pdf("refused"))
        refused.file("photo", fileName: "big.png", type: "image/png", bytes: Upload.png + Data(count: 1_200_000))
        let tooLarge = try server.request("POST", "/forms/proposal/submissions", bytes: refused.body, type: refused.contentType,
                                          headers: ["Accept": "application/json"])
        #expect(tooLarge.status == 413 && tooLarge.object["field"] as? String == "photo", "\(tooLarge.status) \(tooLarge.text)")
        let counts = "SELECT (SELECT count(*) FROM submissions) || ' ' || (SELECT count(*) FROM submission_attachments) || ' ' || (SELECT count(*) FROM attachment_contents)"
        #expect(try postgres.psql(counts, database: database) == "0 0 0\n")

        // 600 KB of slides: stored in three pieces, read back in order.
        let slides = Upload.pdf("big deck") + Data((0..<600_000).map { UInt8(truncatingIfNeeded: $0 &* 13) })
        var form = MultipartForm()
        form.field("title", "On PostgreSQL")
        form.file("photo", fileName: "me.png", type: "image/png", bytes: Upload.png)
        form.file("slides", fileName: "deck.pdf", bytes: slides)
        let created = try server.request("POST", "/forms/proposal/submissions", bytes: form.body, type: form.contentType,
                                         headers: ["Accept": "application/json"])
        #expect(created.status == 201, "\(created.status) \(created.text)")
        let id = try #require(created.object["id"] as? Int)
        for (key, expected) in [("photo", Upload.png), ("slides", slides)] {
            let file = try server.request("GET", "/submissions/\(id)/files/\(key)", type: nil, headers: auth)
            #expect(file.status == 200 && Upload.sha256(file.body) == Upload.sha256(expected), "\(key): \(file.status) \(file.body.count) bytes")
        }
        #expect(try postgres.psql(counts, database: database) == "1 2 2\n")
    }
}
