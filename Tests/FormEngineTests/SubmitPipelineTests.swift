import Foundation
import FormCore
import FormEngine
import FormStore
import Testing

/// The one way from answers to a stored row: what goes in, what comes out, and what can never
/// be stored.
@Suite("Submit pipeline")
struct SubmitPipelineTests {
    static let switchForm = #"{"sections": [{"elements": [{"type": "boolean", "key": "ok", "title": "OK"}]}]}"#

    static let guestsForm = """
        {"sections": [
          {"elements": [{"type": "entry", "key": "name", "required": true}]},
          {"title": "Guests", "bind": "iterate:guests", "maximumItems": 3,
           "elementTemplate": {"type": "entry", "key": "email", "bind": "textValue:email", "validate": [{"rule": "email"}]}}
        ]}
        """

    func errors(_ body: () async throws -> Void) async -> [FieldError] {
        do { try await body() } catch let error as FormEngineError {
            if case .invalid(let errors) = error { return errors }
        } catch {}
        return []
    }

    // MARK: Answers that produced an error are never stored

    @Test func answersRefusedByASessionCannotBeSubmittedOrSavedAsADraft() async throws {
        let harness = try TestEngine()
        let form = try harness.form(Self.switchForm)
        let session = try harness.engine.makeSession(for: form)
        let refused = session.apply(answers: ["ok": "maybe", "typo": 1])
        #expect(Set(refused.map(\.path)) == ["ok", "typo"])
        #expect(refused.first { $0.path == "ok" }?.message == "must be true or false")
        let submitErrors = await errors { try await harness.engine.submit(session) }
        #expect(Set(submitErrors.map(\.path)) == ["ok", "typo"])
        await #expect(throws: FormEngineError.self) { try await harness.engine.saveDraft(session) }
        #expect(try await harness.engine.storage.count() == 0)
        // A corrected value clears its error; the unknown key stays refused.
        try session.set(true, forKey: "ok")
        #expect(session.answerErrors.map(\.path) == ["typo"])
    }

