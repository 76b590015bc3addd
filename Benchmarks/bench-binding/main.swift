import FormCore
import Foundation

// Binding benchmark: binding a section that iterates 100,000 items and fetching the
// values back, next to Foundation's JSONSerialization parse of the same data in the same run.
// Not a timed test: timings depend on the machine; run Scripts/bench-binding.sh and read the table.

let itemCount = CommandLine.arguments.dropFirst().first.flatMap { Int($0) } ?? 100_000
let runs = 5

/// `{"guests":[{"name":...,"email":...,"age":...,"vip":...}, ...]}` as JSON text.
func makeDataText(count: Int) -> String {
    var text = #"{"guests":["#
    text.reserveCapacity(count * 80)
    for index in 0..<count {
        if index > 0 { text += "," }
        text += #"{"name":"Guest \#(index)","email":"guest\#(index)@example.com","age":\#(18 + index % 70),"vip":\#(index % 3 == 0)}"#
    }
    return text + "]}"
}

/// The best of `runs` timings, in seconds; the result of the last run is kept to check it.
func best<Result>(_ body: () throws -> Result) throws -> (seconds: Double, result: Result) {
    var fastest = Double.infinity
    var last: Result?
    for _ in 0..<runs {
        let clock = ContinuousClock()
        var result: Result?
        let elapsed = try clock.measure { result = try body() }
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        fastest = min(fastest, seconds)
        last = result
    }
    guard let last else { throw BenchError(message: "runs must be positive") }
    return (fastest, last)
}

func definition(_ json: String) throws -> FormDefinition { try FormDefinition(json: json) }

// One element per item, its bind naming all four fields.
let sectionForm = try definition("""
    {"title": "Guests", "sections": [{"title": "Guests", "bind": "iterate:guests", "elementTemplate":
      {"type": "entry", "key": "name", "bind": "textValue:name, placeholder:email, numberValue:age, boolValue:vip"}}]}
    """)
// One section per item with four elements: the shape of a real repeat form.
let rootForm = try definition("""
    {"title": "Guests", "bind": "iterate:guests", "sectionTemplate": {"bind": "title:name", "elements": [
      {"type": "entry", "key": "name", "bind": "textValue:name"}, {"type": "entry", "key": "email", "bind": "textValue:email"},
      {"type": "decimal", "key": "age", "bind": "numberValue:age"}, {"type": "boolean", "key": "vip", "bind": "boolValue:vip"}]}}
    """)

let text = makeDataText(count: itemCount)
let bytes = Data(text.utf8)
print("items: \(itemCount), JSON: \(bytes.count / 1024) KiB, best of \(runs) runs")

let foundation = try best { try JSONSerialization.jsonObject(with: bytes) }
let reader = try best { try JSONReader.parse(text) }
let data = reader.result
// The check a dump makes of a row it copies: the same grammar, no values built.
let textBytes = Array(text.utf8)
let scan = try best { try JSONReader.scanIsObject(bytes: textBytes) }

var rows: [(String, Double)] = [
    ("JSONSerialization parse", foundation.seconds), ("FormCore JSONReader parse", reader.seconds),
    ("FormCore JSONReader scanIsObject", scan.seconds),
]
var failures: [String] = []
if !scan.result { failures.append("scanIsObject: the data is an object") }

for (name, form, elementsPerItem) in [("section iterate, 1 element x 4 pairs", sectionForm, 1), ("root iterate, 4 elements x 1 pair", rootForm, 4)] {
    let bound = try best { Binder.bind(form, to: data) }
    let intoObject = try best { bound.result.fetchValueIntoObject() }
    let usingBindings = try best { () -> FormValue in
        var out = FormValue.emptyObject
        bound.result.fetchValueUsingBindings(into: &out)
        return out
    }
    let elements = bound.result.definition.root.allElements.count
    if elements != itemCount * elementsPerItem { failures.append("\(name): \(elements) elements") }
    if usingBindings.result != data { failures.append("\(name): fetchValueUsingBindings did not give back the data") }
    if intoObject.result.value(atPath: "guests.@count") != .int(itemCount) { failures.append("\(name): fetchValueIntoObject lost items") }
    rows.append(("\(name): bind", bound.seconds))
    rows.append(("\(name): fetchValueIntoObject", intoObject.seconds))
    rows.append(("\(name): fetchValueUsingBindings", usingBindings.seconds))
    let total = bound.seconds + intoObject.seconds + usingBindings.seconds
    rows.append(("\(name): bind + both fetches", total))
    rows.append(("\(name): ratio to JSONSerialization", total / foundation.seconds))
}

for (label, value) in rows {
    let shown = label.hasSuffix("JSONSerialization") ? String(format: "%8.2fx", value) : String(format: "%8.1f ms", value * 1000)
    print(label.padding(toLength: 66, withPad: " ", startingAt: 0) + shown)
}
if !failures.isEmpty {
    failures.forEach { print("FAILED: \($0)") }
    exit(1)
}

struct BenchError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}
