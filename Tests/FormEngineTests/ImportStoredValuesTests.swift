import FormCore
import FormStore
import Testing
import TestSupport

@testable import FormEngine

/// An import writes each valid line's stored values as JSON straight from the filled form
/// (hidden and secure fields skipped while writing) when the form has no file field: the rows
/// must be exactly those the values path stores (values without those fields, checked for file
/// references, then written), and refused lines refused with the same errors.
struct ImportStoredValuesTests {
    /// Lines for `forms/signup.json` as the import benchmark writes them, plus answers to
    /// hidden fields (company and seats without the Team plan), blank and padded text, and
    /// lines that are refused.
    static func signupLines() -> [String] {
        var lines: [String] = []
        for i in 1...40 {
            let plan = ["free", "pro", "team", "pro", "free"][i % 5]
            let guests = (0..<(i % 4)).map { #"{"email":" Guest\#($0).\#(i)@Example.com "}"# }.joined(separator: ",")
            var line = #"{"name":"  Person    \#(i) ","email":"Person.\#(i)@Example.com","password":"correct horse \#(i)","#
                + #""passwordConfirmation":"correct horse \#(i)","birthDate":"19\#(50 + i % 50)-0\#(1 + i % 9)-1\#(i % 10)","#
                + #""plan":"\#(plan)","newsletter":\#(i % 2 == 0),"guests":[\#(guests)]"#
            if plan == "team" || i % 7 == 0 { line += #","company":"Company \#(i), \"Ltd\"","seats":\#(2 + i % 100)"# }
            lines.append(line + "}")
        }
        lines += [
            #"{"name":"Ann","email":"ann@example.com","password":"short","passwordConfirmation":"short"}"#,
            #"{"name":"Ann","email":"ann@example.com","password":"long enough","passwordConfirmation":"other one"}"#,
            #"{"name":"Ann","email":"ann@example.com","password":"long enough","passwordConfirmation":"long enough","plan":"team"}"#,
            #"{"name":"Ann","email":"ann@example.com","password":"long enough","passwordConfirmation":"long enough","guests":[{"email":"x"}]}"#,
            #"{"name":"Ann","email":"ann@example.com","password":"long enough","passwordConfirmation":"long enough","nope":1}"#,
            #"{"name":"Ann"#,
        ]
        return lines
    }

    /// Lines for `Scripts/bench/registration.json` as the benchmark writes them, plus refused ones.
    static func registrationLines() -> [String] {
        var lines: [String] = []
        for i in 1...40 {
            let ticket = ["standard", "student", "speaker"][i % 3]
            let workshops = (0..<(i % 5)).map { #"{"title":" Workshop \#($0), room \"\#(i % 7)\" "}"# }.joined(separator: ",")
            var line = #"{"name":"Attendee \#(i) ✓","email":"a\#(i)@Example.org","emailConfirmation":"a\#(i)@example.org","#
                + #""ticket":"\#(ticket)","arrival":"2026-06-0\#(1 + i % 5)","departure":"2026-06-0\#(5 + i % 5)","workshops":[\#(workshops)]"#
            if ticket == "student" || i % 4 == 0 { line += #","university":"University \#(i % 40)""# }
            lines.append(line + "}")
        }
        lines += [
            #"{"name":"B","email":"b@example.org","emailConfirmation":"c@example.org","arrival":"2026-06-05","departure":"2026-06-01"}"#,
            #"{"name":"Bea","email":"b@example.org","emailConfirmation":"b@example.org","arrival":"2026-06-05","departure":"2026-06-06","workshops":[{"title":""}]}"#,
            #"{"name":"Bea","email":"b@example.org","emailConfirmation":"b@example.org","arrival":"2027-06-05","departure":"2027-06-06","ticket":"student"}"#,
        ]
        return lines
    }

    static func compiled(_ path: String) throws -> CompiledForm {
        try CompiledForm(definition: FormDefinition(json: String(contentsOfFile: path, encoding: .utf8)))
    }

    static let forms: [(path: String, lines: [String])] = [
        (RepositoryFiles.path("forms/signup.json"), signupLines()),
        (RepositoryFiles.path("Scripts/bench/registration.json"), registrationLines()),
    ]

    @Test(arguments: 0..<2) func eachLineHasTheOutcomeTheValuesPathGives(form index: Int) throws {
        let (path, lines) = Self.forms[index]
        let form = try Self.compiled(path)
        #expect(!form.hasFileFields)
        var stored = 0
        for line in lines {
            let bytes = Array(line.utf8)
            let (direct, throughValues) = bytes.withUnsafeBufferPointer { buffer in
                (ImportValidation.outcome(of: buffer, in: form, hasFileFields: false),
                 ImportValidation.outcome(of: buffer, in: form, hasFileFields: true))
            }
            switch (direct, throughValues) {
            case (.store(let json), .store(let expected)):
                #expect(json == expected, "\(line)")
                let answers = try FormValue(json: line)
                #expect(json == form.fill(FormInput(answers: answers)).valuesToStore.jsonString())
                stored += 1
            case (.refuse(let errors), .refuse(let expected)):
                #expect(errors == expected, "\(line)")
            default:
                Issue.record("different outcomes for \(line): \(direct) and \(throughValues)")
            }
        }
        #expect(stored >= 40, "the valid lines were stored")
    }

    /// The quick look for `{"file": PATH}` answers finds them where the walk that names their
    /// key paths does, and only there.
    @Test func aQuickLookForFilesFindsWhatTheWalkFinds() throws {
        let answers = [
            #"{"a": 1, "b": "x", "c": [1, 2], "d": {"e": null}}"#, #"{"slides": {"file": "a.pdf"}}"#,
            #"{"slides": [{"file": "a.pdf"}, {"file": "b.pdf"}]}"#, #"{"talks": [{"t": 1}, {"slides": {"file": "a.pdf"}}]}"#,
            #"{"x": {"y": {"file": "deep.txt"}}}"#, #"{"slides": {"file": "a.pdf", "other": 1}}"#, #"{"slides": []}"#,
            #"{"slides": [{"file": "a.pdf"}, 3]}"#, #"[{"file": "top.txt"}]"#, #"{"file": "self.txt"}"#, #"[[{"a": {"file": "n"}}]]"#,
        ]
        for text in answers {
            let value = try FormValue(json: text)
            #expect(value.holdsFileAnswers == !value.fileAnswers().isEmpty, "\(text)")
        }
    }

    /// Through the importer into a database: the rows hold, in line order, what a fill of each
    /// line stores, and the hidden and secure fields of the lines are in none of them.
    @Test(arguments: 0..<2) func importedRowsAreTheValuesToStoreOfEachLine(form index: Int) async throws {
        let test = try TestEngine()
        let (path, lines) = Self.forms[index]
        let loaded = try test.engine.loadForm(path: path)
        let compiled = try Self.compiled(path)
        var refused: [Int] = []
        let importer = try await test.engine.makeImporter(for: loaded, options: .init(batchSize: 7, workers: 2)) { line, _ in
            refused.append(line)
        }
        for (number, line) in lines.enumerated() {
            let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: line.utf8.count)
            defer { buffer.deallocate() }
            _ = buffer.initialize(from: line.utf8)
            try await importer.add(UnsafeBufferPointer(buffer), number: number + 1)
        }
        try await importer.finish()
        var expected: [String] = []
        var expectedRefused: [Int] = []
        for (number, line) in lines.enumerated() {
            guard let answers = try? FormValue(json: line) else {
                expectedRefused.append(number + 1)
                continue
            }
            let filled = compiled.fill(FormInput(answers: answers))
            if filled.errors.isEmpty { expected.append(filled.valuesToStore.jsonString()) } else { expectedRefused.append(number + 1) }
        }
        #expect(refused == expectedRefused)
        let page = try await test.engine.storage.page(SubmissionQuery(formName: loaded.name, limit: 1000))
        let rows = page.submissions.sorted { $0.id < $1.id }.map(\.valuesJSON)
        #expect(rows == expected)
        for row in rows {
            #expect(!row.contains("\"password"))
            #expect(!row.contains("correct horse"))
        }
    }
}
