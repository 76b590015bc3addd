import OrderedCollections

/// An included whole form's root `data` and `classes` merge into the including form's, as its
/// `strings` do: a form that includes a part binds the data the part declares. A name (or a
/// class) declared again identically is fine, the part and the form agree; declared differently
/// it is an error naming both places, since one of them would read data the other does not
/// promise. Each included file's declarations are checked in that file, with its own paths;
/// only those without errors are merged.
extension DefinitionLoader.Run {
    /// One included form's root `data` and `classes`, as written, and where they came from.
    struct IncludedData {
        var file: String
        var chain: [IncludeSite]
        var data: FormValue?
        var classes: FormValue?
    }

    /// Where a declaration or a class was first declared: the clash message names it.
    private struct Origin {
        var file: String
        var path: String
        var chain: [IncludeSite]
    }

    /// Merges every included form's declarations into `root` (the form read from `file`), after
    /// the form's own, recording each included file's problems and each clash.
    mutating func mergeIncludedData(into root: inout Element, file: String) {
        guard !includedData.isEmpty else { return }
        let ownData = root.properties["data"], ownClasses = root.properties["classes"]
        // A root `data` or `classes` of the wrong type is the decoder's error: nothing to merge into.
        guard ownData == nil || ownData?.arrayValue != nil, ownClasses == nil || ownClasses?.objectValue != nil else { return }
        let own = DataModel.read(data: ownData, classes: ownClasses).model
        var declared: [String: (declaration: DataDeclaration, origin: Origin)] = [:]
        for declaration in own.declarations where declared[declaration.name] == nil {
            declared[declaration.name] = (declaration, Origin(file: file, path: declaration.path, chain: []))
        }
        var described: [String: (members: [String: DataClass], origin: Origin)] = [:]
        for (name, members) in own.classes {
            described[name] = (Dictionary(uniqueKeysWithValues: members.map { ($0.key, $0.value) }),
                               Origin(file: file, path: JSONPath.join("classes", name), chain: []))
        }
        var entries = ownData?.arrayValue ?? []
        var classes = ownClasses?.objectValue ?? [:]
        for included in includedData {
            let (model, issues) = DataModel.read(data: included.data, classes: included.classes)
            for issue in issues {
                var located = issue
                located.file = included.file
                located.includeChain = included.chain
                record(located)
            }
            let errorPaths = issues.filter(\.isError).map(\.path)
            func isSound(_ path: String) -> Bool { !errorPaths.contains { Self.path($0, overlaps: path) } }
            for (name, members) in model.classes {
                let path = JSONPath.join("classes", name)
                guard isSound(path) else { continue }
                let origin = Origin(file: included.file, path: path, chain: included.chain)
                let unordered = Dictionary(uniqueKeysWithValues: members.map { ($0.key, $0.value) })
                if let first = described[name] {
                    if first.members != unordered {
                        recordClash(at: origin, first: first.origin, "the class '\(name)' is described differently here and at")
                    }
                    continue
                }
                described[name] = (unordered, origin)
                if let written = included.classes?.objectValue?[name] { classes[name] = written }
            }
            for (index, written) in (included.data?.arrayValue ?? []).enumerated() {
                let path = "data[\(index)]"
                guard isSound(path), let declaration = model.declarations.first(where: { $0.path == path }) else { continue }
                let origin = Origin(file: included.file, path: path, chain: included.chain)
                if let first = declared[declaration.name] {
                    if first.declaration.dataClass != declaration.dataClass || first.declaration.defaultValue != declaration.defaultValue {
                        recordClash(at: origin, first: first.origin,
                                    "'\(declaration.name.excerpt())' is declared \(Self.summary(of: declaration)) here and "
                                        + "\(Self.summary(of: first.declaration)) at")
                    }
                    continue
                }
                declared[declaration.name] = (declaration, origin)
                entries.append(Self.declarationOnly(written))
            }
        }
        if !entries.isEmpty { root.properties["data"] = .array(entries) }
        if !classes.isEmpty { root.properties["classes"] = .object(classes) }
    }

    /// A clash at `origin` with what `first` declared: `... at main.json:12:5 (data[6])`.
    private mutating func recordClash(at origin: Origin, first: Origin, _ what: String) {
        let location = sourceLocations[first.file]?.location(of: first.path)
        let place = first.file + (location.map { ":\($0.line):\($0.column)" } ?? "")
        let message = "\(what) \(place) (\(first.path)): a name or class declared again must be declared the same way"
        record(DefinitionIssue(.error, .invalidDataDeclaration, path: origin.path, message: message, file: origin.file,
                               includeChain: origin.chain))
    }

    /// `User?`, or `Int = 0` with its default.
    private static func summary(of declaration: DataDeclaration) -> String {
        let type = declaration.dataClass.description
        guard let value = declaration.defaultValue else { return "\(type) with no default" }
        return "\(type) = \(value.jsonString().excerpt())"
    }

    /// The members SwiftJsonUI writes: an unknown one was warned about in its own file.
    private static func declarationOnly(_ entry: FormValue) -> FormValue {
        guard case .object(let members) = entry else { return entry }
        return .object(members.filter { ["name", "class", "defaultValue"].contains($0.key) })
    }

    /// Whether one path lies inside the other (or they are the same): an error at `data` spoils
    /// every entry, one at `data[2].class` spoils `data[2]`.
    static func path(_ a: String, overlaps b: String) -> Bool {
        func inside(_ inner: String, _ outer: String) -> Bool {
            inner == outer || inner.hasPrefix(outer + ".") || inner.hasPrefix(outer + "[")
        }
        return inside(a, b) || inside(b, a)
    }
}
