import FormCore
import FormEngine
import Foundation
import Glibc

/// The forms a server offers: every definition `NAME.json` in one directory, bound to
/// `NAME-data.json` beside it when there is one, loaded at start (its translations in
/// `NAME.strings.json`, read by the loader, are no form of their own). A file that is not a
/// definition (a data file, a broken form) is left out with a warning, so one bad file does not
/// keep the others offline. Only regular files are opened: a FIFO named `x.json` would block the
/// start until someone wrote to it.
public struct ServedForms: Sendable {
    /// One form as it is served.
    public struct Form: Sendable {
        /// Its name in addresses: the file name without `.json`.
        public let name: String
        /// The definition, bound to its data file when there is one, compiled once.
        public let loaded: LoadedForm
        /// The version the store holds for this definition.
        public let version: Int
        /// How an HTML form's fields become answers of this form (names checked against its
        /// fields, bounds): built once here, not for every request.
        let fieldNames: FlatAnswers
        /// The keys left out of an idempotency key's fingerprint (`FingerprintSource`).
        let secureKeys: Set<String>
    }

    /// The forms by name.
    public internal(set) var forms: [String: Form]
    /// One line for each file left out, saying why.
    public let warnings: [String]

    /// The forms' names in order.
    public var names: [String] { forms.keys.sorted() }

    /// Loads and registers every form in `directory`.
    public static func load(directory: String, engine: FormEngine) async throws -> ServedForms {
        var forms: [String: Form] = [:]
        var warnings: [String] = []
        for name in try definitionNames(in: directory) {
            switch await load(name, in: directory, engine: engine) {
            case .served(let form): forms[name] = form
            case .notServed(let reasons): warnings += reasons.map { "\(directory)/\(name).json: not served: \($0)" }
            }
        }
        return ServedForms(forms: forms, warnings: warnings)
    }

    /// The names of the definitions in `directory` (`NAME.json`, not a data or strings file), in order.
    static func definitionNames(in directory: String) throws -> [String] {
        let files: [String]
        do { files = try FileManager.default.contentsOfDirectory(atPath: directory) } catch {
            throw ServerError("cannot read the forms directory \(directory): \(error.localizedDescription)")
        }
        return files.sorted().filter { $0.hasSuffix(".json") && !$0.hasSuffix("-data.json") && !$0.hasSuffix(".strings.json") }
            .map { String($0.dropLast(".json".count)) }
    }

    /// Form `name` of `directory`, read, bound, checked for unrouted actions and registered;
    /// or each reason it cannot be served, one line each (the caller names the file).
    enum Loading {
        case served(Form)
        case notServed([String])
    }

    static func load(_ name: String, in directory: String, engine: FormEngine) async -> Loading {
        let path = directory + "/" + name + ".json"
        let dataPath = directory + "/" + name + "-data.json"
        if let kind = Self.notRegularFile(path) {
            return .notServed(["\(kind), not a regular file"])
        }
        if let kind = Self.notRegularFile(dataPath) {
            return .notServed(["its data file \(dataPath) is \(kind), not a regular file"])
        }
        do {
            var data = FormValue.emptyObject
            if FileManager.default.fileExists(atPath: dataPath) {
                data = try FormValue(json: String(contentsOfFile: dataPath, encoding: .utf8))
            }
            let loaded = try engine.loadForm(path: path, name: name, data: data)
            let unrouted = engine.unroutedActions(in: loaded)
            if !unrouted.isEmpty {
                let names = unrouted.map { "'\($0.name)'" }.joined(separator: ", ")
                return .notServed(["no handler for action \(names) (register one with the engine's registerAction)"])
            }
            let version = try await engine.register(loaded)
            return .served(Form(name: name, loaded: loaded, version: version, fieldNames: FlatAnswers(form: loaded.compiled),
                                secureKeys: Form.secureKeys(of: loaded.compiled)))
        } catch FormEngineError.definition(let error) where error.errors.contains(where: { $0.code == .dataMismatch }) {
            // The data file is what to fix: each mismatch said of it, as formctl says one.
            return .notServed(error.errors.map { issue in "\(issue.isAboutData ? issue.placed(inDataFile: dataPath) : issue)" })
        } catch {
            return .notServed(["\(error)"])
        }
    }

    /// What the file at `path` is when it is not a regular file (after symbolic links), found
    /// without opening it; nil for a regular file, or for one that is not there or cannot be
    /// examined (opening it then says why).
    static func notRegularFile(_ path: String) -> String? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return nil
        case S_IFIFO: return "a FIFO"
        case S_IFDIR: return "a directory"
        case S_IFSOCK: return "a socket"
        case S_IFCHR, S_IFBLK: return "a device"
        default: return "a special file"
        }
    }
}

/// A failure to start serving, said in words.
public struct ServerError: Error, CustomStringConvertible, Sendable {
    /// What failed and where.
    public var description: String
    init(_ description: String) { self.description = description }
}
