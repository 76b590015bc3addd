import Foundation
import FormCore
import FormEngine
import Testing

/// `fill --answers`, `import` and the library go through one pipeline: the same answers give
/// the same errors, whichever way they come in, and the same stored values.
@Suite("fill, import and the library agree")
struct SamePipelineE2ETests {
    /// Answers for `forms/signup.json`, one per line: valid, and wrong in every way answers can be.
    static let answers = [
        #"{"name": "Ann Lee", "email": "ann@example.com", "password": "correct horse", "passwordConfirmation": "correct horse", "plan": "pro", "guests": [{"email": "bo@example.com"}]}"#,
        #"{"name": "A", "email": "nope", "password": "short", "passwordConfirmation": "other", "plan": "gold", "newsletter": "perhaps"}"#,
        #"{"name": "Ann Lee", "emial": "ann@example.com", "password": "correct horse", "passwordConfirmation": "correct horse", "guests": []}"#,
        #"{"name": "Ann Lee", "email": "ann@example.com", "password": "correct horse", "passwordConfirmation": "correct horse", "guests": ["g@x.io", null]}"#,
        #"{"name": "Ann Lee", "email": "ann@example.com", "password": "correct horse", "passwordConfirmation": "correct horse", "guests": {"email": "g@x.io"}}"#,
        #"{"name": "Ann Lee", "email": "ann@example.com", "password": "correct horse", "passwordConfirmation": "correct horse", "plan": "team", "seats": 1}"#,
        #"{"name": 5, "email": "ann@example.com", "password": "correct horse", "passwordConfirmation": "correct horse", "birthDate": "1990-02-30", "plan": 2}"#,
        #"["not", "an", "object"]"#,
    ]

    @Test func theSameAnswersGiveTheSameErrorsEverywhere() async throws {
        let scratch = try Scratch()
        let signup = try CommandRunner.fixture("signup.json")

        // fill, one answers file at a time.
        var byFill: [[String]] = []
        for (index, line) in Self.answers.enumerated() {
            let file = try scratch.write("answers-\(index).json", line)
            let result = try scratch.formctl(["fill", signup, "--answers", file])
            byFill.append(result.exitCode == 0 ? [] : result.stderrLines.map { $0.replacingOccurrences(of: file + ": ", with: "") })
        }

        // import, all of them in one file.
        let lines = try scratch.write("answers.ndjson", Self.answers.joined(separator: "\n") + "\n")
        let imported = try scratch.formctl(["import", signup, lines, "--batch-size", "1"])
        var byImport = Array(repeating: [String](), count: Self.answers.count)
        for line in imported.stderrLines where line.hasPrefix("line ") {
            let rest = line.dropFirst(5)
            guard let colon = rest.firstIndex(of: ":"), let number = Int(rest[..<colon]) else { continue }
            byImport[number - 1].append(String(rest[rest.index(colon, offsetBy: 2)...]))
        }

        // The library, in this process.
        let engine = try FormEngine(databasePath: scratch.path("library.sqlite"))
        let form = try engine.loadForm(path: signup)
        var byLibrary: [[String]] = []
        for line in Self.answers {
            do {
                try await engine.submit(SubmissionRequest(answers: try FormValue(json: line)), to: form)
                byLibrary.append([])
            } catch FormEngineError.invalid(let errors) {
                byLibrary.append(errors.map { $0.path.isEmpty ? $0.message : $0.description })
            }
        }

        for index in Self.answers.indices {
            #expect(byFill[index] == byLibrary[index], "line \(index + 1): fill \(byFill[index]) library \(byLibrary[index])")
            #expect(byImport[index] == byLibrary[index], "line \(index + 1): import \(byImport[index]) library \(byLibrary[index])")
        }
        // Every wrong line was refused, the valid one stored once by each.
        #expect(byLibrary.dropFirst().allSatisfy { !$0.isEmpty }, "\(byLibrary)")
        #expect(byLibrary[0].isEmpty)
        #expect(byLibrary[2].contains("emial: no field has this key; did you mean 'email'?"))
        #expect(byLibrary[3] == ["guests.0: must be an object with the field email, found a string",
                                 "guests.1: must be an object with the field email, found null"])
        #expect(try scratch.rows("select count(*) from submissions") == "2\n", "one row from fill, one from import")
        let stored = try scratch.rows("select values_json from submissions order by id")
        let rows = stored.split(separator: "\n")
        #expect(rows.count == 2 && rows[0] == rows[1], "\(stored)")
    }
}
