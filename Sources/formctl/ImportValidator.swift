import FormCore
import FormEngine

/// Validates the lines of an import against one form, as `fill` validates answers, and gives
/// the JSON to store for each valid line.
///
/// Binding a form and compiling its expressions costs far more than filling it, so one session
/// serves every line (reset in between) when the form has no repeats. A repeat that grows
/// rebuilds the session's structure and `reset()` does not shrink it back, so forms with repeats
/// get a fresh session per line.
final class ImportValidator {
    let engine: FormEngine
    let form: LoadedForm
    let data: FormValue
    private let shared: FormSession?
    private var sharedIsClean = true

    init(engine: FormEngine, form: LoadedForm, data: FormValue) throws {
        self.engine = engine
        self.form = form
        self.data = data
        let first = try Self.session(engine, form, data)
        shared = first.repeats.isEmpty ? first : nil
    }

    enum Outcome {
        /// The values JSON to store.
        case store(String)
        /// Every message to report for the line (without `line N:`).
        case refuse([String])
    }

    func validate(line: UnsafeBufferPointer<UInt8>) throws -> Outcome {
        let answers: FormValue
        do { answers = try JSONReader.parse(bytes: line) } catch {
            return .refuse(["malformed JSON: column \(error.column): \(error.message)"])
        }
        let session: FormSession
        if let shared {
            if !sharedIsClean { shared.reset() }
            sharedIsClean = false
            session = shared
        } else {
            session = try Self.session(engine, form, data)
        }
        switch engine.prepareSubmission(session, answers: answers) {
        case .success(let values): return .store(values.jsonString())
        case .failure(let failure): return .refuse(failure.errors.map { $0.path.isEmpty ? $0.message : $0.description })
        }
    }

    private static func session(_ engine: FormEngine, _ form: LoadedForm, _ data: FormValue) throws -> FormSession {
        do { return try engine.makeImportSession(for: form, data: data) } catch {
            throw CommandFailure("\(form.name): \(error)", exitCode: .invalid)
        }
    }
}
