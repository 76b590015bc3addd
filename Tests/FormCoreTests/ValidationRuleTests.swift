import Testing
@testable import FormCore

/// Every validation rule, through a session as a submit runs it: the key path, the rule and a
/// message a person can act on.
@Suite("Validation rules")
struct ValidationRuleTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var element: String
        var value: FormValue
        /// nil: the value passes.
        var rule: String?
        var message: String? = nil
        var testDescription: String { "\(element) = \(value)" }
    }

    static let cases: [Case] = [
        Case(element: #"{"type": "entry", "key": "f", "required": true}"#, value: "", rule: "required", message: "is required"),
        Case(element: #"{"type": "entry", "key": "f", "required": true}"#, value: "   ", rule: "required"),
        Case(element: #"{"type": "entry", "key": "f", "required": true}"#, value: "x", rule: nil),
        Case(element: #"{"type": "boolean", "key": "f", "required": true}"#, value: false, rule: "required", message: "must be switched on"),
        Case(element: #"{"type": "entry", "key": "f", "required": "@{1 + 1 == 2}"}"#, value: nil, rule: "required"),
        Case(element: #"{"type": "entry", "key": "f", "required": "@{1 > 2}"}"#, value: nil, rule: nil),
        Case(element: #"{"type": "entry", "key": "f", "minLength": 3}"#, value: "ab", rule: "minLength", message: "must be at least 3 characters (has 2)"),
        Case(element: #"{"type": "entry", "key": "f", "minLength": 3}"#, value: "abc", rule: nil),
        Case(element: #"{"type": "entry", "key": "f", "maxLength": 2}"#, value: "abc", rule: "maxLength", message: "must be at most 2 characters (has 3)"),
        Case(element: #"{"type": "entry", "key": "f", "maxLength": 2}"#, value: "é😀", rule: nil),
        Case(element: #"{"type": "entry", "key": "f", "pattern": "[A-Z]{2}[0-9]+"}"#, value: "AB12", rule: nil),
        Case(element: #"{"type": "entry", "key": "f", "pattern": "[A-Z]{2}[0-9]+"}"#, value: "AB12x", rule: "pattern"),
        Case(element: #"{"type": "decimal", "key": "f", "minimumValue": 2}"#, value: 1, rule: "minimumValue", message: "must be at least 2"),
        Case(element: #"{"type": "decimal", "key": "f", "maximumValue": 2.5}"#, value: 2.6, rule: "maximumValue", message: "must be at most 2.5"),
        Case(element: #"{"type": "float", "key": "f", "minimumValue": 0, "maximumValue": 1}"#, value: 0.5, rule: nil),
        Case(element: #"{"type": "decimal", "key": "f", "fractionDigits": 2}"#, value: 1.005, rule: "fractionDigits"),
        Case(element: #"{"type": "decimal", "key": "f", "fractionDigits": 2}"#, value: 1.25, rule: nil),
        Case(element: #"{"type": "decimal", "key": "f", "fractionDigits": 0}"#, value: 1.5, rule: "fractionDigits", message: "must be a whole number"),
        Case(element: #"{"type": "decimal", "key": "f"}"#, value: "ten", rule: "number"),
        Case(element: #"{"type": "date", "key": "f", "minimumDate": "2000-01-01"}"#, value: "1999-12-31", rule: "minimumDate", message: "must be on or after 2000-01-01"),
        Case(element: #"{"type": "date", "key": "f", "maximumDate": "2000-01-01"}"#, value: "2000-01-02", rule: "maximumDate"),
        Case(element: #"{"type": "date", "key": "f", "maximumDate": "2000-01-01"}"#, value: "2000-01-01", rule: nil),
        Case(element: #"{"type": "date", "key": "f"}"#, value: "2001-02-29", rule: "date"),
        Case(element: #"{"type": "date", "key": "f", "mode": "Time"}"#, value: "25:00", rule: "date", message: "must be a time as HH:MM[:SS]"),
        Case(element: #"{"type": "date", "key": "f", "mode": "DateAndTime"}"#, value: "2024-05-17T14:30:00+02:00", rule: nil),
        Case(element: #"{"type": "radio", "key": "f", "items": ["A", "B"], "values": ["a", "b"]}"#, value: "c", rule: "choice"),
        Case(element: #"{"type": "radio", "key": "f", "items": ["A", "B"], "values": ["a", "b"]}"#, value: "b", rule: nil),
        Case(element: #"{"type": "segmented", "key": "f", "items": ["A", "B"]}"#, value: 2, rule: "choice"),
        Case(element: #"{"type": "segmented", "key": "f", "items": ["A", "B"]}"#, value: 1, rule: nil),
        Case(element: #"{"type": "picker", "key": "f", "items": [["S", "M", "L"]]}"#, value: "XL", rule: "choice"),
        Case(element: #"{"type": "picker", "key": "f", "items": [["S", "M", "L"]]}"#, value: "M", rule: nil),
        Case(element: #"{"type": "entry", "key": "f", "validate": [{"rule": "email"}]}"#, value: "a@b", rule: "email"),
        Case(element: #"{"type": "entry", "key": "f", "validate": [{"rule": "email"}]}"#, value: "ann.lee+x@mail.example.org", rule: nil),
        Case(element: #"{"type": "entry", "key": "f", "validate": [{"rule": "email"}]}"#, value: "zoë@exämple.de", rule: nil),
        Case(element: #"{"type": "entry", "key": "f", "validate": [{"rule": "url"}]}"#, value: "ftp://x.org", rule: "url"),
        Case(element: #"{"type": "entry", "key": "f", "validate": [{"rule": "url"}]}"#, value: "https://swift.org/x?y=1", rule: nil),
        Case(element: #"{"type": "entry", "key": "f", "validate": [{"rule": "expression", "test": "@{f.count % 2 == 0}"}]}"#, value: "odd", rule: "expression"),
        Case(element: #"{"type": "entry", "key": "f", "validate": [{"rule": "expression", "test": "@{f.count % 2 == 0}", "message": "needs an even length"}]}"#, value: "odd", rule: "expression", message: "needs an even length"),
        Case(element: #"{"type": "entry", "key": "f", "validate": [{"rule": "email", "message": "we need your email"}]}"#, value: "x", rule: "email", message: "we need your email"),
        Case(element: #"{"type": "entry", "key": "f", "validate": [{"rule": "notAdmin"}]}"#, value: "admin", rule: "notAdmin", message: "is reserved"),
        Case(element: #"{"type": "entry", "key": "f", "validate": [{"rule": "notAdmin"}]}"#, value: "ann", rule: nil),
        Case(element: #"{"type": "entry", "key": "f", "minLength": 5, "validate": [{"rule": "email"}]}"#, value: "", rule: nil),
    ]

    /// A rule nobody registered cannot fail every submit later as the user's error: the form
    /// is refused when it is compiled, naming the rule and where it is used.
    @Test func unregisteredRuleRefusedWhenCompiled() throws {
        let json = #"{"sections": [{"elements": [{"type": "entry", "key": "f", "validate": [{"rule": "unregistered"}]}]}]}"#
        #expect {
            _ = try makeSession(json, validators: Self.registry)
        } throws: { error in
            guard let error = error as? DefinitionError, let issue = error.errors.first else { return false }
            return issue.code == .unknownRule && issue.path == "sections[0].elements[0].validate[0]"
                && issue.message.contains("'unregistered'")
        }
    }

    static var registry: ValidatorRegistry {
        var registry = ValidatorRegistry()
        registry.register("notAdmin") { $0.value.stringValue == "admin" ? "is reserved" : nil }
        return registry
    }

    @Test(arguments: cases)
    func rule(_ testCase: Case) throws {
        let session = try makeSession(#"{"sections": [{"elements": [\#(testCase.element)]}]}"#, validators: Self.registry)
        if let rule = testCase.rule, ["number", "date", "choice"].contains(rule) {
            // A value that does not parse for its field is refused by `set`, naming the field...
            let refusal = #expect(throws: SessionError.self) { try session.set(testCase.value, forKey: "f") }
            #expect(refusal?.path == "f")
            if let message = testCase.message { #expect(refusal?.message == message) }
            // ...and validation still refuses it when it comes another way (bound data, a default).
            session.state.withLock { state in _ = state.write(testCase.value, toField: 0, at: ValuePath(components: [.key("f")])) }
        } else {
            try session.set(testCase.value, forKey: "f")
        }
        let errors = session.validate()
        if let rule = testCase.rule {
            let error = try #require(errors.first, "expected \(rule)")
            #expect(errors.count == 1, "\(errors)")
            #expect(error.path == "f")
            #expect(error.rule == rule)
            if let message = testCase.message { #expect(error.message == message) }
        } else {
            #expect(errors.isEmpty, "\(errors)")
        }
    }

    @Test func matchesComparesWithTheNamedField() throws {
        let json = """
            {"sections": [{"elements": [
              {"type": "entry", "key": "password", "validate": [{"rule": "matches", "field": "confirm"}]},
              {"type": "entry", "key": "confirm"}]}]}
            """
        let session = try makeSession(json)
        try session.set("abc", forKey: "password")
        try session.set("abd", forKey: "confirm")
        #expect(session.validate() == [FieldError(path: "password", rule: "matches", message: "must match confirm")])
        try session.set("abc", forKey: "confirm")
        #expect(session.validate().isEmpty)
    }

    @Test func hiddenFieldsAreNotValidated() throws {
        let json = """
            {"sections": [{"elements": [
              {"type": "boolean", "key": "company", "boolValue": false},
              {"type": "entry", "key": "vat", "required": true, "minLength": 8, "hidden": "@{!company}"}]},
              {"hidden": true, "elements": [{"type": "entry", "key": "never", "required": true}]}]}
            """
        let session = try makeSession(json)
        try session.set("x", forKey: "vat")
        #expect(session.validate().isEmpty, "hidden by its own expression and by its section")
        try session.set(true, forKey: "company")
        #expect(session.validate().map(\.path) == ["vat"])
    }

    @Test func repeatErrorsNameTheItem() throws {
        let json = """
            {"sections": [{"bind": "iterate:guests", "elementTemplate":
              {"type": "entry", "key": "email", "bind": "textValue:email", "required": true, "validate": [{"rule": "email"}]}},
              {"bind": "iterate:guests", "elementTemplate":
              {"type": "entry", "key": "again", "validate": [{"rule": "matches", "field": "email"}]}}]}
            """
        let session = try makeSession(json, data: ["guests": [["email": "a@x.io"], ["email": "nope"], ["email": ""]]])
        try session.set("a@x.io", forKey: "guests.0.again")
        try session.set("other@x.io", forKey: "guests.1.again")
        let errors = session.validate()
        #expect(errors.map(\.description) == [
            "guests.1.email: must be an email address like name@example.com",
            "guests.2.email: is required",
            "guests.1.again: must match email",
        ])
    }
}
