import Foundation
import FormEngine
import Testing

/// `dump --revisions` through the engine: one record per revision of every submission
/// selected, with who made it and why, deleted submissions left out, secure fields nowhere.
@Suite("Revisions export")
struct RevisionExportTests {
    typealias Backend = EditHistoryTests.Backend

    @Test(arguments: EditHistoryTests.backends)
    func everyRevisionIsOneRecordWithItsActorAndReason(backend: Backend) async throws {
        let (engine, scratch) = try await EditHistoryTests.engine(backend)
        _ = scratch
        let form = try engine.loadForm(definition: try FormDefinition(json: EditHistoryTests.party), name: "party")
        let ann = try await engine.submit(SubmissionRequest(answers: ["name": "Ann", "pin": "1234"], actor: "web"), to: form)
        let bob = try await engine.submit(SubmissionRequest(answers: ["name": "Bob", "pin": "1234"]), to: form)
        let cy = try await engine.submit(SubmissionRequest(answers: ["name": "Cy", "pin": "1234"]), to: form)
        _ = try await engine.edit(id: ann.id, SubmissionEdit(answers: ["name": "Anne"], reason: "spelling", actor: "clerk"))
        _ = try await engine.edit(id: ann.id, SubmissionEdit(answers: ["email": "anne@example.com"], actor: "anne"))
        _ = try await engine.edit(id: cy.id, SubmissionEdit(answers: ["name": "Cyd"]))
        #expect(try await engine.delete(id: cy.id, actor: "admin"))

        let ndjson = ExportTests.Collected()
        try await engine.prepareExport(SubmissionQuery(formName: "party"), as: .ndjson, records: .revisions).write(to: ndjson)
        let records = try ndjson.text.split(separator: "\n").map { try #require(try FormValue(json: String($0)).objectValue) }
        #expect(records.map { $0["id"] } == [.int(Int(ann.id)), .int(Int(ann.id)), .int(Int(ann.id)), .int(Int(bob.id))])
        #expect(records.map { $0["revision"] } == [1, 2, 3, 1] && records.allSatisfy { $0["version"] == 1 && $0["form"] == "party" })
        #expect(records.map { $0["actor"] } == ["web", "clerk", "anne", .null] && records.map { $0["reason"] } == [.null, "spelling", .null, .null])
        #expect(records.map { $0["data"]?["name"] } == ["Ann", "Anne", "Anne", "Bob"] && records[2]["data"]?["email"] == "anne@example.com")
        #expect(records[0]["uuid"] == .string(ann.uuid) && records[0]["at"] == .string(ann.updatedAtText))
        #expect(Set(records[0].keys) == ["id", "uuid", "form", "revision", "version", "at", "actor", "reason", "language", "data"])
        #expect(records.allSatisfy { $0["language"] == "en" })
        #expect(!ndjson.text.contains("1234") && !ndjson.text.contains("Cy"), "\(ndjson.text)")

        let json = ExportTests.Collected()
        try await engine.prepareExport(SubmissionQuery(formName: "party", descending: true), as: .json, records: .revisions).write(to: json)
        #expect(try FormValue(json: json.text).arrayValue?.compactMap { $0["revision"] } == [1, 1, 2, 3], "\(json.text)")
        let none = ExportTests.Collected()
        try await engine.prepareExport(SubmissionQuery(formName: "party", status: .draft), as: .json, records: .revisions).write(to: none)
        #expect(none.text == "[]\n")
        await #expect(throws: ExportError.self) {
            try await engine.prepareExport(SubmissionQuery(formName: "party"), as: .csv, records: .revisions)
        }
        await engine.close()
    }

    /// More rows than a page: each is written once, in order.
    @Test func rowsBeyondOnePageAreEachWrittenOnce() async throws {
        let (engine, scratch) = try await EditHistoryTests.engine(.sqlite)
        _ = scratch
        let form = try engine.loadForm(definition: try FormDefinition(json: EditHistoryTests.party), name: "party")
        var ids: [Int64] = []
        for n in 0..<520 { ids.append(try await engine.submit(SubmissionRequest(answers: ["name": .string("n\(n)"), "pin": "1234"]), to: form).id) }
        _ = try await engine.edit(id: ids[510], SubmissionEdit(answers: ["name": "edited"]))
        let sink = ExportTests.Collected()
        try await engine.prepareExport(SubmissionQuery(formName: "party"), as: .ndjson, records: .revisions).write(to: sink)
        let written = try sink.text.split(separator: "\n").map { line -> Int64 in
            guard case .int(let id)? = try FormValue(json: String(line))["id"] else { throw CocoaError(.coderValueNotFound) }
            return Int64(id)
        }
        #expect(written == Array(ids[...510]) + [ids[510]] + Array(ids[511...]))
        await engine.close()
    }
}
