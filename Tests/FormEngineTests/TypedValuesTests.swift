import Foundation
import FormEngine
import Testing

/// A service reads stored submissions into its own types and submits its own values, with
/// nothing but `import FormEngine`: no JSON in between either way.
@Suite("Typed values")
struct TypedValuesTests {
    typealias Proposal = ProposalForm.Proposal

    @Test func aStoredSubmissionDecodesIntoTheServicesOwnStruct() async throws {
        let harness = try TestEngine()
        let form = try harness.form(ProposalForm.json, name: "proposal")
        let answers: FormValue = [
            "speaker": "Ann Lee", "format": "workshop", "maxAttendees": 30, "duration": 2.5, "day": "2026-03-05",
            "coSpeakers": [["name": "Bo"], ["name": "Cy"]],
        ]
        let submitted = try await harness.engine.submit(SubmissionRequest(answers: answers), to: form)
        let stored = try #require(try await harness.engine.submission(uuid: submitted.uuid))

        let proposal = try stored.decode(Proposal.self)
        #expect(proposal == Proposal(
            speaker: "Ann Lee", format: "workshop", maxAttendees: 30, duration: 2.5, day: ProposalForm.day, notes: nil,
            coSpeakers: [.init(name: "Bo"), .init(name: "Cy")]))
    }

    @Test func aHiddenFieldDecodesAsNil() async throws {
        let harness = try TestEngine()
        let form = try harness.form(ProposalForm.json, name: "proposal")
        let answers: FormValue = ["speaker": "Ann", "format": "talk", "maxAttendees": 30, "duration": 45, "day": "2026-03-05"]
        let stored = try await harness.engine.submit(SubmissionRequest(answers: answers), to: form)
        let proposal: Proposal = try stored.decode()
        #expect(proposal.maxAttendees == nil, "a talk has no attendee limit: the hidden field is not stored")
        #expect(proposal.coSpeakers == nil)
    }

    @Test func anEncodableIsSubmittedAndReadsBackTheSame() async throws {
        let harness = try TestEngine()
        let form = try harness.form(ProposalForm.json, name: "proposal")
        let proposal = Proposal(
            speaker: "Ann", format: "workshop", maxAttendees: 12, duration: 3, day: ProposalForm.day, notes: "Bring laptops",
            coSpeakers: [.init(name: "Bo")])

        let stored = try await harness.engine.submit(form, answers: proposal)
        #expect(stored.values["day"] == "2026-03-05", "a Date is stored as the date field holds it")
        #expect(stored.values["coSpeakers"] == [["name": "Bo"]])
        let reread = try #require(try await harness.engine.submission(uuid: stored.uuid))
        #expect(try reread.decode(Proposal.self) == proposal)
    }

    @Test func anEncodableIsValidatedLikeAnyAnswers() async throws {
        let harness = try TestEngine()
        let form = try harness.form(ProposalForm.json, name: "proposal")
        let proposal = Proposal(speaker: "Ann", format: "workshop", maxAttendees: nil, duration: 0, day: ProposalForm.day,
                                notes: nil, coSpeakers: [])
        var refused: [FieldError] = []
        do {
            try await harness.engine.submit(form, answers: proposal)
        } catch {
            if case .invalid(let errors) = error { refused = errors }
        }
        #expect(refused.map(\.path) == ["maxAttendees", "duration"])
        #expect(try await harness.engine.submissions(SubmissionQuery()).submissions.isEmpty)
    }

    @Test func anEncodablePrefillsASession() async throws {
        let harness = try TestEngine()
        let form = try harness.form(ProposalForm.json, name: "proposal")
        let proposal = Proposal(speaker: "Ann", format: "workshop", maxAttendees: nil, duration: 2, day: ProposalForm.day,
                                notes: nil, coSpeakers: [])
        let prefilled = try await harness.engine.makeSession(for: form, answers: proposal)
        #expect(prefilled.errors.isEmpty)
        #expect(prefilled.session.validate().map(\.path) == ["maxAttendees"], "the person is asked for what is missing")
        try prefilled.session.set(40, forKey: "maxAttendees")
        let decoded: Proposal = try prefilled.session.decodeValues()
        #expect(decoded.maxAttendees == 40 && decoded.day == ProposalForm.day)
    }

    @Test func whatDoesNotFitIsADecodingErrorWithItsPath() async throws {
        struct Narrow: Decodable {
            struct CoSpeaker: Decodable { var name: Int }
            var maxAttendees: Int8?
            var duration: Int?
            var coSpeakers: [CoSpeaker]?
        }
        let values: FormValue = ["maxAttendees": 300, "duration": 2.5, "coSpeakers": [["name": "Bo"]]]
        func path(of body: () throws -> Void) -> [String] {
            do { try body() } catch let error as DecodingError {
                switch error {
                case .dataCorrupted(let context), .typeMismatch(_, let context), .valueNotFound(_, let context), .keyNotFound(_, let context):
                    return context.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }
                @unknown default: return ["unknown"]
                }
            } catch { return ["not a DecodingError: \(error)"] }
            return []
        }
        let decoder = FormValueDecoder()
        #expect(path { _ = try decoder.decode(Narrow.self, from: ["maxAttendees": 300]) } == ["maxAttendees"], "300 is no Int8")
        #expect(path { _ = try decoder.decode(Narrow.self, from: ["duration": 2.5]) } == ["duration"], "2.5 is no Int")
        #expect(path { _ = try decoder.decode(Narrow.self, from: values) } == ["maxAttendees"])
        #expect(path { _ = try decoder.decode(Narrow.self, from: ["coSpeakers": [["name": 1], ["name": "Bo"]]]) } == ["coSpeakers", "1", "name"])
        #expect(path { _ = try decoder.decode(Proposal.self, from: ["speaker": "Ann"]) } == [], "a missing member names its parent's path")
        #expect(throws: DecodingError.self) { try decoder.decode(Proposal.self, from: ["speaker": "Ann"]) }
        #expect(try decoder.decode(Narrow.self, from: ["maxAttendees": 120, "duration": 3.0]).duration == 3)
    }

    @Test func datesReadInEveryFormADateFieldStores() throws {
        let decoder = FormValueDecoder()
        #expect(try decoder.decode(Date.self, from: "2026-03-05") == ProposalForm.day)
        #expect(try decoder.decode(Date.self, from: "2026-03-05T10:30:00Z") == ProposalForm.day.addingTimeInterval(37_800))
        #expect(try decoder.decode(Date.self, from: "10:30:00") == Date(timeIntervalSince1970: 37_800))
        #expect(throws: DecodingError.self) { try decoder.decode(Date.self, from: "2026-02-30") }
        #expect(throws: DecodingError.self) { try decoder.decode(Date.self, from: 1_772_668_800) }
    }
}
