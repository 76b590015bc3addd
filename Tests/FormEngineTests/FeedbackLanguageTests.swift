import FormCore
import FormEngine
import FormStore
import Foundation
import Synchronization
import Testing
import TestSupport

/// forms/feedback.json (English, German, Arabic) through the library: the same answers in every
/// language are the same stored row of the same version, only the recorded language differs;
/// the language follows the request (de-CH is German, an unknown one the form's default), a
/// resumed draft and an edited submission keep theirs unless asked another, and an import
/// records the one it was given.
@Suite("Feedback in three languages")
struct FeedbackLanguageTests {
    /// Every field answered: a choice by its value, the repeat at its minimum of two talks.
    static let answers: FormValue = [
        "name": "Ada Lovelace", "email": "ada@example.com", "attended": "in-person", "city": "London",
        "talks": [["title": "Engines"], ["title": "Looms"]], "consent": true,
    ]

    static func request(_ answers: FormValue = answers, languages: String, status: Submission.Status = .final) -> SubmissionRequest {
        var request = SubmissionRequest(answers: answers, status: status)
        request.languages = LanguagePreferences(acceptLanguage: languages)
        return request
    }

    /// An engine on a fresh database of `backend` with the feedback form loaded.
    static func feedback(_ backend: EditHistoryTests.Backend) async throws -> (engine: FormEngine, form: LoadedForm, scratch: TemporaryDirectory) {
        let (engine, scratch) = try await EditHistoryTests.engine(backend)
        return (engine, try engine.loadForm(path: try RepositoryFiles.fixture("feedback.json")), scratch)
    }

    @Test(arguments: EditHistoryTests.backends)
    func theSameAnswersInEnglishGermanAndArabicAreTheSameRow(backend: EditHistoryTests.Backend) async throws {
        let (engine, form, scratch) = try await Self.feedback(backend)
        _ = scratch
        #expect(form.languages.map(\.description) == ["en", "de", "ar"])
        var stored: [Submission] = []
        for language in ["en", "de", "ar"] {
            stored.append(try await engine.submit(Self.request(languages: language), to: form))
        }
        #expect(stored.map { $0.language?.description } == ["en", "de", "ar"])
        #expect(Set(stored.map(\.version)) == [1] && Set(stored.map(\.formVersionID)).count == 1)
        var rows: [String] = []
        for submission in stored { rows.append(try #require(try await engine.storage.submission(id: submission.id)).valuesJSON) }
        #expect(Set(rows).count == 1, "\(rows)")
        // The choice is stored by its value, never by the label shown.
        #expect(rows[0].contains(#""attended":"in-person""#) && !rows[0].contains("Vor Ort") && !rows[0].contains("حضوريًا"))
        let listed = try await engine.submissions(SubmissionQuery(formName: "feedback"))
        #expect(listed.submissions.map { $0.jsonValue["language"] } == ["en", "de", "ar"])
        await engine.close()
    }

    @Test func theLanguageFollowsTheRequestAlongItsTag() async throws {
        let test = try TestEngine()
        let form = try test.load("feedback")
        let swiss = try await test.engine.submit(Self.request(languages: "de-CH"), to: form)
        #expect(swiss.language == LanguageTag("de"))
        let weighted = try await test.engine.submit(Self.request(languages: "fr;q=1, ar;q=0.8, de;q=0.5"), to: form)
        #expect(weighted.language == LanguageTag("ar"), "the first the form has, by q-value")
        let japanese = try await test.engine.submit(Self.request(languages: "ja"), to: form)
        #expect(japanese.language == form.defaultLanguage && japanese.language == LanguageTag("en"))
        let nothing = try await test.engine.submit(SubmissionRequest(answers: Self.answers), to: form)
        #expect(nothing.language == LanguageTag("en"))
        #expect(try await test.engine.storage.submission(id: swiss.id)?.language == "de")
    }

    @Test func aGermanRequestIsRefusedWithTheFormsGermanMessages() async throws {
        let test = try TestEngine()
        let form = try test.load("feedback")
        guard case .object(var answers) = Self.answers else { return }
        answers["email"] = "ada"
        answers["consent"] = false
        let error = await #expect(throws: FormEngineError.self) {
            try await test.engine.submit(Self.request(.object(answers), languages: "de-DE"), to: form)
        }
        guard case .invalid(let errors)? = error else { Issue.record("not invalid: \(String(describing: error))"); return }
        let byPath = Dictionary(errors.map { ($0.path, $0.message) }, uniquingKeysWith: { first, _ in first })
        #expect(byPath["email"] == "muss eine Adresse wie erika@example.com sein", "\(errors)")
        #expect(byPath["consent"] == "muss eingeschaltet sein, um das Formular zu senden", "\(errors)")
        #expect(try await test.engine.submissions(SubmissionQuery(formName: "feedback")).submissions.isEmpty)
    }

    /// The library's own messages, with their plural forms, in the request's language: what a
    /// service answers with its 422.
    @Test func aGermanRequestIsRefusedInGermanWithPlurals() async throws {
        let test = try TestEngine()
        let form = try test.load("feedback")
        guard case .object(var answers) = Self.answers else { return }
        answers["name"] = "Al"
        answers["talks"] = [["title": "Engines"]]
        var messages: [String: [String]] = [:]
        for language in ["de", "de-CH", "en"] {
            let error = await #expect(throws: FormEngineError.self) {
                try await test.engine.submit(Self.request(.object(answers), languages: language), to: form)
            }
            guard case .invalid(let errors)? = error else { Issue.record("not invalid: \(String(describing: error))"); return }
            messages[language] = errors.map(\.message).sorted()
        }
        #expect(messages["de"] == ["muss mindestens 2 Einträge haben (hat 1)", "muss mindestens 3 Zeichen lang sein (hat 2)"],
                "\(messages)")
        #expect(messages["de-CH"] == messages["de"])
        #expect(messages["en"] == ["must be at least 3 characters (has 2)", "must have at least 2 items (has 1)"], "\(messages)")

