import FormCore
import FormEngine
import TestSupport
import Testing

/// A service binding data through the library gets what `--data` gets: the form's declared
/// defaults where the data says nothing, and a refusal naming the path and the class expected
/// where it holds the wrong class. forms/order.json declares every kind of data.
@Suite("Declared data through FormEngine")
struct DeclaredDataTests {
    /// The data paths and messages of the `dataMismatch` issues in a refusal, or nil for any
    /// other refusal.
    static func mismatches(_ error: any Error) -> [String]? {
        guard case FormEngineError.definition(let definitionError) = error else { return nil }
        let found = definitionError.errors.filter { $0.code == .dataMismatch }
        return found.isEmpty ? nil : found.map { "\($0.path): \($0.message)" }
    }

    @Test func withoutDataTheDeclaredDefaultsAreBoundAndStored() async throws {
        let harness = try TestEngine()
        let form = try harness.load("order")
        #expect(form.data["customerName"] == "Guest" && form.data["quantity"] == 1 && form.data["isMember"] == false, "\(form.data)")
        // A declared name with no default is there, as null.
        #expect(form.data["user"] == .null, "\(form.data)")
        let session = try harness.engine.makeSession(for: form)
        #expect(session.value(forKey: "name") == "Guest")
        #expect(session.value(forKey: "quantity") == 1)
        #expect(session.value(forKey: "member") == false)
        try session.set("M", forKey: "size")
        let stored = try await harness.engine.submit(session)
        let values = try FormValue(json: try await harness.storedJSON(stored.id))
        // The radio stores the index of the size chosen.
        #expect(values["name"] == "Guest" && values["size"] == 1 && values["quantity"] == 1 && values["member"] == false, "\(values)")
    }

    @Test func dataOfTheWrongClassIsRefusedWhenLoadingNamingThePath() throws {
        let harness = try TestEngine()
        let data: FormValue = ["quantity": "two", "user": ["name": "Ann", "age": "forty"]]
        #expect {
            try harness.engine.loadForm(path: RepositoryFiles.fixture("order.json"), data: data)
        } throws: { error in
            Self.mismatches(error) == [#"quantity: expected Int, found "two""#, #"user.age: expected Int, found "forty""#]
        }
    }

    @Test func dataOfTheWrongClassIsRefusedForASessionOfALoadedForm() throws {
        let harness = try TestEngine()
        let form = try harness.load("order")
        #expect {
            try harness.engine.makeSession(for: form, data: ["sizes": ["S", 2]])
        } throws: { error in
            Self.mismatches(error) == ["sizes[1]: expected String, found 2"]
        }
        // Data that fits is bound, the names it lacks taking their defaults.
        let session = try harness.engine.makeSession(for: form, data: ["customerName": "Ann", "user": ["name": "Ann", "age": 40]])
        #expect(session.value(forKey: "name") == "Ann")
        #expect(session.value(forKey: "quantity") == 1)
    }
}
