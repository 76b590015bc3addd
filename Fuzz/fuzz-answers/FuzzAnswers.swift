import FormCore
import FuzzSupport

/// Any JSON as the answers of an import line (or `--answers`) to a real form: a repeat with
/// limits, a conditional field, secrets, cross-field rules, transforms. Every input gives values
/// or errors; answers that produced an error are never in the values to store, and secrets never.
enum FuzzAnswers {
    static let form: CompiledForm? = {
        let definition = """
            {"sections": [
              {"elements": [
                {"type": "entry", "key": "name", "required": true, "transform": ["trim"], "maxLength": 40},
                {"type": "entry", "key": "email", "validate": [{"rule": "email"}], "pattern": "[^@]+@[^@]+"},
                {"type": "entry", "key": "password", "secureTextEntry": true, "minLength": 4},
                {"type": "entry", "key": "again", "secureTextEntry": true, "validate": [{"rule": "matches", "field": "password"}]},
                {"type": "radio", "key": "plan", "items": ["Free", "Team"], "values": ["free", "team"]},
                {"type": "decimal", "key": "seats", "hidden": "@{plan != 'team'}", "minimumValue": 1, "maximumValue": 9,
                 "fractionDigits": 0},
                {"type": "date", "key": "day", "mode": "Date", "minimumDate": "2000-01-01"},
                {"type": "boolean", "key": "ok"}]},
              {"type": "QSelectSection", "key": "topics", "items": ["a", "b", "c"], "multipleAllowed": true},
              {"bind": "iterate:guests", "maximumItems": 3, "elementTemplate":
                {"type": "entry", "key": "email", "bind": "textValue:email", "validate": [{"rule": "email"}],
                 "required": "@{name.count > 0}"}}
            ]}
            """
        return try? CompiledForm(definition: FormDefinition(json: definition))
    }()

    static func run(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let form, let answers = try? JSONReader.parse(bytes: bytes) else { return }
        let filled = form.fill(FormInput(answers: answers))
        let stored = filled.valuesToStore
        precondition(stored["password"] == nil && stored["again"] == nil, "a secret would be stored")
        if filled.errors.isEmpty { _ = stored.jsonString() }
    }
}

@main enum Main { static func main() { FuzzInputs.main(FuzzAnswers.run) } }
