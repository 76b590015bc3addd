import Foundation
import Testing

/// `formctl serve` in the person's language, on forms/feedback.json (English, German, Arabic):
/// `?lang=` over `Accept-Language` (q-values honoured, `de-CH` finding `de`, anything the form
/// lacks giving its default), the page's `lang` and `dir`, the form's and the page's words,
/// `Content-Language` and `Vary` on pages and answers, and one stored row whatever the language.
@Suite(.serialized) struct ServeLanguagesE2ETests {
    static let formType = "application/x-www-form-urlencoded"
    static let answers = #"{"name":"Ada Lovelace","email":"ada@example.com","attended":"online","talks":[{"title":"Keynote"},{"title":"Swift on Linux"}],"consent":true}"#
    /// The same answers as the page posts them, with a name one character long.
    /// What the library says in German of a name one character long where three are needed.
    static let germanShortName = "muss mindestens 3 Zeichen lang sein (hat 1)"
    static let shortName = "name=A&email=ada%40example.com&attended=online&talks.0.title=Keynote&talks.1.title=Swift+on+Linux&consent=true"

    static func page(_ server: ServerProcess, _ path: String = "/forms/feedback", language: String?) throws -> ServerProcess.Reply {
        var headers = ["Accept": "text/html"]
        if let language { headers["Accept-Language"] = language }
        return try server.request("GET", path, headers: headers)
    }

    /// The response to `request` sent as written: URLSession adds an Accept-Language of its own.
    static func withoutLanguage(_ server: ServerProcess, _ request: String) throws -> String {
        let connection = try RawConnection(port: server.port)
        defer { connection.close() }
        #expect(connection.send(request))
        return connection.readUntilClosed(timeout: 5).text
    }

    /// The `lang` of the page's `<html>`, and its `dir`.
    static func htmlLanguage(_ reply: ServerProcess.Reply) -> (String, String)? {
        reply.text.firstMatch(of: /<html lang="([^"]*)" dir="([^"]*)">/).map { (String($0.1), String($0.2)) }
    }

    @Test func thePageSpeaksTheFirstLanguageOfAcceptLanguageTheFormHas() throws {
        let scratch = try Scratch()
        let server = try ServerProcess(scratch)
        defer { server.stop() }
        let cases: [(header: String?, expected: String)] = [
            ("de", "de"), ("de-CH", "de"), ("de-ch,en;q=0.5", "de"),
            // Ordered by q-value, not position; a language the form lacks is passed over.
            ("fr;q=0.2, de;q=0.9", "de"), ("ja, fr;q=0.9, ar;q=0.8, de;q=0.7", "ar"), ("de;q=0.1, en;q=0.4", "en"),
            // Nothing the form has, no header, a header that does not parse, q=0: the form's default.
            ("ja", "en"), ("@@@;q=2, ;;,", "en"), ("de;q=0", "en"),
        ]
        for (header, expected) in cases {
            let reply = try Self.page(server, language: header)
            #expect(reply.status == 200, "\(header ?? "none"): \(reply.status)")
            #expect(Self.htmlLanguage(reply)?.0 == expected, "\(header ?? "none"): \(reply.text.prefix(200))")
            #expect(reply.headers["content-language"] == expected, "\(header ?? "none"): \(reply.headers)")
            #expect(reply.headers["vary"]?.contains("Accept-Language") == true, "\(reply.headers)")
        }
        let none = try Self.withoutLanguage(server, "GET /forms/feedback HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/html\r\nConnection: close\r\n\r\n")
        #expect(none.hasPrefix("HTTP/1.1 200") && none.contains(#"<html lang="en" dir="ltr">"#), "\(none.prefix(400))")
        #expect(none.lowercased().contains("\r\ncontent-language: en\r\n") && none.lowercased().contains("\r\nvary: accept-language\r\n"))
        let german = try Self.page(server, language: "de-CH")
        #expect(german.text.contains("<title>Feedback zur Konferenz</title>") && german.text.contains("<legend>Über Sie</legend>"), "\(german.text)")
        // The form's own button title, and the page's own words, in German.
        #expect(german.text.contains(#"<button type="submit" id="submit">Feedback senden</button>"#), "\(german.text)")
        #expect(german.text.contains(">Entwurf speichern</button>") && german.text.contains(#"title="Pflichtfeld""#), "\(german.text)")
        #expect(german.text.contains(#"<html lang="de" dir="ltr">"#))
        let english = try Self.page(server, language: "ja")
        #expect(english.text.contains("<title>Conference feedback</title>") && english.text.contains(">Send feedback</button>"))
        #expect(english.text.contains(">Save draft</button>") && english.text.contains(#"title="required""#))
        #expect(server.stop() == 0)
    }

