import Testing
@testable import FormCore

@Suite("FormSession")
struct SessionTests {
    static let priceForm = """
        {"title": "Order", "sections": [{"elements": [
          {"type": "decimal", "key": "qty", "numberValue": 2},
          {"type": "decimal", "key": "price", "numberValue": 10},
          {"type": "decimal", "key": "total", "numberValue": "@{qty * price}"},
          {"type": "decimal", "key": "tax", "numberValue": "@{total * 0.2}"},
          {"type": "entry", "key": "note", "hidden": "@{note2 == 'hide'}"},
          {"type": "entry", "key": "note2"},
          {"type": "label", "title": "@{'Total: \\\\(total)'}"}
        ]}]}
        """

    @Test func computedValuesChainThroughTheGraph() throws {
        let session = try makeSession(Self.priceForm)
        #expect(session.value(forKey: "total") == .int(20))
        #expect(session.value(forKey: "tax") == .double(4))
        try session.set(.int(3), forKey: "qty")
        #expect(session.value(forKey: "total") == .int(30))
        #expect(session.value(forKey: "tax") == .double(6))
    }

    @Test func aChangeReEvaluatesExactlyItsDependents() throws {
        let session = try makeSession(Self.priceForm)
        let before = session.evaluationCount
        // qty -> total -> tax and the label reading total: three evaluations, not the hidden note.
        try session.set(.int(5), forKey: "qty")
        #expect(session.evaluationCount - before == 3)
        let afterQty = session.evaluationCount
        try session.set(.string("hide"), forKey: "note2")
        #expect(session.evaluationCount - afterQty == 1)
        let afterNote = session.evaluationCount
        // Setting the same value again changes nothing and evaluates nothing.
        try session.set(.string("hide"), forKey: "note2")
        #expect(session.evaluationCount == afterNote)
    }

