import FormCore
import Testing

@testable import FormEngine

/// An import validates its lines on worker threads, which see no task-local language: each
/// line's errors must still speak the form's language, those of a fill and those the import
/// makes itself (a line that is no JSON).
struct ImportMessageLanguageTests {
    @Test func linesValidatedOnWorkersSpeakTheFormsLanguage() async throws {
        let json = #"{"sections": [{"elements": [{"type": "entry", "key": "name", "required": true, "minLength": 3}]}]}"#
        let form = try CompiledForm(definition: FormDefinition(json: json), language: LanguageTag("de"))
        let validation = ImportValidation(form: form, workers: 2, chunkSize: 2)
        var outcomes: [(line: Int, outcome: ImportValidation.Outcome)] = []
        for (number, line) in [#"{"name": "A"}"#, #"{"name": "#].enumerated() {
            let bytes = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: line.utf8.count)
            defer { bytes.deallocate() }
            _ = bytes.initialize(from: line.utf8)
            if let drained = await validation.add(UnsafeBufferPointer(bytes), number: number + 1) { outcomes += drained }
        }
        outcomes += await validation.drain()
        let messages = outcomes.map { entry -> [String] in
            guard case .refuse(let errors) = entry.outcome else { return [] }
            return errors.map(\.message)
        }
        #expect(messages.count == 2)
        #expect(messages.first == ["muss mindestens 3 Zeichen lang sein (hat 1)"])
        #expect(messages.last?.first?.hasPrefix("fehlerhaftes JSON: Spalte ") == true, "\(messages)")
    }
}
