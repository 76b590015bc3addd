import Foundation
import Testing

/// What `formctl serve` makes of a request's body: an HTML form's field names checked against the
/// form and bounded (a name of 40,000 parts, or 10,000 names with item number 9999, used to take
/// gigabytes until the server died), bytes that do not decode refused by field, a form posted to a
/// draft's address acting on that draft, and forms directories holding a FIFO or names that need
/// percent-encoding.
@Suite(.serialized) struct ServeBodyE2ETests {
    static let formType = "application/x-www-form-urlencoded"
    static let ann = "name=Ann+Lee&email=ann%40example.com&password=correct-horse-42&passwordConfirmation=correct-horse-42&plan=pro&newsletter=false"

    /// The server's data segment (heap and private writable mappings) capped at 256 MiB: an idle
    /// server uses about 80 MB of it. RLIMIT_DATA rather than RLIMIT_AS, because glibc's malloc
    /// reserves 64 MB of address space per thread arena, which RLIMIT_AS would count though it is
    /// never used. The unbounded builder needed 2.6 to 23 GB for these bodies and died at the cap.
    static let memoryCap = ["/usr/bin/prlimit", "--data=268435456", "--"]

    /// The result of a query on the test's database, without its line break.
    static func rows(_ scratch: Scratch, _ sql: String) throws -> String {
        try scratch.rows(sql).trimmingCharacters(in: .newlines)
    }

    @Test func hostileNamesGetA4xxQuicklyUnderAMemoryCap() throws {
        let scratch = try Scratch()
        let server = try ServerProcess(scratch, launcher: Self.memoryCap)
        defer { server.stop() }
        let deep40k = "name" + String(repeating: ".a", count: 39_999) + "=x"
        let deep100k = "name" + String(repeating: ".a", count: 99_999) + "=x"
        let farItems = (0..<10_000).map { "k\($0).9999=x" }.joined(separator: "&")
        for (path, body, status, field) in [
            ("/forms/signup/submissions", deep40k, 400, "name.a.a.a"), ("/forms/signup/submissions", deep100k, 400, "name.a.a.a"),
            ("/forms/signup/state", deep100k, 400, "name.a.a.a"), ("/forms/signup/state", farItems, 422, "k0.9999"),
            ("/forms/signup/submissions", farItems, 422, "k0.9999"),
        ] {
            let started = ContinuousClock.now
            let reply = try server.request("POST", path, body: body, type: Self.formType)
            let elapsed = ContinuousClock.now - started
            #expect(reply.status == status, "\(path) \(body.count) bytes: \(reply.status) \(reply.text.prefix(300))")
            #expect(elapsed < .seconds(2), "\(path) \(body.count) bytes took \(elapsed)")
            #expect(reply.text.contains(field) && reply.text.count < 1_000, "the reply names the field, in part: \(reply.text.prefix(300))")
        }
        let deep = try server.request("POST", "/forms/signup/submissions", body: deep40k, type: Self.formType)
        #expect(deep.object["error"] as? String == "field 'name" + String(repeating: ".a", count: 38) + "...': has 40000 dot-separated parts; a name has at most 64")
        #expect(server.process.isRunning)
        let normal = try server.request("POST", "/forms/signup/submissions", body: Self.ann, type: Self.formType)
        #expect(normal.status == 201 && normal.text.contains("Saved submission 1"), "\(normal.status) \(normal.text.prefix(300))")
        #expect(try Self.rows(scratch, "select count(*) from submissions") == "1")
    }

