@testable import FormCore
import Testing

/// A compiled form is built once and shared: answers of the same shape reuse one structure,
/// and what a fresh fill computes matches a session driven field by field.
@Suite("CompiledForm")
struct CompiledFormTests {
    static let party = """
        {"sections": [
          {"elements": [{"type": "entry", "key": "host", "required": true},
                        {"type": "label", "key": "summary", "title": "@{host} invites @{guests.@count ?? 0} guests"}]},
          {"title": "Guests", "bind": "iterate:guests", "maximumItems": 5, "elementTemplate":
            {"type": "entry", "key": "email", "title": "@{host}'s guest", "bind": "textValue:email",
             "required": "@{host.count > 0}"}}
        ]}
        """

    @Test func answersOfOneShapeShareOneStructure() throws {
        let form = try CompiledForm(definition: FormDefinition(json: Self.party))
        let two: FormValue = ["host": "Ann", "guests": [["email": "a@x.io"], ["email": "b@x.io"]]]
        let first = form.fill(FormInput(answers: two))
        let second = form.fill(FormInput(answers: ["host": "Bo", "guests": [["email": "c@x.io"], ["email": "d@x.io"]]]))
        #expect(first.errors.isEmpty && second.errors.isEmpty)
        #expect(first.state.structure === second.state.structure)
        #expect(first.state.structure !== form.base)
        #expect(try form.structure(for: first.state.shape) === first.state.structure)
    }

    /// An import's workers each fill a copy: it must fill exactly as the original does, in the
    /// original's language and with its data, while sharing none of its structures.
    @Test func aFormCompiledAgainFillsTheSameAndSharesNoStructure() throws {
        let json = #"{"languages": {"default": "en", "de": {}}, "sections": [{"elements": [{"type": "entry", "key": "host", "required": true, "minLength": 3},"#
            + #" {"type": "label", "key": "summary", "title": "@{host} invites @{guests.@count ?? 0} guests"}]},"#
            + #" {"title": "Guests", "bind": "iterate:guests", "maximumItems": 5, "elementTemplate":"#
            + #" {"type": "entry", "key": "email", "title": "@{host}'s guest", "bind": "textValue:email", "required": "@{host.count > 0}"}}]}"#
        let form = try CompiledForm(definition: FormDefinition(json: json), language: LanguageTag("de"))
        let copy = try form.compiledAgain()
        #expect(copy.language == form.language && copy.data == form.data && copy.definition == form.definition)
        #expect(copy.base !== form.base)
        for answers: FormValue in [["host": "Ann", "guests": [["email": "a@x.io"], ["email": ""]]], ["host": "A"], ["guests": [["email": 3]]]] {
            let (original, again) = (form.fill(FormInput(answers: answers)), copy.fill(FormInput(answers: answers)))
            #expect(again.errors == original.errors && !original.errors.isEmpty, "\(answers)")
            #expect(again.valuesToStore == original.valuesToStore, "\(answers)")
            #expect(again.state.structure !== original.state.structure, "\(answers)")
        }
    }

    @Test func aFreshFillComputesWhatASessionDoes() throws {
        let form = try CompiledForm(definition: FormDefinition(json: Self.party))
        let answers: FormValue = ["host": "Ann", "guests": [["email": "a@x.io"], ["email": ""]]]
        let filled = form.fill(FormInput(answers: answers))
        #expect(filled.errors == [FieldError(path: "guests.1.email", rule: "required", message: "is required")])

        let session = form.makeSession()
        try session.set("Ann", forKey: "host")
        try session.appendItems(to: "guests", count: 2)
        try session.set("a@x.io", forKey: "guests.0.email")
        try session.set("", forKey: "guests.1.email")
        #expect(session.validate() == filled.errors)
        #expect(session.values == filled.values)
        let titles = session.fields.filter { !$0.isTemplate }.compactMap(\.title)
        #expect(titles == ["Ann invites 2 guests", "Ann's guest", "Ann's guest"])
        #expect(filled.makeSession().fields.filter { !$0.isTemplate }.compactMap(\.title) == titles)
    }

    @Test func makingASessionEvaluatesNothing() throws {
        let form = try CompiledForm(definition: FormDefinition(json: Self.party))
        let session = form.makeSession()
        #expect(session.evaluationCount == 0)
        #expect(session.fields.first { $0.key == "summary" }?.title == " invites 0 guests")
    }

    @Test func keptShapesAreBounded() throws {
        let json = """
            {"sections": [{"bind": "iterate:items", "maximumItems": 1000,
              "elementTemplate": {"type": "entry", "key": "v", "bind": "textValue:v"}}]}
            """
        let form = try CompiledForm(definition: FormDefinition(json: json))
        for count in 1...(CompiledForm.maximumKeptShapes + 10) {
            let items = FormValue.array(Array(repeating: ["v": "x"], count: count))
            #expect(form.fill(FormInput(answers: ["items": items])).errors.isEmpty)
        }
        #expect(form.keptShapeCount <= CompiledForm.maximumKeptShapes)
    }
}
