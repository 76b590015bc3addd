extension DefinitionLoader {
    /// One load: the files read so far against the limits, and every issue found.
    struct Run {
        let loader: DefinitionLoader
        let roots: IncludeRoots
        private(set) var issues: [DefinitionIssue] = []
        /// Problems inside included files already reported, without their include chains: a file
        /// included many times has the same problem each time, and it is reported once.
        private var reported: Set<DefinitionIssue> = []
        /// Every file's value positions, for problems found after the load (`Loaded.sourceLocations`).
        private(set) var sourceLocations: [String: SourceLocations] = [:]
        var includedFiles = 0
        var bytesRead = 0
        /// Set once a budget of the whole load ran out: later includes are skipped without a
        /// word, so that one runaway include is one error rather than thousands.
        var budgetExhausted = false
        /// The `strings` of the whole forms included so far, outermost first: merged into the
        /// form's root after its own (see `mergeStringsFile`).
        var includedStrings: [FormValue] = []
        /// The root `data` and `classes` of the whole forms included so far, outermost first:
        /// merged into the form's root after its own (see `mergeIncludedData`).
        var includedData: [IncludedData] = []

        /// For a lint: go on past a form's decoding errors (resolving includes, returning the
        /// definition), so that everything can be reported in one run.
        var keepsInvalidForm = false

        init(loader: DefinitionLoader, formDirectory: String) {
            self.loader = loader
            roots = IncludeRoots([formDirectory] + loader.includeRoots)
        }

        var limits: Limits { loader.limits }

        mutating func record(_ issue: DefinitionIssue) {
            // Issues found after parsing (an include not found, refused) get their line and column here.
            let issue = issue.locating(in: sourceLocations)
            guard !issue.includeChain.isEmpty else { return issues.append(issue) }
            var key = issue
            key.includeChain = []
            if reported.insert(key).inserted { issues.append(issue) }
        }

        mutating func record(_ found: [DefinitionIssue]) {
            for issue in found { record(issue) }
        }

        /// Where a file stands among the files of the load.
        struct FileContext {
            /// The file, as its path was given or built, for messages.
            var file: String
            /// Where its relative includes start.
            var directory: String
            /// Resolved paths of the files from the form to this one, for cycles.
            var stack: [String]
            /// The includes that led here.
            var chain: [IncludeSite]
        }

        /// The form named on the command line (or by the service): any file it can read, pipes
        /// included, but no more bytes than a load allows.
        mutating func loadForm(_ path: String) -> FormDefinition? {
            let bytes: [UInt8]
            do {
                bytes = try read(path, regularFileOnly: false, maximumBytes: min(limits.maximumFileBytes, limits.maximumTotalBytes))
            } catch {
                record(DefinitionIssue(.error, .unreadableFile, path: "", message: "cannot read \(path): \(error)", file: path))
                return nil
            }
            bytesRead += bytes.count
            let canonical = loader.readFile == nil ? PathNames.resolved(path) ?? PathNames.absolute(path) : PathNames.absolute(path)
            return loadForm(bytes: bytes, file: path, directory: PathNames.directory(of: path), canonical: canonical, stringsBesides: path)
        }

        /// `stringsBesides`: the form's file, beside which its strings file may stand.
        mutating func loadForm(bytes: [UInt8], file: String, directory: String, canonical: String, stringsBesides: String? = nil)
            -> FormDefinition?
        {
            guard let (value, locations) = parse(bytes, file: file, chain: []) else { return nil }
            var decoder = DefinitionDecoder(locations: locations, file: file)
            var definition = decoder.decodeRoot(value)
            record(decoder.issues)
            if decoder.issues.contains(where: \.isError) && !keepsInvalidForm { return nil }
            let context = FileContext(file: file, directory: directory, stack: [canonical], chain: [])
            definition.root = resolveIncludes(in: definition.root, path: "", depth: 0, context: context)
            if let stringsBesides { mergeStringsFile(besides: stringsBesides, into: &definition.root) }
            for case .object(let languages) in includedStrings { merge(languages, into: &definition.root) }
            mergeIncludedData(into: &definition.root, file: file)
            definition.sourceLocations = sourceLocations
            return definition
        }

        func read(_ path: String, regularFileOnly: Bool, maximumBytes: Int) throws -> [UInt8] {
            guard let readFile = loader.readFile else {
                return try BoundedFileReader.read(path, maximumBytes: maximumBytes, regularFileOnly: regularFileOnly)
            }
            let bytes = Array(try readFile(path).utf8)
            if bytes.count > maximumBytes { throw FileReadError(path: path, reason: .tooLarge(limit: maximumBytes)) }
            return bytes
        }

        /// The JSON of a file, with every value's position; a syntax error (invalid UTF-8
        /// included) is an issue with its line and column.
        mutating func parse(_ bytes: [UInt8], file: String, chain: [IncludeSite]) -> (FormValue, [String: SourceLocation])? {
            do {
                let parsed = try JSONReader.parseWithLocations(bytes: bytes)
                sourceLocations[file] = SourceLocations(parsed.1)
                return parsed
            } catch {
                record(DefinitionIssue(.error, .malformedJSON, path: "", message: "malformed JSON: \(error.message)", file: file,
                                              location: SourceLocation(line: error.line, column: error.column), includeChain: chain))
                return nil
            }
        }
    }
}
