
/// Reads definition files and inlines their includes; the only I/O FormCore does.
///
/// A definition and what it includes may come from anyone, so a load is bounded as a whole
/// (`Limits`: include depth, files and bytes read, and the nesting of sections and elements
/// across files) and includes are confined: only regular files, only inside the loaded form's
/// own directory tree or a directory the caller allows (`includeRoots`). A refused include is
/// reported with the reason and never opened, so no message can show what is in it.
public struct DefinitionLoader: Sendable {
    /// Bounds on one load, summed over every file it reads.
    public struct Limits: Sendable, Equatable {
        /// The largest file read (a definition, or one it includes).
        public var maximumFileBytes = 64 << 20
        /// The bytes of every file of one load together; an included file counts once per include.
        public var maximumTotalBytes = 128 << 20
        /// Includes read by one load, each include counted (a file included twice counts twice):
        /// this is what stops a file that includes the next one twice, level after level.
        public var maximumIncludedFiles = 1_000
        /// How many files deep includes may go (the form itself is level 0).
        public var maximumIncludeDepth = 32

        /// The standard limits.
        public init() {}

        /// 64 MiB a file, 128 MiB a load, 1,000 included files, 32 levels of includes.
        public static let standard = Limits()
    }

    /// The bounds every load of this loader keeps to.
    public var limits: Limits
    /// Directories includes may come from besides the loaded form's own directory tree.
    public var includeRoots: [String]
    /// Serves file contents in place of the file system (tests, definitions kept in memory);
    /// nil reads files, with the checks above. Confinement and limits apply either way.
    var readFile: (@Sendable (String) throws -> String)?

    /// A loader of files; `includeRoots` are where includes may come from besides the form's own
    /// directory tree.
    public init(includeRoots: [String] = [], limits: Limits = .standard) {
        self.includeRoots = includeRoots
        self.limits = limits
        self.readFile = nil
    }

    /// A loader that reads through `readFile` instead of the file system.
    package init(readFile: @escaping @Sendable (String) throws -> String) {
        self.init()
        self.readFile = readFile
    }

    /// A loaded definition and the warnings found in it (and in its includes).
    public struct Loaded: Sendable {
        /// The definition, includes inlined.
        public var definition: FormDefinition
        /// Problems that did not refuse the definition: unknown properties, unused data paths...
        public var warnings: [DefinitionIssue]
        /// The value positions of every file read, by file as issues name it: a lint's issue
        /// gets its line and column with `DefinitionIssue.locating(in:)`.
        package var sourceLocations: [String: SourceLocations] = [:]
    }

    /// Loads `path`, resolving includes relative to each including file and confined to the
    /// directory of `path` (and `includeRoots`).
    public func load(path: String) throws(DefinitionError) -> Loaded {
        var run = Run(loader: self, formDirectory: PathNames.directory(of: path))
        let definition = run.loadForm(path)
        guard let definition, !run.issues.contains(where: \.isError) else { throw DefinitionError(issues: run.issues) }
        return Loaded(definition: definition, warnings: run.issues, sourceLocations: run.sourceLocations)
    }

    /// What a lint needs from a load: every issue the load found, and the definition as far as
    /// it could be read, even when it has errors (nil only when nothing could be: an unreadable
    /// file, malformed JSON, a root that is no object).
    package struct Inspected: Sendable {
        package var definition: FormDefinition?
        package var issues: [DefinitionIssue]
    }

    /// Loads `path` as `load(path:)` does, but returns what it found instead of throwing, and
    /// goes on past the form's own errors: `formctl check` reports them with those a lint and
    /// compiling find.
    package func inspect(path: String) -> Inspected {
        var run = Run(loader: self, formDirectory: PathNames.directory(of: path))
        run.keepsInvalidForm = true
        let definition = run.loadForm(path)
        return Inspected(definition: definition, issues: run.issues)
    }

    /// Loads JSON text that came from somewhere other than a file; includes are resolved
    /// relative to `baseDirectory` and confined to it (and `includeRoots`).
    public func load(json: String, name: String, baseDirectory: String = ".") throws(DefinitionError) -> Loaded {
        var run = Run(loader: self, formDirectory: baseDirectory)
        let definition = run.loadForm(bytes: Array(json.utf8), file: name, directory: baseDirectory, canonical: name)
        guard let definition, !run.issues.contains(where: \.isError) else { throw DefinitionError(issues: run.issues) }
        return Loaded(definition: definition, warnings: run.issues, sourceLocations: run.sourceLocations)
    }

    /// A file's text, strictly UTF-8 and at most `Limits.standard.maximumFileBytes`; for data
    /// files read as text. Invalid UTF-8 is an error naming its byte offset, never replaced.
    static func readUTF8File(_ path: String) throws -> String {
        let bytes = try BoundedFileReader.read(path, maximumBytes: Limits.standard.maximumFileBytes, regularFileOnly: false)
        let invalid = bytes.withUnsafeBufferPointer { UTF8Validation.firstInvalidOffset(in: $0) }
        if let invalid { throw FileReadError(path: path, reason: .invalidUTF8(offset: invalid)) }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Collapses `./` and `a/../` so that a path reads as short as it can.
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