    /// Every endpoint that takes answers refuses a name the form does not have, as a form or as
    /// JSON alike; nothing is stored.
    @Test func everyEndpointRefusesNamesTheFormLacks() throws {
        let scratch = try Scratch()
        let server = try ServerProcess(scratch)
        defer { server.stop() }
        let draft = try server.request("POST", "/forms/signup/submissions?draft=true", body: #"{"name":"Cy Young"}"#)
        let id = try #require(draft.object["id"] as? Int)
        // The draft's own secret, so that the draft endpoints get as far as reading the body.
        let resume = ["Resume-Token": try #require(draft.object["resume_token"] as? String)]
        for (method, path) in [("POST", "/forms/signup/submissions"), ("POST", "/forms/signup/submissions/\(id)"),
                               ("PUT", "/forms/signup/submissions/\(id)"), ("POST", "/forms/signup/state")] {
            for (body, type) in [("name=Ann&bogus=1", Self.formType), (#"{"name":"Ann","bogus":1}"#, "application/json")] {
                let reply = try server.request(method, path, body: body, type: type, headers: resume)
                let errors = reply.object["errors"] as? [[String: String]]
                #expect(reply.status == 422 && errors?.first?["path"] == "bogus" && errors?.first?["rule"] == "answers",
                        "\(method) \(path) \(type): \(reply.status) \(reply.text.prefix(300))")
            }
        }
        // An item past the repeat's maximumItems (10 guests) is refused by its name.
        let past = try server.request("POST", "/forms/signup/state", body: "guests.10.email=a%40b.c", type: Self.formType)
        #expect(past.status == 422 && (past.object["errors"] as? [[String: String]])?.first?["rule"] == "maximumItems", "\(past.text)")
        #expect(try Self.rows(scratch, "select count(*) || ' ' || group_concat(json_extract(values_json, '$.name')) from submissions") == "1 Cy Young")
    }

    /// A JSON body is held to the bounds of a form body: a list of 1,001 items (which would grow
    /// a repeat without maximumItems that far) or 10,001 values is 400 before the engine sees it.
    @Test func jsonBodiesAreHeldToTheSameBounds() throws {
        let scratch = try Scratch()
        let server = try ServerProcess(scratch)
        defer { server.stop() }
        let longList = #"{"name":"Ann","guests":["# + Array(repeating: "{}", count: 1_001).joined(separator: ",") + "]}"
        let manyKeys = "{" + (0...10_000).map { #""k\#($0)":0"# }.joined(separator: ",") + "}"
        for path in ["/forms/signup/submissions", "/forms/signup/state"] {
            let list = try server.request("POST", path, body: longList)
            #expect(list.status == 400 && list.object["error"] as? String == "'guests' has 1001 items; a list in a request has at most 1000",
                    "\(path): \(list.status) \(list.text.prefix(300))")
            let keys = try server.request("POST", path, body: manyKeys)
            #expect(keys.status == 400 && keys.object["error"] as? String == "the body holds more than 10000 values (the limit per request)",
                    "\(path): \(keys.status) \(keys.text.prefix(300))")
        }
        let ten = #"{"name":"Ann","guests":["# + Array(repeating: "{}", count: 10).joined(separator: ",") + "]}"
        #expect(try server.request("POST", "/forms/signup/state", body: ten).status == 200)
    }

    @Test func bytesThatDoNotDecodeAre400NamingTheField() throws {
        let scratch = try Scratch()
        let server = try ServerProcess(scratch)
        defer { server.stop() }
        for (body, message) in [
            ("\(Self.ann)&company=Ac%ZZme", "field 'company': a '%' at byte 2 of its value is not followed by two hex digits"),
            ("\(Self.ann)&company=Acme%E", "field 'company': a '%' at byte 4 of its value is not followed by two hex digits"),
            ("\(Self.ann)&company=Ac%FFme", "field 'company': its value is not valid UTF-8 once decoded"),
        ] {
            let reply = try server.request("POST", "/forms/signup/submissions", body: body, type: Self.formType)
            #expect(reply.status == 400 && reply.object["error"] as? String == message && reply.object["field"] as? String == "company",
                    "\(body): \(reply.status) \(reply.text)")
        }
        var raw = Data((Self.ann + "&company=Ac").utf8)
        raw.append(contentsOf: [0xFF, 0x41])
        let rawForm = try server.request("POST", "/forms/signup/submissions", bytes: raw, type: Self.formType)
        #expect(rawForm.status == 400 && rawForm.object["field"] as? String == "company", "\(rawForm.text)")
        var json = Data(#"{"name":"Ann Lee","email":"a"#.utf8)
        json.append(0xFF)
        json.append(contentsOf: Data(#"@example.com"}"#.utf8))
        let rawJSON = try server.request("POST", "/forms/signup/submissions", bytes: json, type: "application/json")
        #expect(rawJSON.status == 400 && (rawJSON.object["error"] as? String)?.contains("invalid UTF-8: byte 0xff at byte offset 28") == true,
                "\(rawJSON.text)")
        #expect(try Self.rows(scratch, "select count(*) from submissions") == "0")
    }

    /// A field that takes one value, posted twice, is a 400 naming it, not the last value kept
    /// silently; a yes/no box's hidden `false` before its `true` is how the page sends it.
    @Test func aFieldPostedTwiceIs400NamingIt() throws {
        let scratch = try Scratch()
        let server = try ServerProcess(scratch)
        defer { server.stop() }
        let twice = try server.request("POST", "/forms/signup/submissions", body: Self.ann + "&name=Bo+Li", type: Self.formType)
        #expect(twice.status == 400 && twice.object["field"] as? String == "name"
                && twice.object["error"] as? String == "field 'name': is sent more than once; this field takes one value", "\(twice.text)")
        #expect(try Self.rows(scratch, "select count(*) from submissions") == "0")
        let box = try server.request("POST", "/forms/signup/submissions", body: Self.ann + "&newsletter=true",
                                     type: Self.formType, headers: ["Accept": "application/json"])
        #expect(box.status == 201, "\(box.text)")
        #expect(try Self.rows(scratch, "select json_extract(values_json, '$.newsletter') from submissions") == "1")
    }

    /// A form posted to /forms/NAME/submissions/ID updates or finalizes draft ID, as the JSON body
    /// does; it used to store a new row and leave the draft as it was.
    @Test func aFormPostedToADraftActsOnThatDraft() throws {
        let scratch = try Scratch()
        let server = try ServerProcess(scratch)
        defer { server.stop() }
        let draft = try server.request("POST", "/forms/signup/submissions?draft=true", body: #"{"name":"Cy Young"}"#)
        let id = try #require(draft.object["id"] as? Int)
        let resume = ["Resume-Token": try #require(draft.object["resume_token"] as? String)]
        let updated = try server.request("POST", "/forms/signup/submissions/\(id)?draft=true", body: "name=Cy+Twombly", type: Self.formType,
                                         headers: resume)
        #expect(updated.status == 200 && updated.object["id"] as? Int == id && updated.object["status"] as? String == "draft", "\(updated.text)")
        #expect(try Self.rows(scratch, "select id || ' ' || status || ' ' || json_extract(values_json, '$.name') from submissions") == "\(id) draft Cy Twombly")
        let finalized = try server.request("POST", "/forms/signup/submissions/\(id)", body: Self.ann, type: Self.formType, headers: resume)
        #expect(finalized.status == 200 && finalized.object["id"] as? Int == id && finalized.object["status"] as? String == "final",
                "\(finalized.text)")
        #expect(try Self.rows(scratch, "select count(*) || ' ' || max(status) from submissions") == "1 final")
        #expect(try server.request("POST", "/forms/signup/submissions/999", body: Self.ann, type: Self.formType).status == 404)
    }

    @Test func aFIFONamedLikeAFormIsSkippedWithAWarning() throws {
        let scratch = try Scratch()
        let forms = scratch.path("forms")
        try FileManager.default.createDirectory(atPath: forms, withIntermediateDirectories: true)
        for name in ["signup", "other"] {
            try FileManager.default.copyItem(atPath: CommandRunner.exampleForm("signup.json"), toPath: forms + "/\(name).json")
        }
        #expect(mkfifo(forms + "/pipe.json", 0o600) == 0 && mkfifo(forms + "/signup-data.json", 0o600) == 0)
        // The server used to block opening the FIFO, before it listened or said a word.
        let server = try ServerProcess(scratch, formsDirectory: forms)
        defer { server.stop() }
        #expect(server.log.contains("pipe.json: not served: a FIFO, not a regular file"), "\(server.log)")
        #expect(server.log.contains("signup.json: not served: its data file \(forms)/signup-data.json is a FIFO, not a regular file"),
                "\(server.log)")
        let listed = try #require(try server.request("GET", "/forms").json() as? [[String: Any]])
        #expect(listed.compactMap { $0["name"] as? String } == ["other"])
    }

    /// Forms whose file names need percent-encoding in a URL are listed, fetched and posted to by
    /// the encoded name; they used to be listed and then answer 404.
    @Test func formNamesThatNeedPercentEncodingAreServed() throws {
        let scratch = try Scratch()
        let forms = scratch.path("forms")
        try FileManager.default.createDirectory(atPath: forms, withIntermediateDirectories: true)
        for name in ["my form", "100%", "café"] {
            try FileManager.default.copyItem(atPath: CommandRunner.exampleForm("signup.json"), toPath: forms + "/\(name).json")
        }
        let server = try ServerProcess(scratch, formsDirectory: forms)
        defer { server.stop() }
        let listed = try #require(try server.request("GET", "/forms").json() as? [[String: Any]])
        #expect(listed.compactMap { $0["name"] as? String } == ["100%", "café", "my form"])
        for (name, encoded) in [("my form", "my%20form"), ("100%", "100%25"), ("café", "caf%C3%A9")] {
            #expect(try server.request("GET", "/forms/\(encoded)", headers: ["Accept": "application/json"]).status == 200, "\(name)")
            let page = try server.request("GET", "/forms/\(encoded)", headers: ["Accept": "text/html"])
            #expect(page.text.contains(#"action="/forms/\#(encoded)/submissions""#), "\(name): the page posts to the encoded name")
            let stored = try server.request("POST", "/forms/\(encoded)/submissions", body: Self.ann, type: Self.formType)
            #expect(stored.status == 201 && stored.text.contains(#"<a href="/forms/\#(encoded)">"#), "\(name): \(stored.text.prefix(300))")
            #expect(try server.request("POST", "/forms/\(encoded)/state", body: "name=Ann", type: Self.formType).status == 200)
        }
        #expect(try Self.rows(scratch, "select group_concat(name, '|') from (select f.name from submissions s join forms f on f.id = s.form_id order by s.id)") == "my form|100%|café")
    }
}
