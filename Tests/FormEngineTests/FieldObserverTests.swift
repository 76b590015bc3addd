import FormEngine
import Synchronization
import Testing

/// A UI binds each view to a field's visible, enabled, required, title, value and errors: an
/// observer is told each change of them once, with the field's path, and nothing else.
@Suite("Field observers")
struct FieldObserverTests {
    /// What one observer was told, safely across threads.
    final class Told: Sendable {
        private let changes = Mutex<[FormChange]>([])
        func append(_ change: FormChange) { changes.withLock { $0.append(change) } }
        var calls: Int { changes.withLock { $0.count } }
        var fields: [FieldChange] { changes.withLock { $0.flatMap(\.fields) } }
        func fields(_ property: FieldChange.Property) -> [FieldChange] { fields.filter { $0.property == property } }
    }

    func session() async throws -> (FormSession, TestEngine) {
        let harness = try TestEngine()
        let form = try harness.form(ProposalForm.json, name: "proposal")
        return (try harness.engine.makeSession(for: form), harness)
    }

    @Test func aFieldThatBecomesVisibleAndRequiredIsToldOnce() async throws {
        let (session, _) = try await session()
        let told = Told()
        session.observe("maxAttendees") { told.append($0) }

        try session.set("workshop", forKey: "format")
        #expect(told.calls == 1)
        #expect(told.fields(.visible) == [FieldChange(path: "maxAttendees", property: .visible, old: false, new: true)])
        #expect(told.fields(.required) == [FieldChange(path: "maxAttendees", property: .required, old: false, new: true)])
        #expect(told.fields(.errors) == [FieldChange(path: "maxAttendees", property: .errors, old: [], new: ["is required"])])
        #expect(Set(told.fields.map(\.path)) == ["maxAttendees"], "an observer of a key is told of that key only")

        try session.set("Ann", forKey: "speaker")
        try session.set("workshop", forKey: "format")
        #expect(told.calls == 1, "an unrelated set, or a value set to what it was, tells it nothing")
    }

    @Test func aTitleAndErrorsThatChangeAreTold() async throws {
        let (session, _) = try await session()
        let told = Told()
        session.observe("duration") { told.append($0) }

        try session.set("workshop", forKey: "format")
        #expect(told.fields == [
            FieldChange(path: "duration", property: .title, old: "Duration (minutes)", new: "Duration (hours)")
        ])
        try session.set(0, forKey: "duration")
        #expect(told.fields(.errors).last == FieldChange(path: "duration", property: .errors, old: [], new: ["must be at least 1"]))
        #expect(told.fields(.value).last == FieldChange(path: "duration", property: .value, old: nil, new: 0))
        try session.set(2, forKey: "duration")
        #expect(told.fields(.errors).last == FieldChange(path: "duration", property: .errors, old: ["must be at least 1"], new: []))
        #expect(told.calls == 3)
    }

    @Test func aBatchTellsTheNetChangeOnce() async throws {
        let (session, _) = try await session()
        let attendees = Told()
        let everything = Told()
        session.observe("maxAttendees") { attendees.append($0) }
        session.observeAll { everything.append($0) }

        session.batch {
            try? session.set("workshop", forKey: "format")
            try? session.set("talk", forKey: "format")
        }
        #expect(attendees.calls == 0, "shown then hidden again within one batch is no change")
        #expect(everything.calls == 1)
        #expect(everything.fields.isEmpty)
    }

    @Test func answersAppliedAtOnceAreToldPerField() async throws {
        let (session, _) = try await session()
        let told = Told()
        session.observeAll { told.append($0) }
        session.apply(answers: ["format": "workshop", "maxAttendees": 20])
        #expect(told.calls == 1)
        #expect(told.fields.filter { $0.path == "maxAttendees" }.map(\.property) == [.visible, .required, .value])
        session.apply(answers: ["format": "workshop"])
        #expect(told.calls == 1, "answers that change nothing tell nothing")
    }

    @Test func aRemovedObserverCostsNothingAndHearsNothing() async throws {
        let (session, _) = try await session()
        let told = Told()
        let token = session.observe("maxAttendees") { told.append($0) }
        session.removeObserver(token)
        try session.set("workshop", forKey: "format")
        #expect(told.calls == 0)
        // A new observer starts from the fields as they are now.
        session.observe("maxAttendees") { told.append($0) }
        try session.set("talk", forKey: "format")
        #expect(told.fields(.visible) == [FieldChange(path: "maxAttendees", property: .visible, old: true, new: false)])
    }

    @Test func aSectionShownByAnotherFieldShowsEachOfItsFields() async throws {
        let harness = try TestEngine()
        let form = try harness.form("""
            {"sections": [
              {"elements": [{"type": "boolean", "key": "travels", "title": "Travelling?"}]},
              {"hidden": "@{!travels}", "elements": [
                {"type": "entry", "key": "from", "title": "From"}, {"type": "date", "key": "arrival", "title": "Arrival"}]}
            ]}
            """)
        let session = try harness.engine.makeSession(for: form)
        let told = Told()
        session.observeAll { told.append($0) }
        try session.set(true, forKey: "travels")
        #expect(told.fields(.visible) == [
            FieldChange(path: "from", property: .visible, old: false, new: true),
            FieldChange(path: "arrival", property: .visible, old: false, new: true),
        ])
    }

    @Test func anAnswerThatCannotBeUsedIsToldAsTheFieldsErrors() async throws {
        let (session, _) = try await session()
        let told = Told()
        session.observe("day") { told.append($0) }
        #expect(session.apply(override: "day", text: "soon") != nil)
        #expect(told.fields == [FieldChange(path: "day", property: .errors, old: [], new: ["must be a date as YYYY-MM-DD"])])
        try session.set("2026-03-05", forKey: "day")
        #expect(told.fields(.errors).last?.new == [], "a valid value clears it")
    }

    @Test func itemsOfARepeatAreToldByTheirPaths() async throws {
        let (session, _) = try await session()
        let told = Told()
        session.observe("coSpeakers") { told.append($0) }
        try session.appendItem(to: "coSpeakers")
        #expect(told.calls == 1)
        try session.set("Bo", forKey: "coSpeakers.0.name")
        #expect(told.fields == [FieldChange(path: "coSpeakers.0.name", property: .value, old: nil, new: "Bo")])
    }
}
