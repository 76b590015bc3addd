import FormCore
import FormEngine
import FormStore
import Foundation
import Testing

/// The language a submission was given in, recorded by the library and shown wherever the
/// submission is: its JSON (listing, `show`), the exports and the event payload.
@Suite("Recorded language")
struct RecordedLanguageTests {
    /// A form written in German only: every request gets German, whatever it asks for.
    static let germanForm = #"""
        {"title": "Anmeldung", "language": "de", "sections": [{"elements": [
            {"type": "entry", "key": "name", "title": "Name", "required": true}
        ]}]}
        """#

    /// A loaded form finds its languages once; choosing among them gives what the definition
    /// gives, asked each time.
    @Test func aLoadedFormChoosesAsItsDefinitionDoes() throws {
        let test = try TestEngine()
        let form = try test.form(#"""
            {"title": {"en": "Sign up", "de": "Anmeldung"}, "language": "en", "sections": [{"elements": [
                {"type": "entry", "key": "name", "title": {"en": "Name", "fr-CA": "Nom"}}
            ]}]}
            """#, name: "multilingual")
        #expect(form.languages == form.definition.languages)
        #expect(form.languages.map(\.description) == ["en", "de", "fr-CA"])
        for header in ["", "de", "fr-CA", "fr", "de-AT, en;q=0.5", "ja", "*"] {
            let preferences = LanguagePreferences(acceptLanguage: header)
            #expect(form.language(for: preferences) == form.definition.language(for: preferences), "\(header)")
        }
    }

    @Test func aLanguageTheFormLacksRecordsItsDefault() async throws {
        let test = try TestEngine()
        let form = try test.form(Self.germanForm, name: "anmeldung")
        var request = SubmissionRequest(answers: ["name": "Erika"])
        request.languages = LanguagePreferences(acceptLanguage: "fr-CA, fr;q=0.9")
        let stored = try await test.engine.submit(request, to: form)
        #expect(stored.language == LanguageTag("de"))
        #expect(try await test.engine.submission(id: stored.id)?.language == LanguageTag("de"))
        #expect(try await test.engine.storage.submission(id: stored.id)?.language == "de")
    }

    @Test func theLanguageIsShownWhereverTheSubmissionIs() async throws {
        let test = try TestEngine()
        let form = try test.form(Self.germanForm, name: "anmeldung")
        let stored = try await test.engine.submit(SubmissionRequest(answers: ["name": "Erika"]), to: form)

        let listed = try await test.engine.submissions(SubmissionQuery(formName: "anmeldung"))
        #expect(listed.submissions.map(\.language) == [LanguageTag("de")])
        #expect(listed.submissions.first?.jsonValue["language"] == "de")
        let shown = try #require(try await test.engine.show(id: stored.id))
        #expect(shown["language"] == "de")

        let ndjson = ExportTests.Collected()
        try await test.engine.export(SubmissionQuery(formName: "anmeldung"), as: .ndjson, to: ndjson)
        #expect(ndjson.text.contains(#","language":"de","data":{"#), "\(ndjson.text)")
        #expect(try FormValue(json: ndjson.text.trimmingCharacters(in: .newlines)) == shown)
        let json = ExportTests.Collected()
        try await test.engine.export(SubmissionQuery(formName: "anmeldung"), as: .json, to: json)
        #expect(try FormValue(json: json.text).arrayValue?.first?["language"] == "de")

        let csv = ExportTests.Collected()
        try await test.engine.export(SubmissionQuery(formName: "anmeldung"), as: .csv, to: csv)
        let header = try #require(csv.records.first).split(separator: ",").map(String.init)
        let row = try #require(csv.records.dropFirst().first).split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        let column = try #require(header.firstIndex(of: "_language"))
        #expect(header.firstIndex(of: "_review_state").map { $0 + 1 } == column, "beside the other metadata columns")
        #expect(row[column] == "de" && row[header.firstIndex(of: "name") ?? 0] == "Erika", "\(csv.records)")

        let events = try await test.engine.storage.events(after: 0, limit: 10)
        let payload = try await test.engine.payload(of: try #require(events.first))
        #expect(payload["data"]?["language"] == "de")
        let history = try #require(try await test.engine.history(id: stored.id))
        #expect(try history.jsonValue()["revisions"]?[0]?["language"] == "de")
    }

    @Test func aSubmissionFromBeforeLanguagesWereRecordedShowsNull() async throws {
        let test = try TestEngine()
        let form = try test.form(Self.germanForm, name: "anmeldung")
        let version = try await test.engine.register(form)
        #expect(version == 1)
        let versionID = try #require(try await test.engine.storage.latestVersion(formName: "anmeldung")).id
        // What a row stored before the language column looks like to the library.
        _ = try await test.engine.storage.saveFinalBatch(formVersionID: versionID, valuesJSON: [#"{"name":"Alt"}"#])
        let listed = try await test.engine.submissions(SubmissionQuery(formName: "anmeldung"))
        #expect(listed.submissions.count == 1 && listed.submissions[0].language == nil)
        #expect(listed.submissions[0].jsonValue["language"] == .null)
        let csv = ExportTests.Collected()
        try await test.engine.export(SubmissionQuery(formName: "anmeldung"), as: .csv, to: csv)
        #expect(csv.records.dropFirst().first?.contains(",received,,Alt") == true, "\(csv.records)")
    }
}
