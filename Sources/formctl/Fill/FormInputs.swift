import FormCore
import FormEngine
import Glibc

/// Reading the files a command is given: definitions (with includes) and data, each failure
/// turned into the exit code the README documents.
enum FormInputs {
    /// The most a data or answers file may hold: as much as a definition file.
    static let maximumDataBytes = DefinitionLoader.Limits.standard.maximumFileBytes

    /// Loads a definition; prints its warnings unless `quiet`. Unreadable -> 3, invalid -> 1.
    static func loadDefinition(_ path: String, includes: IncludeOptions, printWarnings: Bool = true) throws -> DefinitionLoader.Loaded {
        do {
            let loaded = try DefinitionLoader(includeRoots: includes.roots).load(path: path)
            if printWarnings { loaded.warnings.forEach { Terminal.printError(CLIMessages.text($0.description)) } }
            return loaded
        } catch {
            error.issues.forEach { Terminal.printError(CLIMessages.text($0.description)) }
            let unreadable = error.issues.contains { $0.code == .unreadableFile }
            throw CommandFailure.silent(unreadable ? .storage : .invalid)
        }
    }

    /// Loads and compiles a definition through the engine (the form submissions go to): its
    /// warnings printed, its errors printed with exit 1 (3 when a file cannot be read); data
    /// that does not fit the form's declarations is said of `dataFile`, where it was read.
    static func loadForm(
        _ path: String, engine: FormEngine, data: FormValue, dataFile: String?, includes: IncludeOptions, printWarnings: Bool
    ) throws -> LoadedForm {
        do {
            let form = try engine.loadForm(path: path, data: data, includeRoots: includes.roots)
            if printWarnings { form.warnings.forEach { Terminal.printError(CLIMessages.text($0.description)) } }
            return form
        } catch {
            guard case .definition(let definitionError) = error else { throw CommandFailure("formctl: \(error)", exitCode: .invalid) }
            placingData(definitionError.issues, from: dataFile).forEach { Terminal.printError(CLIMessages.text($0.description)) }
            let unreadable = definitionError.issues.contains { $0.code == .unreadableFile }
            throw CommandFailure.silent(unreadable ? .storage : .invalid)
        }
    }

    /// Reads a JSON data file (`-` for standard input), at most `maximumDataBytes`, strictly
    /// UTF-8. Unreadable -> 3, malformed (invalid UTF-8 included) -> 1.
    static func loadJSON(_ path: String, what: String) throws -> FormValue {
        let bytes: [UInt8]
        do {
            bytes = path == "-"
                ? try readStandardInput()
                : try BoundedFileReader.read(path, maximumBytes: maximumDataBytes, regularFileOnly: false)
        } catch {
            throw CommandFailure("formctl: cannot read \(what) \(path): \(error)", exitCode: .storage)
        }
        do {
            // Answers name each field once; data files keep JSON's usual last-one-wins.
            return try JSONReader.parse(bytes: bytes, rejectingDuplicateKeys: what == "answers")
        } catch {
            throw CommandFailure("\(path):\(error.line):\(error.column): error: malformed JSON in \(what): \(error.message)", exitCode: .invalid)
        }
    }

    /// Standard input's bytes as they are (no decoding, so invalid UTF-8 is found by the JSON
    /// reader and reported), at most `maximumDataBytes`.
    static func readStandardInput() throws(FileReadError) -> [UInt8] {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw FileReadError(path: "-", code: errno)
            }
            if count == 0 { return bytes }
            bytes.append(contentsOf: chunk[0..<count])
            if bytes.count > maximumDataBytes { throw FileReadError(path: "-", reason: .tooLarge(limit: maximumDataBytes)) }
        }
    }

    /// Issues found without a file (by the session, which has only the definition) placed in
    /// the file the command was given, so every message says which file it is about.
    static func placed(_ issues: [DefinitionIssue], in file: String) -> [DefinitionIssue] {
        issues.map { issue in
            var issue = issue
            if issue.file == nil { issue.file = file }
            return issue
        }
    }
}
