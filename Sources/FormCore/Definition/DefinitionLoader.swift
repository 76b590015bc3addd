#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads definition files and inlines their includes; the only I/O FormCore does.
public struct DefinitionLoader: Sendable {
    /// Reads a file's bytes; replaceable so tests and services can serve definitions from memory.
    public var readFile: @Sendable (String) throws -> String

    public init(readFile: @escaping @Sendable (String) throws -> String = DefinitionLoader.readUTF8File) {
        self.readFile = readFile
    }

    /// A loaded definition and the warnings found in it (and in its includes).
    public struct Loaded: Sendable {
        public var definition: FormDefinition
        public var warnings: [DefinitionIssue]
    }

    /// Loads `path`, resolving includes relative to each including file.
    public func load(path: String) throws(DefinitionError) -> Loaded {
        var issues: [DefinitionIssue] = []
        let definition = loadFile(path, stack: [], issues: &issues)
        if issues.contains(where: \.isError) || definition == nil { throw DefinitionError(issues: issues) }
        guard let definition else { throw DefinitionError(issues: issues) }
        return Loaded(definition: definition, warnings: issues)
    }

    /// Loads JSON text that came from somewhere other than a file; includes are resolved
    /// relative to `baseDirectory`.
    public func load(json: String, name: String, baseDirectory: String = ".") throws(DefinitionError) -> Loaded {
        var issues: [DefinitionIssue] = []
        guard var definition = decode(json, file: name, issues: &issues) else { throw DefinitionError(issues: issues) }
        definition.root = resolveIncludes(in: definition.root, directory: baseDirectory, stack: [name], path: "", file: name, issues: &issues)
        if issues.contains(where: \.isError) { throw DefinitionError(issues: issues) }
        return Loaded(definition: definition, warnings: issues)
    }

    func loadFile(_ path: String, stack: [String], issues: inout [DefinitionIssue]) -> FormDefinition? {
        let text: String
        do { text = try readFile(path) } catch {
            issues.append(DefinitionIssue(.error, .unreadableFile, path: "", message: "cannot read \(path): \(error)", file: path))
            return nil
        }
        guard var definition = decode(text, file: path, issues: &issues) else { return nil }
        definition.root = resolveIncludes(in: definition.root, directory: Self.directory(of: path),
                                          stack: stack + [Self.normalize(path)], path: "", file: path, issues: &issues)
        return definition
    }

    func decode(_ text: String, file: String, issues: inout [DefinitionIssue]) -> FormDefinition? {
        do {
            let (definition, warnings) = try FormDefinition.decode(json: text, file: file)
            issues += warnings
            return definition
        } catch {
            issues += error.issues
            return nil
        }
    }

    public static func readUTF8File(_ path: String) throws -> String {
        guard let file = fopen(path, "rb") else { throw FileReadError(path: path, code: errno) }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = chunk.withUnsafeMutableBytes { fread($0.baseAddress, 1, 65536, file) }
            if count > 0 { bytes += chunk[0..<count] }
            if count < 65536 {
                if ferror(file) != 0 { throw FileReadError(path: path, code: errno) }
                break
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// Collapses `./` and `a/../` so that a cycle is seen however its paths are spelled.
    static func normalize(_ path: String) -> String {
        var parts: [Substring] = []
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            if part == "." { continue }
            if part == "..", let last = parts.last, last != ".." { parts.removeLast(); continue }
            parts.append(part)
        }
        return (path.hasPrefix("/") ? "/" : "") + parts.joined(separator: "/")
    }
}

/// A file that could not be read, with the system's reason.
public struct FileReadError: Error, Sendable, CustomStringConvertible {
    public var path: String
    public var code: Int32
    public var description: String {
        let reason = strerror(code).map { String(cString: $0) } ?? "error \(code)"
        return reason
    }
}
