import Foundation
import FormCore
import FormEngine
import FormStore
import Synchronization
import Testing

@Suite("Action routing")
struct ActionRoutingTests {
    static let form = """
        {"sections": [{"elements": [
          {"type": "entry", "key": "code", "required": true},
          {"type": "boolean", "key": "vip", "controllerAction": "vipSwitched:"},
          {"type": "button", "key": "save", "title": "Save", "controllerAction": "onSave:"}]}]}
        """

    struct Failure: Error {}

    @Test func aHandlerMayChangeValuesBeforeTheyAreStored() async throws {
        let harness = try TestEngine()
        harness.engine.registerAction("vipSwitched") { _ in .proceed }
        harness.engine.registerAction("onSave") { context in
            let code = context.session.value(forKey: "code")?.stringValue ?? ""
            try context.session.set(.string(code.uppercased()), forKey: "code")
            #expect(context.isSubmitting)
            #expect(context.element?.key == "save")
            return .proceed
        }
        let form = try harness.form(Self.form)
        let session = try harness.engine.makeSession(for: form)
        try session.set("ab-12", forKey: "code")
        let stored = try await harness.engine.submit(session)
        #expect(try FormValue(json: (try await harness.storedJSON(stored.id)))["code"] == "AB-12")
    }

    @Test func aSwitchedBooleanFiresItsHandlerThroughTheEngine() async throws {
        let harness = try TestEngine()
        let calls = Counter()
        harness.engine.registerAction("vipSwitched") { context in
            calls.increment()
            #expect(context.request.elementKey == "vip")
            #expect(!context.isSubmitting)
            return .proceed
        }
        harness.engine.registerAction("onSave") { _ in .proceed }
        let form = try harness.form(Self.form)
        let session = try harness.engine.makeSession(for: form)
        let fired = Mutex<[ActionRequest]>([])
        session.observeAll { change in fired.withLock { $0 += change.actions } }
        try session.set(true, forKey: "vip")
        for request in fired.withLock({ $0 }) { _ = try await harness.engine.perform(request, in: session) }
        #expect(calls.count == 1)
    }

    @Test func aFailingHandlerStopsTheSubmitWithItsError() async throws {
        let harness = try TestEngine()
        harness.engine.registerAction("vipSwitched") { _ in .proceed }
        harness.engine.registerAction("onSave") { _ in throw Failure() }
        let form = try harness.form(Self.form)
        let session = try harness.engine.makeSession(for: form)
        try session.set("x", forKey: "code")
        await #expect {
            try await harness.engine.submit(session)
        } throws: { error in
            guard case FormEngineError.actionFailed(let action, _) = error else { return false }
            return action == "onSave"
        }
        #expect(try await harness.engine.storage.count() == 0)
    }

    @Test func invalidValuesNeverReachTheHandler() async throws {
        let harness = try TestEngine()
        let calls = Counter()
        harness.engine.registerAction("vipSwitched") { _ in .proceed }
        harness.engine.registerAction("onSave") { _ in calls.increment(); return .proceed }
        let form = try harness.form(Self.form)
        let session = try harness.engine.makeSession(for: form)
        await #expect(throws: FormEngineError.self) { try await harness.engine.submit(session) }
        #expect(calls.count == 0, "validation runs before handlers")
    }
}