    @Test func theEntryPointReportsAnswerAndValidationErrorsTogether() async throws {
        let harness = try TestEngine()
        let form = try harness.form(Self.guestsForm)
        let errors = await errors {
            try await harness.engine.submit(SubmissionRequest(answers: ["guests": [["email": "nope"]], "nmae": "x"]), to: form)
        }
        #expect(errors == [
            FieldError(path: "nmae", rule: "answers", message: "no field has this key; did you mean 'name'?"),
            FieldError(path: "name", rule: "required", message: "is required"),
            FieldError(path: "guests.0.email", rule: "email", message: "must be an email address like name@example.com"),
        ])
        #expect(try await harness.engine.storage.count() == 0)
    }

    // MARK: Repeats in answers

    @Test func anEmptyListIsAnEmptyRepeat() async throws {
        let harness = try TestEngine()
        let form = try harness.form(Self.guestsForm)
        let stored = try await harness.engine.submit(SubmissionRequest(answers: ["name": "Ann", "guests": []]), to: form)
        #expect(try FormValue(json: await harness.storedJSON(stored.id)) == ["name": "Ann"])
    }

    static let misshapenGuests: [(FormValue, [FieldError])] = [
        (FormValue.array(["g@x.io"]), [FieldError(path: "guests.0", rule: "type", message: "must be an object with the field email, found a string")]),
        ([nil, 5], [FieldError(path: "guests.0", rule: "type", message: "must be an object with the field email, found null"),
                    FieldError(path: "guests.1", rule: "type", message: "must be an object with the field email, found a number")]),
        (["email": "g@x.io"], [FieldError(path: "guests", rule: "type", message: "must be a list of items (a JSON array), found an object")]),
        ("g@x.io", [FieldError(path: "guests", rule: "type", message: "must be a list of items (a JSON array), found a string")]),
        ([["email": "a@x.io"], ["email": "b@x.io"], ["email": "c@x.io"], ["email": "d@x.io"]],
         [FieldError(path: "guests", rule: "maximumItems", message: "has 4 items; at most 3 are allowed")]),
        ([["emial": "a@x.io"]], [FieldError(path: "guests.0.emial", rule: "answers", message: "no field has this key; did you mean 'email'?")]),
    ]

    @Test(arguments: misshapenGuests)
    func misshapenRepeatsAreTypeErrorsNamingTheirPath(_ guests: FormValue, _ expected: [FieldError]) async throws {
        let harness = try TestEngine()
        let form = try harness.form(Self.guestsForm)
        let errors = await errors {
            try await harness.engine.submit(SubmissionRequest(answers: ["name": "Ann", "guests": guests]), to: form)
        }
        #expect(errors == expected)
        #expect(try await harness.engine.storage.count() == 0)
    }

    @Test func overridesAddTheNextItemAndNeverSkipOne() async throws {
        let harness = try TestEngine()
        let form = try harness.form(Self.guestsForm)
        let skip = await errors {
            try await harness.engine.submit(
                SubmissionRequest(answers: ["name": "Ann", "guests": [["email": "a@x.io"]]],
                                  overrides: [FieldOverride(key: "guests.3.email", text: "c@x.io")]), to: form)
        }
        #expect(skip == [FieldError(path: "guests.3.email", rule: "items", message: "guests has 1 item; the next one is guests.2")])
        let stored = try await harness.engine.submit(
            SubmissionRequest(answers: ["name": "Ann", "guests": [["email": "a@x.io"]]],
                              overrides: [FieldOverride(key: "guests.2.email", text: "b@x.io")]), to: form)
        #expect(stored.values["guests"] == [["email": "a@x.io"], ["email": "b@x.io"]])
    }

    /// An override's key numbers items from 1, as the terminal shows them (`Guest email #1`);
    /// the stored values keep JSON's arrays. Item 0 is refused, saying where the items start.
    @Test func overridesNumberItemsFromOne() async throws {
        let harness = try TestEngine()
        let form = try harness.form(Self.guestsForm)
        let first = try await harness.engine.submit(
            SubmissionRequest(answers: ["name": "Ann", "guests": [["email": "a@x.io"], ["email": "b@x.io"]]],
                              overrides: [FieldOverride(key: "guests.1.email", text: "z@x.io"), FieldOverride(key: "guests[2].email", text: "y@x.io")]),
            to: form)
        #expect(first.values["guests"] == [["email": "z@x.io"], ["email": "y@x.io"]])
        let zero = await errors {
            try await harness.engine.submit(
                SubmissionRequest(answers: ["name": "Ann", "guests": [["email": "a@x.io"]]],
                                  overrides: [FieldOverride(key: "guests.0.email", text: "c@x.io")]), to: form)
        }
        #expect(zero == [FieldError(path: "guests.0", rule: "items", message: "items are numbered from 1 (guests.1 is the first)")])
    }

    @Test func aListFromTheDataIsFixed() async throws {
        let harness = try TestEngine()
        let json = """
            {"sections": [{"bind": "iterate:workshops", "elementTemplate":
              {"type": "entry", "key": "note", "bind": "title:name"}}]}
            """
        let form = try harness.engine.loadForm(
            definition: try FormDefinition(json: json), name: "workshops", data: ["workshops": [["name": "Swift"], ["name": "SQL"]]])
        #expect(form.compiled.repeats.first?.isGrowable == false)
        let errors = await errors {
            try await harness.engine.submit(
                SubmissionRequest(answers: ["workshops": [["note": "a"], ["note": "b"], ["note": "c"]]]), to: form)
        }
        #expect(errors == [FieldError(path: "workshops", rule: "items", message: "has 3 items; the list is fixed at 2 items")])
        let stored = try await harness.engine.submit(SubmissionRequest(answers: ["workshops": [["note": "a"]]]), to: form)
        #expect(stored.values["workshops"] == [["note": "a"], ["note": nil]])
    }

    // MARK: Forms, versions and drafts

    @Test func aDraftOnlyEverFinalizesUnderItsOwnForm() async throws {
        let harness = try TestEngine()
        let a = try harness.form(Self.switchForm, name: "a")
        let b = try harness.form(#"{"sections": [{"elements": [{"type": "entry", "key": "note"}]}]}"#, name: "b")
        let draftOfB = try await harness.engine.submit(SubmissionRequest(answers: ["note": "hi"], status: .draft), to: b)
        let session = try harness.engine.makeSession(for: a)
        await #expect(throws: FormEngineError.self) { try await harness.engine.submit(session, resumingDraft: draftOfB.id) }
        await #expect(throws: FormEngineError.self) { try await harness.engine.saveDraft(session, draftID: draftOfB.id) }
        await #expect(throws: FormEngineError.self) {
            try await harness.engine.submit(SubmissionRequest(answers: ["ok": true], draftID: draftOfB.id), to: a)
        }
        let row = try #require(try await harness.engine.storage.submission(id: draftOfB.id))
        #expect(row.formName == "b" && row.status == .draft && row.valuesJSON == #"{"note":"hi"}"#)
    }

    @Test func aSessionIsStoredUnderTheFormItWasMadeFrom() async throws {
        let harness = try TestEngine()
        let a = try harness.form(#"{"sections": [{"elements": [{"type": "entry", "key": "x", "required": true}]}]}"#, name: "a")
        let session = try harness.engine.makeSession(for: a)
        await #expect(throws: FormEngineError.self) { try await harness.engine.submit(session) }
        try session.set("1", forKey: "x")
        let stored = try await harness.engine.submit(session)
        #expect(stored.formName == "a")
        // A session the engine did not make has no form to be stored under.
        let foreign = try FormSession(definition: try FormDefinition(json: Self.switchForm))
        await #expect(throws: FormEngineError.self) { try await harness.engine.submit(foreign) }
    }

    @Test func aDraftIsFinalizedAtTheVersionItWasValidatedAgainst() async throws {
        let harness = try TestEngine()
        let v1 = try harness.form(#"{"sections": [{"elements": [{"type": "entry", "key": "x"}]}]}"#, name: "f")
        let v2 = try harness.form(#"{"sections": [{"elements": [{"type": "entry", "key": "x", "maxLength": 9}]}]}"#, name: "f")
        let draft = try await harness.engine.submit(SubmissionRequest(answers: ["x": "a"], status: .draft), to: v1)
        #expect(draft.version == 1)
        let final = try await harness.engine.submit(SubmissionRequest(draftID: draft.id), to: v2)
        #expect(final.id == draft.id && final.version == 2 && final.status == .final)
        #expect(try await harness.engine.storage.submission(id: draft.id)?.version == 2)
    }

    @Test func versionsAreFoundByContentAmongAllVersions() async throws {
        let harness = try TestEngine()
        let one = try harness.form(#"{"sections": [{"elements": [{"type": "entry", "key": "x"}]}]}"#, name: "f")
        let two = try harness.form(#"{"sections": [{"elements": [{"type": "entry", "key": "y"}]}]}"#, name: "f")
        var versions: [Int] = []
        for form in [one, two, one, two, one, two] {
            versions.append(try await harness.engine.submit(SubmissionRequest(), to: form).version)
        }
        #expect(versions == [1, 2, 1, 2, 1, 2])
        // A second engine on the same file finds them too.
        let other = try FormEngine(databasePath: harness.directory + "/test.sqlite")
        let again = try other.loadForm(definition: two.definition, name: "f")
        #expect(try await other.submit(SubmissionRequest(), to: again).version == 2)
    }

    @Test func aChangeInAnIncludedFileIsANewVersionAndTheStoredDefinitionStandsAlone() async throws {
        let harness = try TestEngine()
        let main = harness.directory + "/main.json"
        let part = harness.directory + "/part.json"
        try #"{"sections": [{"include": "part.json"}]}"#.write(toFile: main, atomically: true, encoding: .utf8)
        try #"{"elements": [{"type": "entry", "key": "a"}]}"#.write(toFile: part, atomically: true, encoding: .utf8)
        let first = try await harness.engine.submit(SubmissionRequest(answers: ["a": "x"]), to: try harness.engine.loadForm(path: main))
        try #"{"elements": [{"type": "entry", "key": "a"}, {"type": "entry", "key": "b", "required": true}]}"#
            .write(toFile: part, atomically: true, encoding: .utf8)
        let changed = try harness.engine.loadForm(path: main)
        await #expect(throws: FormEngineError.self) { try await harness.engine.submit(SubmissionRequest(answers: ["a": "x"]), to: changed) }
        let second = try await harness.engine.submit(SubmissionRequest(answers: ["a": "x", "b": "y"]), to: changed)
        #expect(first.version == 1 && second.version == 2)
        // The stored definition carries the included content: it decodes with no file at hand.
        try FileManager.default.removeItem(atPath: part)
        let stored = try #require(try await harness.engine.storage.formVersion(id: second.formVersionID))
        let compiled = try CompiledForm(definition: try FormDefinition(json: stored.definitionJSON))
        #expect(compiled.fields.compactMap(\.path) == ["a", "b"])
    }

    @Test func aDraftValueTheNewVersionHasNoFieldForIsReported() async throws {
        let harness = try TestEngine()
        let v1 = try harness.form(#"{"sections": [{"elements": [{"type": "entry", "key": "x"}, {"type": "entry", "key": "gone"}]}]}"#, name: "f")
        let v2 = try harness.form(#"{"sections": [{"elements": [{"type": "entry", "key": "x"}]}]}"#, name: "f")
        let draft = try await harness.engine.submit(SubmissionRequest(answers: ["x": "a", "gone": "b"], status: .draft), to: v1)
        let final = try await harness.engine.submit(SubmissionRequest(draftID: draft.id), to: v2)
        #expect(final.values == ["x": "a"])
        #expect(final.notices == [FieldError(path: "gone", rule: "dropped", message: "has no field in this version of the form; its value is dropped")])
    }

    // MARK: Loading refuses what check refuses

    @Test func anUnknownValidatorIsRefusedWhenTheFormIsLoaded() throws {
        let harness = try TestEngine()
        let json = #"{"sections": [{"elements": [{"type": "entry", "key": "x", "validate": [{"rule": "notDisposable"}]}]}]}"#
        #expect {
            _ = try harness.form(json)
        } throws: { error in
            guard case FormEngineError.definition(let definition) = error else { return false }
            return definition.errors.map(\.code) == [.unknownRule]
        }
        harness.engine.registerValidator("notDisposable") { _ in nil }
        #expect(throws: Never.self) { _ = try harness.form(json) }
    }

    @Test(arguments: [
        #"{"type": "entry", "key": "x", "validate": [{"rule": -9223372036854775809}]}"#,
        #"{"type": "entry", "key": "x", "validate": [{"rule": "matches"}]}"#,
        #"{"type": "entry", "key": "x", "transform": ["trimm"]}"#,
        #"{"type": "entry", "key": "x", "pattern": "(unclosed"}"#,
    ])
    func whatCheckRefusesLoadingRefuses(_ element: String) throws {
        let harness = try TestEngine()
        let json = #"{"sections": [{"elements": [\#(element)]}]}"#
        #expect(throws: FormEngineError.self) { _ = try harness.form(json) }
    }

    @Test func anExpressionThatDoesNotParseInATemplateIsRefusedAtLoad() throws {
        let harness = try TestEngine()
        let json = """
            {"sections": [{"bind": "iterate:guests", "maximumItems": 3, "elementTemplate":
              {"type": "entry", "key": "email", "hidden": "@{email = 'x'}"}}]}
            """
        #expect {
            _ = try harness.form(json)
        } throws: { error in
            guard case FormEngineError.definition(let definition) = error else { return false }
            return definition.errors.first?.path == "sections[0].elementTemplate.hidden"
        }
    }

    // MARK: What is stored

    @Test func aSecureFieldDecidedByAnExpressionIsNeverStored() async throws {
        let harness = try TestEngine()
        let json = """
            {"sections": [{"elements": [{"type": "entry", "key": "pin", "secureTextEntry": "@{1 == 1}"},
              {"type": "entry", "key": "note"}]}]}
            """
        let form = try harness.form(json)
        let stored = try await harness.engine.submit(SubmissionRequest(answers: ["pin": "4321", "note": "n"]), to: form)
        #expect(try await harness.storedJSON(stored.id) == #"{"note":"n"}"#)
        let override = await errors {
            try await harness.engine.submit(SubmissionRequest(overrides: [FieldOverride(key: "pin", text: "1")]), to: form)
        }
        #expect(override.map(\.rule) == ["secure"])
    }

    @Test func aComputedValueThatCannotBeComputedRefusesTheSubmit() async throws {
        let harness = try TestEngine()
        let json = """
            {"sections": [{"elements": [{"type": "decimal", "key": "count"},
              {"type": "decimal", "key": "share", "numberValue": "@{100 / count}"}]}]}
            """
        let form = try harness.form(json)
        let errors = await errors { try await harness.engine.submit(SubmissionRequest(answers: ["count": 0]), to: form) }
        #expect(errors.map(\.path) == ["share"] && errors.first?.rule == "expression", "\(errors)")
        #expect(try await harness.engine.storage.count() == 0)
        let stored = try await harness.engine.submit(SubmissionRequest(answers: ["count": 4]), to: form)
        #expect(stored.values == ["count": 4, "share": 25])
    }

    @Test func aSecureFlagThatCannotBeDecidedKeepsTheValueOutOfEveryRow() async throws {
        let harness = try TestEngine()
        let json = """
            {"sections": [{"elements": [{"type": "decimal", "key": "n"},
              {"type": "entry", "key": "pin", "secureTextEntry": "@{1 / n > 0}"}]}]}
            """
        let form = try harness.form(json)
        let draft = try await harness.engine.submit(SubmissionRequest(answers: ["n": 0, "pin": "4321"], status: .draft), to: form)
        #expect(!(try await harness.storedJSON(draft.id)).contains("4321"))
    }

    @Test func fieldsListARepeatsTemplateEvenWithoutItems() throws {
        let harness = try TestEngine()
        let session = try harness.engine.makeSession(for: try harness.form(Self.guestsForm))
        let template = try #require(session.fields.first { $0.isTemplate })
        #expect(template.key == "email" && template.repeatPath == "guests" && template.path == nil)
        try session.appendItem(to: "guests")
        #expect(session.fields.map { $0.isTemplate ? "template" : $0.path ?? "" } == ["name", "guests.0.email", "template"])
    }

    @Test func messagesSayWhatIsWrongWithTheValue() async throws {
        let harness = try TestEngine()
        let form = try harness.load("signup")
        let errors = await errors {
            try await harness.engine.submit(
                SubmissionRequest(answers: ["newsletter": "perhaps", "plan": "gold", "seats": "many"]), to: form)
        }
        let messages = Dictionary(errors.map { ($0.path, $0.message) }, uniquingKeysWith: { first, _ in first })
        #expect(messages["newsletter"] == "must be true or false")
        #expect(messages["plan"] == "must be one of free, pro, team")
        #expect(messages["seats"] == "must be a number")
    }
}
