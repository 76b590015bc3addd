import Foundation
import FormCore
import FormEngine
import FormStore
import Synchronization
import Testing

@Suite("Login sample through FormEngine")
struct LoginFormTests {
    @Test func onLoginReceivesThePasswordWhichIsNeverStored() async throws {
        let harness = try TestEngine()
        let seen = Mutex<[String]>([])
        harness.engine.registerAction("onLogin:") { context in
            let login = context.session.value(forKey: "login")?.stringValue ?? ""
            let password = context.session.value(forKey: "password")?.stringValue ?? ""
            seen.withLock { $0 = [login, password] }
            return password == "hunter2hunter2" ? .proceed : .cancel("wrong password")
        }
        let form = try harness.load("loginform")
        let session = try harness.engine.makeSession(for: form)
        try session.set("ann@example.com", forKey: "login")
        try session.set("hunter2hunter2", forKey: "password")
        let stored = try await harness.engine.submit(session)
        #expect(seen.withLock { $0 } == ["ann@example.com", "hunter2hunter2"])
        #expect(stored.formName == "loginform")
        #expect(stored.status == .final)
        let values = try FormValue(json: (try await harness.storedJSON(stored.id)))
        #expect(values["login"] == "ann@example.com")
        #expect(values["password"] == nil)
        #expect(!(try await harness.storedJSON(stored.id)).contains("hunter2"))
    }

    @Test func aHandlerCancellingStoresNothing() async throws {
        let harness = try TestEngine()
        harness.engine.registerAction("onLogin") { _ in .cancel("wrong password") }
        let form = try harness.load("loginform")
        let session = try harness.engine.makeSession(for: form)
        try session.set("ann", forKey: "login")
        await #expect {
            try await harness.engine.submit(session)
        } throws: { error in
            guard case FormEngineError.cancelled(let action, let message) = error else { return false }
            return action == "onLogin" && message == "wrong password"
        }
        #expect(try await harness.engine.storage.count() == 0)
    }

    @Test func anUnroutedActionIsReportedBeforeTheFormIsUsed() throws {
        let harness = try TestEngine()
        let form = try harness.load("loginform")
        #expect {
            _ = try harness.engine.makeSession(for: form)
        } throws: { error in
            guard case FormEngineError.unroutedActions(let uses) = error else { return false }
            return uses == [ActionUse(name: "onLogin", path: "button")]
        }
    }

    @Test func draftsDropSecretsAndResume() async throws {
        let harness = try TestEngine()
        harness.engine.registerAction("onLogin") { _ in .proceed }
        let form = try harness.load("loginform")
        let session = try harness.engine.makeSession(for: form)
        try session.set("bo", forKey: "login")
        try session.set("s3cret-s3cret", forKey: "password")
        let draft = try await harness.engine.saveDraft(session)
        #expect(draft.status == .draft)
        #expect(!(try await harness.storedJSON(draft.id)).contains("s3cret"))
        let resumed = try await harness.engine.resumeDraft(id: draft.id, form: form).session
        #expect(resumed.value(forKey: "login") == "bo")
        try resumed.set("pw-again-123", forKey: "password")
        let final = try await harness.engine.submit(resumed, resumingDraft: draft.id)
        #expect(final.id == draft.id)
        #expect(final.status == .final)
        #expect(try await harness.engine.storage.count(status: .draft) == 0)
    }
}
