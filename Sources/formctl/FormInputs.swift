import FormCore
import FormEngine

/// Reading the files a command is given: definitions (with includes) and data, each failure
/// turned into the exit code the README documents.
enum FormInputs {
    /// Loads a definition; prints its warnings unless `quiet`. Unreadable -> 3, invalid -> 1.
    static func loadDefinition(_ path: String, printWarnings: Bool = true) throws -> DefinitionLoader.Loaded {
        do {
            let loaded = try DefinitionLoader().load(path: path)
            if printWarnings { loaded.warnings.forEach { Terminal.printError($0.description) } }
            return loaded
        } catch {
            error.issues.forEach { Terminal.printError($0.description) }
            let unreadable = error.issues.contains { $0.code == .unreadableFile }
            throw CommandFailure.silent(unreadable ? .storage : .invalid)
        }
    }

    /// Loads and compiles a definition through the engine (the form submissions go to): its
    /// warnings printed, its errors printed with exit 1 (3 when a file cannot be read).
    static func loadForm(_ path: String, engine: FormEngine, data: FormValue, printWarnings: Bool) throws -> LoadedForm {
        do {
            let form = try engine.loadForm(path: path, data: data)
            if printWarnings { form.warnings.forEach { Terminal.printError($0.description) } }
            return form
        } catch {
            guard case .definition(let definitionError) = error else { throw CommandFailure("formctl: \(error)", exitCode: .invalid) }
            definitionError.issues.forEach { Terminal.printError($0.description) }
            let unreadable = definitionError.issues.contains { $0.code == .unreadableFile }
            throw CommandFailure.silent(unreadable ? .storage : .invalid)
        }
    }

    /// Reads a JSON data file (`-` for standard input). Unreadable -> 3, malformed -> 1.
    static func loadJSON(_ path: String, what: String) throws -> FormValue {
        let text: String
        do {
            text = path == "-" ? readStandardInput() : try DefinitionLoader.readUTF8File(path)
        } catch {
            throw CommandFailure("formctl: cannot read \(what) \(path): \(error)", exitCode: .storage)
        }
        do {
            return try FormValue(json: text)
        } catch {
            throw CommandFailure("\(path):\(error.line):\(error.column): error: malformed JSON in \(what): \(error.message)", exitCode: .invalid)
        }
    }

    static func readStandardInput() -> String {
        var bytes: [UInt8] = []
        while let line = readLine(strippingNewline: false) { bytes += line.utf8 }
        return String(decoding: bytes, as: UTF8.self)
    }
}