    @Test func langInTheAddressWinsOverTheHeaderAndArabicIsRightToLeft() throws {
        let scratch = try Scratch()
        let server = try ServerProcess(scratch)
        defer { server.stop() }
        let arabic = try Self.page(server, "/forms/feedback?lang=ar", language: "de")
        #expect(arabic.status == 200)
        #expect(Self.htmlLanguage(arabic).map { [$0.0, $0.1] } == ["ar", "rtl"], "\(arabic.text.prefix(200))")
        #expect(arabic.headers["content-language"] == "ar")
        #expect(arabic.text.contains(">أرسل الملاحظات</button>") && arabic.text.contains(">حفظ المسودة</button>"), "\(arabic.text)")
        // The page's form posts back with the language it was asked in, and its script asks /state in it.
        #expect(arabic.text.contains(#"action="/forms/feedback/submissions?lang=ar""#) && arabic.text.contains(#"data-lang="ar""#), "\(arabic.text)")
        // A ?lang= the form lacks falls back like any preference: to the form's default, not to the header.
        let missing = try Self.page(server, "/forms/feedback?lang=fr", language: "de")
        #expect(Self.htmlLanguage(missing).map { [$0.0, $0.1] } == ["en", "ltr"] && missing.headers["content-language"] == "en")
        // One that is no language tag is no choice: the header speaks.
        let malformed = try Self.page(server, "/forms/feedback?lang=%3Cb%3E", language: "de")
        #expect(malformed.status == 200 && Self.htmlLanguage(malformed)?.0 == "de")
        // The JSON definition is the form in that language too.
        let definition = try server.request("GET", "/forms/feedback?lang=de", headers: ["Accept": "application/json"])
        #expect(definition.status == 200 && definition.text.contains("Feedback zur Konferenz") && !definition.text.contains("Conference feedback"),
                "\(definition.text.prefix(300))")
        #expect(definition.headers["content-language"] == "de" && definition.headers["vary"]?.contains("Accept-Language") == true)
        #expect(server.stop() == 0)
    }

    @Test func errorsComeInTheLanguageOnThePageAndInThe422() throws {
        let scratch = try Scratch()
        let server = try ServerProcess(scratch)
        defer { server.stop() }
        let body = Self.answers.replacingOccurrences(of: "Ada Lovelace", with: "A")
        let english = try server.request("POST", "/forms/feedback/submissions", body: body)
        let german = try server.request("POST", "/forms/feedback/submissions", body: body, headers: ["Accept-Language": "de-CH"])
        #expect(english.status == 422 && german.status == 422, "\(german.text)")
        #expect(german.headers["content-language"] == "de" && german.headers["vary"]?.contains("Accept-Language") == true, "\(german.headers)")
        #expect(english.headers["content-language"] == "en")
        let englishName = try #require((english.object["errors"] as? [[String: String]])?.first { $0["path"] == "name" })
        let germanName = try #require((german.object["errors"] as? [[String: String]])?.first { $0["path"] == "name" })
        #expect(englishName["rule"] == "minLength" && germanName["rule"] == "minLength")
        #expect(englishName["message"] == "must be at least 3 characters (has 1)", "\(englishName)")
        #expect(germanName["message"] == Self.germanShortName, "\(germanName)")

        // The page's post: the error beside its field, the summary counting one answer.
        let page = try server.request("POST", "/forms/feedback/submissions", body: Self.shortName, type: Self.formType,
                                      headers: ["Accept-Language": "de"])
        #expect(page.status == 422 && page.headers["content-language"] == "de", "\(page.status)")
        #expect(page.text.contains(#"<p class="error" id="error-name">\#(Self.germanShortName)</p>"#), "\(page.text)")
        #expect(page.text.contains("Bitte korrigieren Sie 1 Angabe, unten markiert."), "\(page.text)")
        #expect(page.text.contains(#"<html lang="de" dir="ltr">"#))
        // Two wrong answers: the plural.
        let two = try server.request("POST", "/forms/feedback/submissions?lang=de", body: Self.shortName.replacingOccurrences(of: "ada%40", with: "ada"),
                                     type: Self.formType)
        #expect(two.status == 422 && two.text.contains("Bitte korrigieren Sie 2 Angaben, unten markiert."), "\(two.text)")
        #expect(two.text.contains("muss eine Adresse wie erika@example.com sein"), "the author's message in German: \(two.text)")
        #expect(try scratch.rows("select count(*) from submissions").trimmingCharacters(in: .whitespacesAndNewlines) == "0")
        #expect(server.stop() == 0)
    }

    @Test func theSameAnswersInEnglishGermanAndArabicStoreTheSameRow() throws {
        let scratch = try Scratch()
        let server = try ServerProcess(scratch)
        defer { server.stop() }
        let requests: [(path: String, headers: [String: String])] = [
            ("/forms/feedback/submissions", ["Accept-Language": "en"]),
            ("/forms/feedback/submissions", ["Accept-Language": "de-DE, en;q=0.5"]),
            ("/forms/feedback/submissions?lang=ar", ["Accept-Language": "de"]),
        ]
        for (path, headers) in requests {
            let created = try server.request("POST", path, body: Self.answers, headers: headers)
            #expect(created.status == 201, "\(path) \(headers): \(created.text)")
            #expect(created.headers["vary"]?.contains("Accept-Language") == true)
        }
        // The page's post in German stores the same values too.
        let page = try server.request("POST", "/forms/feedback/submissions",
                                      body: Self.shortName.replacingOccurrences(of: "name=A&", with: "name=Ada+Lovelace&"), type: Self.formType,
                                      headers: ["Accept-Language": "de"])
        #expect(page.status == 201 && page.text.contains("Einsendung 4 gespeichert") && page.text.contains(">Noch einmal ausfüllen</a>"), "\(page.text)")
        let rows = try scratch.rows("select form_version_id, values_json from submissions order by id")
            .split(separator: "\n").map(String.init)
        #expect(rows.count == 4 && Set(rows).count == 1, "\(rows)")
        #expect(rows.first?.contains(#""attended":"online""#) == true, "\(rows)")
        let languages = try scratch.rows("select language from submissions order by id").split(separator: "\n").map(String.init)
        #expect(languages == ["en", "de", "ar", "de"], "\(languages)")

        // An edit speaks the editor's language, else the one the submission was given in.
        let bearer = ["Authorization": "Bearer \(server.token)"]
        let refused = try server.request("PUT", "/submissions/3", body: #"{"name":"A"}"#, headers: bearer.merging(["Accept-Language": "de"]) { $1 })
        #expect(refused.status == 422 && refused.headers["content-language"] == "de", "\(refused.status) \(refused.headers)")
        let message = (refused.object["errors"] as? [[String: String]])?.first { $0["path"] == "name" }?["message"]
        #expect(message == Self.germanShortName, "\(refused.text)")
        // Without any Accept-Language (URLSession always sends one): by hand.
        let body = #"{"name":"Ada King"}"#
        let edited = try Self.withoutLanguage(server, "PUT /submissions/3 HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer \(server.token)\r\n"
                                               + "Content-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n" + body)
        #expect(edited.hasPrefix("HTTP/1.1 200") && edited.lowercased().contains("\r\ncontent-language: ar\r\n"), "\(edited)")
        #expect(edited.contains(#""language":"ar""#) && edited.contains(#""name":"Ada King""#), "\(edited)")
        #expect(server.stop() == 0)
    }
}
