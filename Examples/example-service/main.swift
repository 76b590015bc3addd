// How a service embeds FormEngine: one engine shared by every request, a registered action and
// a custom validator, each request filling its own session from a JSON body.
//
//   swift run example-service [DATABASE]
//
// The "requests" here are JSON bodies handled concurrently, as an HTTP handler would receive them.
import FormCore
import FormEngine
import Foundation

let definition = """
    {"title": "Contact request", "sections": [{"elements": [
      {"type": "entry", "key": "name", "title": "Name", "required": true, "transform": ["trim"]},
      {"type": "entry", "key": "email", "title": "Email", "required": true, "transform": ["trim", "lowercase"],
       "validate": [{"rule": "email"}, {"rule": "notDisposable", "message": "please use a permanent address"}]},
      {"type": "multiline", "key": "message", "title": "Message", "required": true, "maxLength": 500},
      {"type": "button", "key": "send", "title": "Send", "controllerAction": "sendRequest:"}
    ]}]}
    """

let path = CommandLine.arguments.dropFirst().first ?? NSTemporaryDirectory() + "example-service-\(getpid()).sqlite"

do {
    let engine = try FormEngine(databasePath: path)
    // A custom rule, registered once for every form the service serves.
    engine.registerValidator("notDisposable") { input in
        let domain = input.value.stringValue?.split(separator: "@").last.map(String.init) ?? ""
        return ["mailinator.com", "trashmail.com"].contains(domain) ? "is a disposable address" : nil
    }
    // The action the form's button names: the service's own code runs here, with the values.
    engine.registerAction("sendRequest") { context in
        let message = context.session.value(forKey: "message")?.stringValue ?? ""
        if message.lowercased().contains("buy now") { return .cancel("looks like spam") }
        return .proceed
    }
    // Loaded once, compiled once, shared by every request.
    let form = try engine.loadForm(definition: try FormDefinition(json: definition), name: "contact")

    let bodies = [
        #"{"name": " Ann ", "email": "Ann@Example.com", "message": "Hello!"}"#,
        #"{"name": "Bo", "email": "bo@mailinator.com", "message": "Hi"}"#,
        #"{"name": "", "email": "not-an-email", "message": ""}"#,
        #"{"name": "Spammer", "email": "s@example.com", "message": "BUY NOW"}"#,
        #"{"name": "Cy", "email": "cy@example.com", "mesage": "typo in a key"}"#,
    ]
    let results = await withTaskGroup(of: (Int, String).self) { group in
        for (index, body) in bodies.enumerated() {
            group.addTask {
                let answers: FormValue
                do { answers = try FormValue(json: body) } catch { return (index, "400 \(error)") }
                do {
                    // The one call: answers in, the stored submission or every error out.
                    let stored = try await engine.submit(SubmissionRequest(answers: answers), to: form)
                    return (index, "201 stored submission \(stored.id) (\(stored.uuid))")
                } catch FormEngineError.invalid(let errors) {
                    return (index, "422 " + errors.map(\.description).joined(separator: "; "))
                } catch FormEngineError.cancelled(_, let message) {
                    return (index, "409 " + message)
                } catch {
                    return (index, "500 \(error)")
                }
            }
        }
        var collected: [(Int, String)] = []
        for await result in group { collected.append(result) }
        return collected.sorted { $0.0 < $1.0 }
    }
    for (index, result) in results { print("request \(index + 1): \(result)") }
} catch {
    print("example-service: \(error)")
    exit(1)
}
