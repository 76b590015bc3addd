import Foundation
import Secrets
import Testing

/// Files over HTTP against a real `formctl serve`: a multipart submit whose files come back
/// byte for byte from `GET /submissions/ID/files/KEYPATH` (with the type found from the bytes,
/// as an attachment, never sniffed), the submission listing its files, the page's file inputs,
/// and a page post with a file answered with the success page.
@Suite(.serialized) struct ServeUploadE2ETests {
    /// A talk proposal: a title, a PNG photo of at most 1 MiB, one or two PDFs of slides
    /// (required), at most 3 MiB of files in all.
    static let proposal = #"""
    {
      "title": "Talk proposal",
      "maxUploadSize": 3145728,
      "sections": [{"elements": [
        {"type": "entry", "key": "title", "title": "Title", "required": true},
        {"type": "image", "key": "photo", "title": "Photo", "accept": ["image/png"], "maxSize": 1048576},
        {"type": "file", "key": "slides", "title": "Slides", "accept": ["application/pdf", ".pdf"], "maximumFiles": 2, "required": true}
      ]}]
    }
    """#

    /// A 1×1 PNG.
    static let png = Data(base64Encoded: "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=")!

    static func pdf(_ text: String) -> Data { Data("%PDF-1.4\n% \(text)\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n".utf8) }

    /// A forms directory holding `proposal.json`.
    static func forms(_ scratch: Scratch, _ definition: String = proposal, name: String = "proposal") throws -> String {
        let directory = scratch.path("forms")
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        try definition.write(toFile: directory + "/\(name).json", atomically: true, encoding: .utf8)
        return directory
    }

    static func sha256(_ data: Data) -> String { SHA256.hex(ofBytes: data) }

    /// What the database holds of submissions and files: rows of submissions, of their
    /// attachments, of stored contents and of their chunks.
    static func stored(_ scratch: Scratch) throws -> String {
        try scratch.rows("""
            select (select count(*) from submissions) || ' ' || (select count(*) from submission_attachments) || ' '
              || (select count(*) from attachment_contents) || ' ' || (select count(*) from attachment_chunks)
            """).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test func filesSentAsPartsComeBackByteForByte() throws {
        let scratch = try Scratch()
        let server = try ServerProcess(scratch, formsDirectory: try Self.forms(scratch))
        defer { server.stop() }
        let (first, second) = (Self.pdf("first deck"), Self.pdf("second deck, longer than the first"))
        var form = MultipartForm()
        form.field("title", "Streams in Swift")
        form.file("photo", fileName: "me.png", type: "image/png", bytes: Self.png)
        form.file("slides", fileName: #"deck \"one\".pdf"#, bytes: first)
        form.file("slides", fileName: "deck-2.pdf", type: "application/pdf", bytes: second)
        let reply = try server.request("POST", "/forms/proposal/submissions", bytes: form.body, type: form.contentType,
                                       headers: ["Accept": "application/json"])
        #expect(reply.status == 201, "\(reply.status) \(reply.text)")
        let id = try #require(reply.object["id"] as? Int)
        let auth = ["Authorization": "Bearer \(server.token)"]

        let shown = try server.request("GET", "/submissions/\(id)", type: nil, headers: auth)
        #expect(shown.status == 200, "\(shown.text)")
        let files = try #require(shown.object["files"] as? [[String: Any]], "\(shown.text)")
        #expect(files.map { "\($0["key"]!) \($0["position"]!) \($0["type"]!) \($0["sha256"]!)" } == [
            "photo 0 image/png \(Self.sha256(Self.png))", "slides 0 application/pdf \(Self.sha256(first))",
            "slides 1 application/pdf \(Self.sha256(second))",
        ])
        let data = try #require(shown.object["data"] as? [String: Any])
        let photo = try #require(data["photo"] as? [String: Any], "the value is the file's reference: \(shown.text)")
        #expect(photo["sha256"] as? String == Self.sha256(Self.png) && photo["width"] as? Int == 1 && photo["height"] as? Int == 1)
        #expect((data["slides"] as? [[String: Any]])?.map { $0["name"] as? String } == ["deck \"one\".pdf", "deck-2.pdf"])

        for (path, expected, type, name) in [
            ("/submissions/\(id)/files/photo", Self.png, "image/png", "me.png"),
            ("/submissions/\(id)/files/slides", first, "application/pdf", "deck%20%22one%22.pdf"),
            ("/submissions/\(id)/files/slides?position=1", second, "application/pdf", "deck-2.pdf"),
        ] {
            let file = try server.request("GET", path, type: nil, headers: auth)
            #expect(file.status == 200 && Self.sha256(file.body) == Self.sha256(expected), "\(path): \(file.status) \(file.text.prefix(200))")
            #expect(file.headers["content-type"] == type, "\(path): \(file.headers)")
            #expect(file.headers["content-disposition"] == "attachment; filename*=UTF-8''\(name)", "\(path): \(file.headers)")
            #expect(file.headers["x-content-type-options"] == "nosniff" && file.headers["content-length"] == String(expected.count))
        }
        // No file there, no token, and a deleted submission's files: none is served.
        #expect(try server.request("GET", "/submissions/\(id)/files/slides?position=2", type: nil, headers: auth).status == 404)
        #expect(try server.request("GET", "/submissions/\(id)/files/title", type: nil, headers: auth).status == 404)
        #expect(try server.request("GET", "/submissions/\(id)/files/photo", type: nil).status == 401)
        #expect(try server.request("DELETE", "/submissions/\(id)", type: nil, headers: auth).status == 204)
        #expect(try server.request("GET", "/submissions/\(id)/files/photo", type: nil, headers: auth).status == 404)
        // Nothing of a file reaches the log.
        #expect(!server.log.contains("first deck") && !server.log.contains("me.png"), "\(server.log)")
    }

    @Test func answersAsOneJSONPartTakeTheFilesBeside() throws {
        let scratch = try Scratch()
        let server = try ServerProcess(scratch, formsDirectory: try Self.forms(scratch))
        defer { server.stop() }
        var form = MultipartForm()
        form.field("answers", #"{"title": "Answers in JSON"}"#, type: "application/json")
        form.file("slides", fileName: "deck.pdf", bytes: Self.pdf("json"))
        let reply = try server.request("POST", "/forms/proposal/submissions", bytes: form.body, type: form.contentType,
                                       headers: ["Accept": "application/json"])
        #expect(reply.status == 201, "\(reply.status) \(reply.text)")
        #expect(try Self.stored(scratch) == "1 1 1 1")
        #expect(try scratch.rows("select key_path || ' ' || name || ' ' || size from submission_attachments")
            .trimmingCharacters(in: .newlines) == "slides deck.pdf \(Self.pdf("json").count)")
    }

    @Test func thePageHasFileInputsAndAPostWithAFileIsSaved() throws {
        let scratch = try Scratch()
        let server = try ServerProcess(scratch, formsDirectory: try Self.forms(scratch))
        defer { server.stop() }
        let page = try server.request("GET", "/forms/proposal", type: nil, headers: ["Accept": "text/html"])
        #expect(page.text.contains(#"enctype="multipart/form-data""#), "\(page.text)")
        #expect(page.text.contains(#"<input type="file" id="field-photo" name="photo" accept="image/png">"#), "\(page.text)")
        #expect(page.text.contains(#"<input type="file" id="field-slides" name="slides" accept="application/pdf,.pdf" multiple"#), "\(page.text)")

        // A post without the required file: the page again, saying to choose the file again.
        var missing = MultipartForm()
        missing.field("title", "No slides")
        missing.file("photo", fileName: "me.png", type: "image/png", bytes: Self.png)
        missing.file("slides", fileName: "", bytes: Data())
        let refused = try server.request("POST", "/forms/proposal/submissions", bytes: missing.body, type: missing.contentType,
                                         headers: ["Accept": "text/html"])
        #expect(refused.status == 422 && refused.text.contains("Choose the file again"), "\(refused.status) \(refused.text)")
        #expect(refused.text.contains(#"id="error-slides""#), "the error is beside the field: \(refused.text)")
        #expect(try Self.stored(scratch) == "0 0 0 0")

        // A file refused as it is read: the page again with the error beside it and what was typed.
        var wrong = MultipartForm()
        wrong.field("title", "Wrong photo")
        wrong.file("photo", fileName: "me.png", type: "image/png", bytes: Self.pdf("not a picture"))
        let refusedType = try server.request("POST", "/forms/proposal/submissions", bytes: wrong.body, type: wrong.contentType,
                                             headers: ["Accept": "text/html"])
        #expect(refusedType.status == 415 && refusedType.text.contains(#"id="error-photo""#), "\(refusedType.status) \(refusedType.text)")
        #expect(refusedType.text.contains(#"value="Wrong photo""#) && refusedType.text.contains("Choose the file again"), "\(refusedType.text)")
        #expect(try Self.stored(scratch) == "0 0 0 0")

        var whole = missing
        whole.file("slides", fileName: "deck.pdf", bytes: Self.pdf("page"))
        let saved = try server.request("POST", "/forms/proposal/submissions", bytes: whole.body, type: whole.contentType,
                                       headers: ["Accept": "text/html"])
        #expect(saved.status == 201 && saved.text.contains("Saved submission 1"), "\(saved.status) \(saved.text)")
        #expect(try Self.stored(scratch) == "1 2 2 2")
    }

    /// Save draft with a file from the page: the draft keeps it, its page says it is attached,
    /// and submitting from the draft's page without choosing it again stores it with the row.
    @Test func aDraftSavedFromThePageKeepsItsFile() throws {
        let scratch = try Scratch()
        let server = try ServerProcess(scratch, formsDirectory: try Self.forms(scratch))
        defer { server.stop() }
        var form = MultipartForm()
        form.field("_save_draft", "1")
        form.field("title", "Half done")
        form.file("slides", fileName: "draft.pdf", bytes: Self.pdf("draft"))
        let saved = try server.request("POST", "/forms/proposal/submissions", bytes: form.body, type: form.contentType,
                                       headers: ["Accept": "text/html"], followingRedirects: false)
        #expect(saved.status == 303, "\(saved.status) \(saved.text)")
        let location = try #require(saved.headers["location"])
        let match = try #require(location.wholeMatch(of: /\/forms\/proposal\/drafts\/(\d+)\?resume=([A-Za-z0-9_-]+)/), "\(location)")
        let shown = try server.request("GET", location, type: nil, headers: ["Accept": "text/html"])
        #expect(shown.text.contains("Attached: draft.pdf"), "\(shown.text)")

        // A file refused on the draft's page: that page again, the draft's form and the error.
        var wrong = MultipartForm()
        wrong.field("_resume_token", String(match.2))
        wrong.field("title", "Wrong photo")
        wrong.file("photo", fileName: "me.png", type: "image/png", bytes: Self.pdf("not a picture"))
        let refused = try server.request("POST", "/forms/proposal/drafts/\(match.1)", bytes: wrong.body, type: wrong.contentType,
                                         headers: ["Accept": "text/html"])
        #expect(refused.status == 415 && refused.text.contains(#"id="error-photo""#), "\(refused.status) \(refused.text)")
        #expect(refused.text.contains(#"action="/forms/proposal/drafts/\#(match.1)""#) && refused.text.contains(#"value="Wrong photo""#),
                "\(refused.text)")

        var final = MultipartForm()
        final.field("_resume_token", String(match.2))
        final.field("title", "Done")
        final.file("slides", fileName: "", bytes: Data())
        let done = try server.request("POST", "/forms/proposal/drafts/\(match.1)", bytes: final.body, type: final.contentType,
                                      headers: ["Accept": "text/html"])
        #expect(done.status == 201 && done.text.contains("Saved submission \(match.1)"), "\(done.status) \(done.text)")
        #expect(try scratch.rows("select s.status || ' ' || a.name from submissions s join submission_attachments a on a.submission_id = s.id")
            .trimmingCharacters(in: .newlines) == "final draft.pdf")
    }

    /// A stranger's HTML, SVG or a text file claimed as HTML is served so no browser runs it:
    /// `application/octet-stream` rather than a type a browser renders, and a sandboxing CSP
    /// on every file; the submission's JSON still says what each file is.
    @Test func anUploadABrowserWouldRunIsServedAsBytesInASandbox() throws {
        let scratch = try Scratch()
        let open = #"{"title": "Open", "sections": [{"elements": [{"type": "file", "key": "doc", "maximumFiles": 3}]}]}"#
        let server = try ServerProcess(scratch, formsDirectory: try Self.forms(scratch, open, name: "open"))
        defer { server.stop() }
        var form = MultipartForm()
        form.file("doc", fileName: "x.html", type: "text/html", bytes: Data("<html><script>alert(1)</script></html>".utf8))
        form.file("doc", fileName: "x.svg", type: "image/svg+xml",
                  bytes: Data(#"<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>"#.utf8))
        form.file("doc", fileName: "notes.txt", type: "text/html", bytes: Data("<b>claimed as HTML</b>".utf8))
        let reply = try server.request("POST", "/forms/open/submissions", bytes: form.body, type: form.contentType,
                                       headers: ["Accept": "application/json"])
        #expect(reply.status == 201, "\(reply.status) \(reply.text)")
        let id = try #require(reply.object["id"] as? Int)
        let auth = ["Authorization": "Bearer \(server.token)"]
        let shown = try server.request("GET", "/submissions/\(id)", type: nil, headers: auth)
        let files = try #require(shown.object["files"] as? [[String: Any]], "\(shown.text)")
        #expect(files.map { $0["type"] as? String } == ["text/html", "image/svg+xml", "text/html"], "\(shown.text)")
        for position in 0..<3 {
            let file = try server.request("GET", "/submissions/\(id)/files/doc?position=\(position)", type: nil, headers: auth)
            #expect(file.status == 200 && file.headers["content-type"] == "application/octet-stream", "\(position): \(file.headers)")
            #expect(file.headers["content-security-policy"] == "default-src 'none'; sandbox", "\(position): \(file.headers)")
            #expect(file.headers["content-disposition"]?.hasPrefix("attachment;") == true && file.headers["x-content-type-options"] == "nosniff")
        }
    }

    /// A part that names its file only by `filename*` (RFC 8187, as some HTTP libraries send a
    /// name that is not ASCII) is a file with that name decoded, not the field's text.
    @Test func aFileNamedOnlyByFilenameStarIsAFile() throws {
        let scratch = try Scratch()
        let server = try ServerProcess(scratch, formsDirectory: try Self.forms(scratch))
        defer { server.stop() }
        var form = MultipartForm()
        form.field("title", "Extended name")
        form.file("slides", fileName: "deck.pdf", bytes: Self.pdf("plain"))
        var body = form.head
        body += Data("--\(form.boundary)\r\nContent-Disposition: form-data; name=\"slides\"; filename*=UTF-8''r%C3%A9sum%C3%A9.pdf\r\n\r\n".utf8)
        body += Self.pdf("extended") + Data("\r\n".utf8) + form.end
        let reply = try server.request("POST", "/forms/proposal/submissions", bytes: body, type: form.contentType,
                                       headers: ["Accept": "application/json"])
        #expect(reply.status == 201, "\(reply.status) \(reply.text)")
        #expect(try scratch.rows("select name from submission_attachments order by position").split(separator: "\n") == ["deck.pdf", "résumé.pdf"])
    }
}
