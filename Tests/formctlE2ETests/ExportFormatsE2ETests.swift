import Foundation
import Testing

/// The same export whichever door: `dump` in every format and serve's listing in NDJSON and
/// CSV answer alike to an unknown form or version (an error) and to a filter that matches no
/// row (an empty result), and serve gives CSV, a repeat's table included.
@Suite("export across formats and serve")
struct ExportFormatsE2ETests {
    @Test func dumpAnswersAlikeInEveryFormat() throws {
        let (scratch, _) = try DumpE2ETests.populated()
        let header = "_id,_uuid,_form,_version,_status,_created_at,_updated_at,_revision,_review_state,_language,name,email,age,notes,plan,company,subscribe\r\n"
        for (format, empty) in [("json", "[]\n"), ("ndjson", ""), ("csv", header)] {
            for form in [[], ["--form", "contacts"]] {
                let unknown = try scratch.formctl(["dump", "--format", format, "--version", "3"] + form)
                #expect(unknown.exitCode == 1 && unknown.stdout.isEmpty, "\(format) \(form): \(unknown)")
                #expect(unknown.stderr.contains("version 3"), "\(format) \(form): \(unknown)")
                let none = try scratch.formctl(["dump", "--format", format, "--version", "1", "--since", "2100-01-01"] + form)
                #expect(none.exitCode == 0 && none.stdout == empty, "\(format) \(form): \(none)")
            }
            let noForm = try scratch.formctl(["dump", "--format", format, "--form", "nosuch"])
            #expect(noForm.exitCode == 1 && noForm.stdout.isEmpty && noForm.stderr.contains("no form named 'nosuch'"), "\(format): \(noForm)")
        }
    }

    @Test func serveListsCSVAndARepeatsTableAndAnswersAsDumpDoes() throws {
        let scratch = try Scratch()
        let server = try ServerProcess(scratch)
        defer { server.stop() }
        let auth = ["Authorization": "Bearer \(server.token)"]
        let csv = auth.merging(["Accept": "text/csv"]) { $1 }
        // Nothing submitted yet: the served form's columns (serve registered its version 1).
        let before = try server.request("GET", "/forms/signup/submissions", headers: csv)
        #expect(before.status == 200 && before.headers["content-type"] == "text/csv; charset=utf-8", "\(before.text)")
        #expect(before.text.hasPrefix("_id,_uuid,_form,_version,_status,_created_at,_updated_at,_revision,_review_state,") && before.text.contains(",guests"), "\(before.text)")
        #expect(before.text.hasSuffix("\r\n") && before.text.components(separatedBy: "\r\n").count == 2, "\(before.text)")
        #expect(try server.request("GET", "/forms/signup/submissions?version=1", headers: csv).text == before.text)
        #expect(try server.request("GET", "/forms/signup/submissions?version=2", headers: csv).status == 404)

        #expect(try server.request("POST", "/forms/signup/submissions", body: ServeE2ETests.ann).status == 201)
        let listed = try server.request("GET", "/forms/signup/submissions", headers: csv)
        let records = listed.text.components(separatedBy: "\r\n")
        #expect(listed.status == 200 && records.count == 3 && records[1].hasPrefix("1,") && records[1].contains(",Ann Lee,"), "\(listed.text)")
        #expect(records[1].contains(#""[{""email"":""bo@example.com""}]""#) && !listed.text.contains("correct-horse"), "\(listed.text)")
        let guests = try server.request("GET", "/forms/signup/submissions?table=guests", headers: csv)
        #expect(guests.status == 200 && guests.text == "_submission_id,_index,email\r\n1,1,bo@example.com\r\n", "\(guests.text)")
        let main = try server.request("GET", "/forms/signup/submissions?table=submissions", headers: csv)
        #expect(main.status == 200 && main.text.contains(",Ann Lee") && !main.text.contains("guests"), "\(main.text)")
        let noTable = try server.request("GET", "/forms/signup/submissions?table=nosuch", headers: csv)
        #expect(noTable.status == 404 && noTable.text.contains("guests"), "\(noTable.text)")
        #expect(try server.request("GET", "/forms/signup/submissions?table=guests", headers: auth).status == 400)

        // The same answers as dump: an unknown version is not there, no match is empty.
        for headers in [auth, csv] {
            let unknown = try server.request("GET", "/forms/signup/submissions?version=3", headers: headers)
            #expect(unknown.status == 404 && unknown.text.contains("no version 3"), "\(unknown.text)")
            let none = try server.request("GET", "/forms/signup/submissions?version=1&since=2100-01-01", headers: headers)
            #expect(none.status == 200, "\(none.text)")
            #expect(none.text == (headers == csv ? records[0] + "\r\n" : ""), "\(none.text)")
        }
    }
}
