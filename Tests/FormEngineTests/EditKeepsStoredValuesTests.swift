import Foundation
import FormEngine
import TestSupport
import Testing

/// An edit against the submission's own version keeps every stored value it does not change:
/// a computed field is computed again rather than refused as an answer, and values the form
/// as bound now has no field for (a data-driven section edited without its data) stop the
/// edit instead of being dropped.
@Suite("Edits keep the values they do not change")
struct EditKeepsStoredValuesTests {
    static let order = """
        {"sections": [{"elements": [
          {"type": "decimal", "key": "qty", "fractionDigits": 0, "numberValue": 1},
          {"type": "decimal", "key": "price", "numberValue": 2},
          {"type": "decimal", "key": "total", "numberValue": "@{qty * price}"}]}]}
        """
    static let survey = """
        {"sections": [{"elements": [{"type": "entry", "key": "name"}]},
          {"bind": "iterateproperties:tools", "elementTemplate":
            {"type": "decimal", "key": "score", "bind": "numberValue:value", "fractionDigits": 0}}]}
        """

    @Test func aComputedFieldIsComputedAgainNotRefused() async throws {
        let scratch = try TemporaryDirectory(prefix: "edit-computed")
        let engine = try await FormEngine(database: scratch.path("edit.sqlite"))
        let form = try engine.loadForm(definition: try FormDefinition(json: Self.order), name: "order")
        let stored = try await engine.submit(SubmissionRequest(answers: ["qty": 3]), to: form)
        #expect(stored.values["total"] == 6)
        let edited = try await engine.edit(id: stored.id, SubmissionEdit(answers: ["qty": 5]))
        #expect(edited.revision == 2 && edited.values["total"] == 10)
        #expect(edited.notices.isEmpty, "\(edited.notices)")
        let (session, _) = try await engine.editSession(id: stored.id)
        #expect(session.values["total"] == 10)
        await engine.close()
    }

    @Test func valuesTheFormAsBoundHasNoFieldForStopTheEdit() async throws {
        let scratch = try TemporaryDirectory(prefix: "edit-data")
        let engine = try await FormEngine(database: scratch.path("edit.sqlite"))
        let data: FormValue = ["tools": ["Xcode": 3, "Docker": 2]]
        let form = try engine.loadForm(definition: try FormDefinition(json: Self.survey), name: "survey", data: data)
        let stored = try await engine.submit(SubmissionRequest(answers: ["name": "Sam"], data: data), to: form)
        #expect(stored.values["tools"] == ["Xcode": ["score": 3], "Docker": ["score": 2]])
        var refusal: [FieldError] = []
        do {
            _ = try await engine.edit(id: stored.id, SubmissionEdit(answers: ["name": "Sam Lee"]))
        } catch {
            if case .invalid(let errors) = error { refusal = errors }
        }
        #expect(refusal.map(\.path) == ["tools"], "an edit without the data drops nothing")
        #expect(!refusal.isEmpty && refusal.allSatisfy { $0.rule == "dropped" })
        await #expect(throws: FormEngineError.self) { _ = try await engine.editSession(id: stored.id) }
        #expect(try await engine.history(id: stored.id)?.revisions.count == 1, "nothing was stored")
        let edited = try await engine.edit(id: stored.id, SubmissionEdit(answers: ["name": "Sam Lee"], data: data))
        #expect(edited.revision == 2 && edited.values["tools"] == stored.values["tools"])
        await engine.close()
    }
}
