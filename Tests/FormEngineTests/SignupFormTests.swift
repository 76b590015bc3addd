import Foundation
import FormCore
import FormEngine
import FormStore
import Testing

@Suite("Signup form through FormEngine")
struct SignupFormTests {
    func filledSession(_ harness: TestEngine, _ form: LoadedForm) throws -> FormSession {
        harness.engine.registerAction("submit") { _ in .proceed }
        let session = try harness.engine.makeSession(for: form, data: ["guests": [["email": "a@friends.io"]]])
        try session.set("  Ada   Lovelace ", forKey: "name")
        try session.set("ADA@Example.com", forKey: "email")
        try session.set("correct horse", forKey: "password")
        try session.set("correct horse", forKey: "passwordConfirmation")
        try session.set("1990-12-10", forKey: "birthDate")
        return session
    }

    @Test func aValidSignupIsStoredWithRepeatsAsArraysAndWithoutSecrets() async throws {
        let harness = try TestEngine()
        let form = try harness.load("signup")
        let session = try filledSession(harness, form)
        try session.appendItem(to: "guests")
        try session.set("b@friends.io", forKey: "guests.1.email")
        let stored = try await harness.engine.submit(session)
        let values = try FormValue(json: (try await harness.storedJSON(stored.id)))
        #expect(values["name"] == "Ada Lovelace")
        #expect(values["email"] == "ada@example.com")
        #expect(values["plan"] == "free")
        #expect(values["guests"] == [["email": "a@friends.io"], ["email": "b@friends.io"]])
        #expect(values["company"] == nil, "hidden fields are not submitted")
        #expect(values["password"] == nil && values["passwordConfirmation"] == nil)
    }

    @Test func everyErrorIsReportedAtOnceAndNothingIsStored() async throws {
        let harness = try TestEngine()
        let form = try harness.load("signup")
        let session = try filledSession(harness, form)
        try session.set("x", forKey: "name")
        try session.set("not-an-email", forKey: "email")
        try session.set("different!!", forKey: "passwordConfirmation")
        try session.set("team", forKey: "plan")
        try session.set("nope", forKey: "guests.0.email")
        let errors = session.validate()
        let byPath = Dictionary(grouping: errors, by: \.path).mapValues { $0.map(\.rule) }
        #expect(byPath["name"] == ["minLength"])
        #expect(byPath["email"] == ["email"])
        #expect(byPath["password"] == ["matches"])
        #expect(byPath["company"] == ["required"], "company becomes required for the Team plan")
        #expect(byPath["guests.0.email"] == ["email"])
        await #expect(throws: FormEngineError.self) { try await harness.engine.submit(session) }
        #expect(try await harness.engine.storage.count() == 0)
    }

    @Test func aCustomValidatorAndAHostFunctionTakePart() async throws {
        let harness = try TestEngine()
        harness.engine.registerValidator("notReserved") { input in
            input.value.stringValue == "admin" ? "is reserved" : nil
        }
        harness.engine.registerFunction("shout") { args in .string((args.first?.stringValue ?? "").uppercased()) }
        let form = try harness.form("""
            {"sections": [{"elements": [
              {"type": "entry", "key": "user", "validate": [{"rule": "notReserved"}]},
              {"type": "label", "key": "banner", "title": "@{shout(user)}"}
            ]}]}
            """)
        let session = try harness.engine.makeSession(for: form)
        try session.set("admin", forKey: "user")
        #expect(session.validate() == [FieldError(path: "user", rule: "notReserved", message: "is reserved")])
        #expect(session.fields.last?.title == "ADMIN")
    }
}