    /// A change read by many properties, some through a computed value and some twice: each
    /// evaluated once, past the count where the marks move from a list to a set.
    @Test(arguments: [5, 31, 32, 33, 80])
    func aChangeReadByManyEvaluatesEachOnce(readers: Int) throws {
        var elements = [#"{"type": "decimal", "key": "base", "numberValue": 1}"#,
                        #"{"type": "decimal", "key": "double", "numberValue": "@{base * 2}"}"#]
        for reader in 0..<readers {
            // Every third reads base twice over (itself and through double).
            let expression = reader % 3 == 0 ? "@{base + double + \(reader)}" : "@{base + \(reader)}"
            elements.append(#"{"type": "decimal", "key": "r\#(reader)", "numberValue": "\#(expression)"}"#)
        }
        let session = try makeSession(#"{"sections": [{"elements": ["# + elements.joined(separator: ", ") + "]}]}")
        let before = session.evaluationCount
        try session.set(.int(10), forKey: "base")
        #expect(session.evaluationCount - before == readers + 1)
        for reader in 0..<readers {
            #expect(session.value(forKey: "r\(reader)") == .int(reader % 3 == 0 ? 30 + reader : 10 + reader), "r\(reader)")
        }
    }

    @Test func hiddenFollowsItsExpressionAndHiddenValuesAreNotSubmitted() throws {
        let session = try makeSession(Self.priceForm)
        try session.set(.string("kept"), forKey: "note")
        #expect(session.visibleValues["note"] == .string("kept"))
        try session.set(.string("hide"), forKey: "note2")
        let note = try #require(session.fields.first { $0.key == "note" })
        #expect(note.isHidden)
        #expect(session.visibleValues["note"] == nil)
    }

    @Test func liveTitlesAreResolvedInTheForm() throws {
        let session = try makeSession(Self.priceForm)
        let label = try #require(session.fields.first { $0.element.kind == .label })
        #expect(label.title == "Total: 20")
    }

    @Test func observersFireOncePerBatch() throws {
        let session = try makeSession(Self.priceForm)
        let all = ChangeLog()
        let qtyOnly = ChangeLog()
        session.observeAll { all.append($0) }
        session.observe("qty") { qtyOnly.append($0) }
        session.batch {
            try? session.set(.int(4), forKey: "qty")
            try? session.set(.int(11), forKey: "price")
            try? session.set(.string("x"), forKey: "note")
        }
        #expect(all.changes.count == 1)
        #expect(Set(all.changes[0].paths).isSuperset(of: ["qty", "price", "note", "total", "tax"]))
        #expect(qtyOnly.changes.count == 1)
        try session.set(.string("y"), forKey: "note")
        #expect(all.changes.count == 2)
        #expect(qtyOnly.changes.count == 1, "an observer of qty is not told about note")
    }

    @Test func cancelledObserversAreNotCalled() throws {
        let session = try makeSession(Self.priceForm)
        let log = ChangeLog()
        let token = session.observeAll { log.append($0) }
        session.removeObserver(token)
        try session.set(.int(9), forKey: "qty")
        #expect(log.changes.isEmpty)
    }

    @Test func aCycleAmongComputedValuesNamesItsMembers() throws {
        let json = """
            {"sections": [{"elements": [
              {"type": "decimal", "key": "a", "numberValue": "@{c + 1}"},
              {"type": "decimal", "key": "b", "numberValue": "@{a + 1}"},
              {"type": "decimal", "key": "c", "numberValue": "@{b + 1}"},
              {"type": "decimal", "key": "d", "numberValue": "@{a}"}
            ]}]}
            """
        let error = try #require(throws: DefinitionError.self) { try makeSession(json) }
        let issue = try #require(error.errors.first)
        #expect(issue.code == .expressionCycle)
        for member in ["a", "b", "c"] { #expect(issue.message.contains(member)) }
        #expect(!issue.message.contains("d ->"))
    }

    @Test func expressionSyntaxErrorsNameThePropertyPath() throws {
        let json = #"{"sections": [{"elements": [{"type": "entry", "key": "x", "hidden": "@{a + }"}]}]}"#
        let error = try #require(throws: DefinitionError.self) { try makeSession(json) }
        #expect(error.errors.first?.path == "sections[0].elements[0].hidden")
        #expect(error.errors.first?.code == .invalidExpression)
    }

    @Test func resetReturnsToTheBoundDefaults() throws {
        let session = try makeSession(Self.priceForm)
        try session.set(.int(7), forKey: "qty")
        session.reset()
        #expect(session.value(forKey: "qty") == .int(2))
        #expect(session.value(forKey: "total") == .int(20))
    }

    @Test func unknownKeysAndComputedFieldsAreRefused() throws {
        let session = try makeSession(Self.priceForm)
        #expect(throws: SessionError.self) { try session.set(.int(1), forKey: "qtty") }
        #expect(throws: SessionError.self) { try session.set(.int(1), forKey: "total") }
    }

    @Test func transformsRunOnInput() throws {
        let session = try makeSession(#"{"sections": [{"elements": [{"type": "entry", "key": "email", "transform": ["trim", "lowercase"]}]}]}"#)
        try session.set(.string("  Ann@Example.COM "), forKey: "email")
        #expect(session.value(forKey: "email") == .string("ann@example.com"))
    }

    @Test func writingAValueUpdatesTheDataWrittenBack() throws {
        let json = #"{"sections": [{"elements": [{"type": "entry", "key": "login", "bind": "textValue:user.login"}]}]}"#
        let session = try makeSession(json, data: ["user": ["login": "old", "id": 7]])
        try session.set(.string("new"), forKey: "login")
        #expect(session.dataWrittenBack == ["user": ["login": "new", "id": 7]])
    }

    @Test func repeatsGrowAndKeepTheirValues() throws {
        let json = """
            {"sections": [{"title": "Guests", "bind": "iterate:guests", "addTitle": "Add a guest",
              "elementTemplate": {"type": "entry", "key": "email", "bind": "textValue:email"}}]}
            """
        let session = try makeSession(json, data: ["guests": [["email": "a@x.io"]]])
        #expect(session.repeats.first?.path == "guests")
        #expect(session.repeats.first?.hasInputs == true)
        let index = try session.appendItem(to: "guests")
        #expect(index == 1)
        try session.set(.string("b@x.io"), forKey: "guests.1.email")
        #expect(session.values == ["guests": [["email": "a@x.io"], ["email": "b@x.io"]]])
        try session.removeItem(at: 0, from: "guests")
        #expect(session.values == ["guests": [["email": "b@x.io"]]])
    }

    @Test func repeatItemsReadTheirOwnSiblingsFirst() throws {
        let json = """
            {"sections": [{"bind": "iterate:people", "elementTemplate": {"type": "entry", "key": "name", "bind": "textValue:name"}},
              {"bind": "iterate:people", "elementTemplate": {"type": "label", "key": "greeting", "bind": "title:name"}},
              {"elements": [{"type": "label", "title": "@{people.count} people"}]}]}
            """
        let session = try makeSession(json, data: ["people": [["name": "Ann"], ["name": "Bo"]]])
        let label = try #require(session.fields.last)
        #expect(label.title == "2 people")
    }

    @Test func templateExpressionsReadTheirItemBeforeFormFieldsOfTheSameName() throws {
        let json = """
            {"sections": [{"elements": [{"type": "entry", "key": "name", "bind": "textValue:user"}]},
              {"bind": "iterate:items", "elementTemplate":
                {"type": "decimal", "key": "qty", "title": "@{name}: @{qty}", "bind": "numberValue:qty"}}]}
            """
        let session = try makeSession(json, data: ["user": "Ann", "items": [["name": "Pen", "qty": 2]]])
        let item = try #require(session.fields.last { !$0.isTemplate })
        #expect(item.title == "Pen: 2")
        try session.set(5, forKey: "items.0.qty")
        #expect(session.fields.last { !$0.isTemplate }?.title == "Pen: 5", "the item's own value is a dependency")
        try session.set("Bo", forKey: "name")
        #expect(session.fields.last { !$0.isTemplate }?.title == "Pen: 5")
    }

    @Test func aBooleanWithAnActionFiresItWhenSwitched() throws {
        let json = #"{"sections": [{"elements": [{"type": "boolean", "key": "agree", "controllerAction": "onAgree:"}]}]}"#
        let session = try makeSession(json)
        let log = ChangeLog()
        session.observeAll { log.append($0) }
        try session.set(.bool(true), forKey: "agree")
        #expect(log.changes.first?.actions == [ActionRequest(name: "onAgree", elementPath: "agree", elementKey: "agree", jsonPath: "sections[0].elements[0]")])
    }

    @Test func choicesFireWhenChangedAndButtonsWhenPressed() throws {
        let json = """
            {"sections": [{"elements": [
              {"type": "radio", "key": "size", "items": ["S", "M"], "controllerAction": "sizeChanged:"},
              {"type": "segmented", "key": "tone", "items": ["Warm", "Cold"], "controllerAction": "toneChanged"},
              {"type": "entry", "key": "name", "controllerAction": "never"},
              {"type": "button", "key": "go", "title": "Go", "controllerAction": "onGo:"}]}]}
            """
        let session = try makeSession(json)
        let log = ChangeLog()
        session.observeAll { log.append($0) }
        try session.set(1, forKey: "size")
        try session.set(0, forKey: "tone")
        try session.set("typing fires nothing", forKey: "name")
        #expect(log.changes.flatMap(\.actions).map(\.name) == ["sizeChanged", "toneChanged"])
        #expect(try session.press("go") == ActionRequest(name: "onGo", elementPath: "go", elementKey: "go", jsonPath: "sections[0].elements[3]"))
        #expect(try session.press("name") == ActionRequest(name: "never", elementPath: "name", elementKey: "name", jsonPath: "sections[0].elements[2]"))
        #expect(throws: SessionError.self) { try session.press("nothing") }
    }

    @Test func concurrentWritersLoseNothing() async throws {
        var elements: [String] = []
        for index in 0..<8 { elements.append(#"{"type": "decimal", "key": "n\#(index)", "numberValue": 0}"#) }
        let session = try makeSession(#"{"sections": [{"elements": [\#(elements.joined(separator: ","))]}]}"#)
        await withTaskGroup(of: Void.self) { group in
            for index in 0..<8 {
                group.addTask {
                    for value in 1...200 { try? session.set(.int(value), forKey: "n\(index)") }
                }
            }
        }
        for index in 0..<8 { #expect(session.value(forKey: "n\(index)") == .int(200)) }
    }
}

/// Answers keyed by whole key paths, as a flat source (an HTML form) sends them: a key past a
/// repeat's items adds one, which renumbers every element after the repeat. What was answered
/// before it must still reach the expressions that read it.
@Suite struct FlatKeyGrowthTests {
    static let form = """
        {"sections": [
          {"bind": "iterate:guests", "addTitle": "Add a guest",
           "elementTemplate": {"type": "entry", "key": "email", "bind": "textValue:email"}},
          {"elements": [
            {"type": "entry", "key": "name"},
            {"type": "entry", "key": "greeting", "textValue": "@{'Hi \\\\(name)'}"},
            {"type": "decimal", "key": "guestCount", "numberValue": "@{guests.@count}"},
            {"type": "entry", "key": "note", "hidden": "@{name == 'Ada'}"}
          ]}
        ]}
        """

    @Test(arguments: [
        // The name first: it is changed in the shape before the repeat grows, twice.
        ["name", "guests.0.email", "guests.1.email"],
        ["guests.0.email", "name", "guests.1.email"],
        ["guests.0.email", "guests.1.email", "name"],
    ])
    func whatWasAnsweredBeforeARepeatGrewIsRead(order: [String]) throws {
        let compiled = try CompiledForm(definition: try FormDefinition(json: Self.form))
        let given = ["name": "Ada", "guests.0.email": "a@example.org", "guests.1.email": "b@example.org"]
        // An object's members keep the order they are written in.
        let answers = try FormValue(json: "{" + order.map { #""\#($0)": "\#(given[$0] ?? "")""# }.joined(separator: ", ") + "}")
        let filled = compiled.fill(FormInput(answers: answers))
        #expect(filled.errors.isEmpty, "\(filled.errors)")
        let values = filled.valuesToStore
        #expect(values.value(at: try ValuePath(parsing: "greeting")) == "Hi Ada")
        #expect(values.value(at: try ValuePath(parsing: "guestCount")) == .int(2))
        #expect(values.value(at: try ValuePath(parsing: "guests")) == [["email": "a@example.org"], ["email": "b@example.org"]])
        // Hidden by the name: not stored.
        #expect(values.value(at: try ValuePath(parsing: "note")) == nil)
    }
}

/// What submitting can mean: the actions of the buttons shown, in form order, those of a
/// repeat's items included, none of a hidden button or of one that names no action.
@Suite struct ButtonActionTests {
    static let form = """
        {"sections": [
          {"elements": [
            {"type": "entry", "key": "name"},
            {"type": "button", "key": "a", "controllerAction": "onA", "hidden": "@{name == 'x'}"},
            {"type": "button", "key": "plain"}
          ]},
          {"bind": "iterate:items", "addTitle": "Add",
           "elementTemplate": {"type": "button", "key": "pick", "controllerAction": "onItem"}},
          {"elements": [{"type": "button", "key": "c", "controllerAction": "onC"}]}
        ]}
        """

    @Test func theShownButtonsActionsInFormOrder() throws {
        let compiled = try CompiledForm(definition: try FormDefinition(json: Self.form))
        let shown = compiled.fill(FormInput(answers: ["name": "y"])).buttonActions
        #expect(shown.map(\.name) == ["onA", "onC"])
        #expect(shown.map(\.elementPath) == ["a", "c"])
        let data: FormValue = ["items": [["n": 1], ["n": 2]]]
        let withItems = try CompiledForm(definition: try FormDefinition(json: Self.form), data: data)
        let hiddenA = withItems.fill(FormInput(answers: ["name": "x"])).buttonActions
        #expect(hiddenA.map(\.name) == ["onItem", "onItem", "onC"])
        #expect(Set(hiddenA.map(\.jsonPath)).count == 3)
    }
}