        // One item of a repeat that needs one: the singular.
        let one = try test.form(#"""
            {"language": "de", "sections": [{"bind": "iterate:items", "minimumItems": 1,
              "elementTemplate": {"type": "entry", "key": "title", "bind": "textValue:title"}}]}
            """#, name: "eins")
        let error = await #expect(throws: FormEngineError.self) {
            try await test.engine.submit(SubmissionRequest(answers: ["items": []]), to: one)
        }
        guard case .invalid(let errors)? = error else { Issue.record("not invalid: \(String(describing: error))"); return }
        #expect(errors.map(\.message) == ["muss mindestens 1 Eintrag haben (hat 0)"])
        #expect(try await test.engine.submissions(SubmissionQuery()).submissions.isEmpty)
    }

    @Test func aResumedDraftKeepsItsLanguageUnlessAskedAnother() async throws {
        let test = try TestEngine()
        let form = try test.load("feedback")
        let draft = try await test.engine.submit(Self.request(["name": "Layla"], languages: "ar", status: .draft), to: form)
        #expect(draft.language == LanguageTag("ar") && draft.status == .draft)

        let resumed = try await test.engine.resumeDraft(id: draft.id, form: form)
        #expect(resumed.session.language == LanguageTag("ar"))
        let prefilled = try await test.engine.makeSession(for: form, prefilling: SubmissionRequest(draftID: draft.id))
        #expect(prefilled.session.language == LanguageTag("ar"))
        let inGerman = try await test.engine.resumeDraft(id: draft.id, form: form, languages: LanguagePreferences(acceptLanguage: "de"))
        #expect(inGerman.session.language == LanguageTag("de"))

        // Saved again with no language asked: still Arabic; finalized from a German page: German.
        let saved = try await test.engine.submit(SubmissionRequest(answers: ["name": "Layla Ahmed"], draftID: draft.id, status: .draft), to: form)
        #expect(saved.language == LanguageTag("ar"))
        var finishing = Self.request(languages: "de")
        finishing.draftID = draft.id
        let finalized = try await test.engine.submit(finishing, to: form)
        #expect(finalized.id == draft.id && finalized.status == .final && finalized.language == LanguageTag("de"))

        // A session's own language is what its draft and its submit record.
        let session = try test.engine.makeSession(for: form, languages: LanguagePreferences(acceptLanguage: "ar"))
        try session.set("Layla", forKey: "name")
        let sessionDraft = try await test.engine.saveDraft(session)
        #expect(sessionDraft.language == LanguageTag("ar"))
    }

    @Test(arguments: EditHistoryTests.backends)
    func anEditRecordsItsEditorsLanguageAndHistoryKeepsTheSubmitters(backend: EditHistoryTests.Backend) async throws {
        let (engine, form, scratch) = try await Self.feedback(backend)
        _ = scratch
        let submitted = try await engine.submit(Self.request(languages: "ar"), to: form)
        // No language asked: the edit speaks, and records, the submission's.
        let kept = try await engine.edit(id: submitted.id, SubmissionEdit(answers: ["city": "Alexandria"]))
        #expect(kept.revision == 2 && kept.language == LanguageTag("ar"))
        var german = SubmissionEdit(answers: ["city": "Berlin"], actor: "clerk")
        german.languages = LanguagePreferences(acceptLanguage: "de-AT")
        let edited = try await engine.edit(id: submitted.id, german)
        #expect(edited.revision == 3 && edited.language == LanguageTag("de"))
        let history = try #require(try await engine.history(id: submitted.id))
        #expect(history.revisions.map(\.language) == ["ar", "ar", "de"])
        #expect(try history.jsonValue()["revisions"]?.arrayValue?.map { $0["language"] } == ["ar", "ar", "de"])

        var bad = SubmissionEdit(answers: ["email": "nope"])
        bad.languages = LanguagePreferences(acceptLanguage: "de")
        let error = await #expect(throws: FormEngineError.self) { try await engine.edit(id: submitted.id, bad) }
        guard case .invalid(let errors)? = error else { Issue.record("not invalid: \(String(describing: error))"); return }
        #expect(errors.map(\.path) == ["email"] && errors.first?.message == "muss eine Adresse wie erika@example.com sein", "\(errors)")

        let session = try await engine.editSession(id: submitted.id)
        #expect(session.session.language == LanguageTag("de"), "the language of the current revision")
    }

    @Test(arguments: EditHistoryTests.backends)
    func anImportRecordsTheLanguageItWasGiven(backend: EditHistoryTests.Backend) async throws {
        let (engine, form, scratch) = try await Self.feedback(backend)
        _ = scratch
        let refused = Mutex<[(Int, [FieldError])]>([])
        let importer = try await engine.makeImporter(
            for: form, options: .init(batchSize: 2, workers: 2, languages: LanguagePreferences(acceptLanguage: "de-CH"))
        ) { line, errors in refused.withLock { $0.append((line, errors)) } }
        #expect(importer.language == LanguageTag("de"))
        let good = #"{"name": "Erika Mustermann", "email": "erika@example.com", "attended": "online", "#
            + #""talks": [{"title": "Eins"}, {"title": "Zwei"}], "consent": true}"#
        let bad = good.replacingOccurrences(of: "erika@example.com", with: "erika")
        for (number, line) in [good, bad, good].enumerated() {
            try await AttachmentPathTests.add(line, number: number + 1, to: importer)
        }
        try await importer.finish()
        #expect(importer.stored == 2)
        let lines = refused.withLock { $0 }
        #expect(lines.map(\.0) == [2] && lines.first?.1.first?.message == "muss eine Adresse wie erika@example.com sein", "\(lines)")
        let stored = try await engine.submissions(SubmissionQuery(formName: "feedback"))
        #expect(stored.submissions.map(\.language) == [LanguageTag("de"), LanguageTag("de")])
    }
}
