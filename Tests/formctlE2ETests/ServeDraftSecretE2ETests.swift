import Foundation
import Testing

/// A draft made over HTTP belongs to whoever holds its resume token: nobody else can change or
/// finalize it, and every refusal is the same 404, so that the answer does not tell whether the
/// id exists, which form it is of, or whether it is final.
@Suite(.serialized) struct ServeDraftSecretE2ETests {
    @Test func aStrangerCannotUpdateOrFinalizeADraftAndEveryRefusalIsTheSame404() throws {
        let scratch = try Scratch()
        let server = try ServerProcess(scratch)
        defer { server.stop() }
        let created = try server.request("POST", "/forms/signup/submissions?draft=true", body: #"{"name":"Cy Young"}"#)
        #expect(created.status == 201, "\(created.text)")
        let id = try #require(created.object["id"] as? Int)
        let token = try #require(created.object["resume_token"] as? String)
        #expect(token.count == 43 && token.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }, "\(token)")
        #expect(!(try scratch.rows("select * from submissions")).contains(token), "only the token's hash is stored")

        let other = try server.request("POST", "/forms/survey/submissions?draft=true", body: "{}")
        let otherID = try #require(other.object["id"] as? Int)
        let otherToken = try #require(other.object["resume_token"] as? String)
        let final = try server.request("POST", "/forms/signup/submissions", body: ServeE2ETests.ann)
        let finalID = try #require(final.object["id"] as? Int)
        #expect(final.object["resume_token"] == nil, "a final submission has nothing to resume")

        var refusals: [(String, ServerProcess.Reply)] = []
        func refuse(_ label: String, _ method: String, _ path: String, _ body: String, _ headers: [String: String]) throws {
            refusals.append((label, try server.request(method, path, body: body, headers: headers)))
        }
        try refuse("no token", "PUT", "/forms/signup/submissions/\(id)", #"{"name":"Mallory"}"#, [:])
        try refuse("no token, finalizing {}", "PUT", "/forms/signup/submissions/\(id)", "{}", [:])
        try refuse("no token, POST", "POST", "/forms/signup/submissions/\(id)?draft=true", #"{"name":"Mallory"}"#, [:])
        try refuse("a wrong token", "PUT", "/forms/signup/submissions/\(id)", "{}", ["Resume-Token": String(token.reversed())])
        try refuse("another draft's token", "PUT", "/forms/signup/submissions/\(id)", "{}", ["Resume-Token": otherToken])
        try refuse("another form's draft", "PUT", "/forms/signup/submissions/\(otherID)", "{}", ["Resume-Token": otherToken])
        try refuse("a final submission", "PUT", "/forms/signup/submissions/\(finalID)?draft=true", "{}", ["Resume-Token": token])
        try refuse("no such id", "PUT", "/forms/signup/submissions/9999", "{}", ["Resume-Token": token])
        // A token that does not open the draft must not reach validation (a 422 lists the fields).
        try refuse("a wrong token, finalizing {}", "PUT", "/forms/signup/submissions/\(id)", "{}", ["Resume-Token": otherToken])
        let expected = try #require(refusals.first?.1)
        #expect(expected.status == 404)
        for (label, reply) in refusals {
            #expect(reply.status == 404 && reply.body == expected.body, "\(label): \(reply.status) \(reply.text)")
        }
        #expect(!expected.text.contains("signup") && !expected.text.contains("final") && !expected.text.contains("\(id)"), "\(expected.text)")
        #expect(try scratch.rows("select values_json from submissions where id = \(id)").contains("Cy Young"), "nothing was changed")

        // The holder of the token updates, then finalizes; then the token opens nothing.
        let resume = ["Resume-Token": token]
        let updated = try server.request("PUT", "/forms/signup/submissions/\(id)?draft=true", body: #"{"email":"cy@example.com"}"#, headers: resume)
        #expect(updated.status == 200 && updated.object["status"] as? String == "draft", "\(updated.text)")
        let invalid = try server.request("PUT", "/forms/signup/submissions/\(id)", body: "{}", headers: resume)
        #expect(invalid.status == 422, "the holder sees what is missing: \(invalid.text)")
        let finalized = try server.request("PUT", "/forms/signup/submissions/\(id)", body: ServeE2ETests.ann.replacingOccurrences(of: "Ann Lee", with: "Cy Young"),
                                           headers: resume)
        #expect(finalized.status == 200 && finalized.object["status"] as? String == "final", "\(finalized.text)")
        let again = try server.request("PUT", "/forms/signup/submissions/\(id)?draft=true", body: "{}", headers: resume)
        #expect(again.status == 404 && again.body == expected.body)

        // A bearer token with write access changes any draft of the form without its resume token.
        let admin = ["Authorization": "Bearer \(server.token)"]
        let byAdmin = try server.request("PUT", "/forms/survey/submissions/\(otherID)?draft=true", body: "{}", headers: admin)
        #expect(byAdmin.status == 200, "\(byAdmin.text)")
    }

    @Test func draftsOfTheCommandLineResumeThereWithoutASecretAndNotOverHTTP() throws {
        let scratch = try Scratch()
        let signup = CommandRunner.exampleForm("signup.json")
        #expect(try scratch.formctl(["fill", signup, "--draft", "--set", "name=Ann Lee"]).stdout == "saved draft 1\n")
        let server = try ServerProcess(scratch)
        let made = try server.request("POST", "/forms/signup/submissions?draft=true", body: #"{"name":"Bo Diddley"}"#)
        #expect(made.object["id"] as? Int == 2)
        let token = try #require(made.object["resume_token"] as? String)
        // No token opens a draft made on the command line.
        let guessed = try server.request("PUT", "/forms/signup/submissions/1?draft=true", body: "{}", headers: ["Resume-Token": token])
        #expect(guessed.status == 404, "\(guessed.text)")
        #expect(server.stop() == 0)
        // The operator resumes either from the command line, no secret asked.
        let answers = ServeE2ETests.ann.replacingOccurrences(of: "Ann Lee", with: "Bo Diddley")
        let resumed = try scratch.formctl(["fill", signup, "--resume", "2", "--answers", "-", "--no-input"], stdin: answers)
        #expect(resumed.exitCode == 0, "\(resumed)")
        #expect(try scratch.rows("select status from submissions where id = 2").contains("final"))
    }
}
