import OrderedCollections

/// A root's `data` and `classes` read into a model, with every problem at its JSON path.
extension DataModel {
    /// Reads a root's `data` and `classes` (as written in a definition, each issue with its
    /// JSON path from the root: `data[1].defaultValue`, `classes.User.age`): a declaration
    /// that is not an object, a missing or non-text `name` or `class`, a name declared twice, a
    /// class that does not parse, a `defaultValue` that is no Swift literal (`Date()` said as
    /// a call: only literals are taken) or not of its class (`defaultValue: expected Int,
    /// found "zero"`), an unknown member of an entry (a warning); a custom class that
    /// `classes` does not describe is a warning (taken as any object). Only errors leave an
    /// entry out of the model. A `data` that is no array or `classes` that is no object reads
    /// as nothing here: the decoder refuses its type.
    package static func read(data: FormValue?, classes: FormValue?) -> (model: DataModel, issues: [DefinitionIssue]) {
        var reader = DataModelReader()
        let described = reader.readClasses(classes)
        let declarations = reader.readDeclarations(data, classes: described)
        return (DataModel(declarations: declarations, classes: described), reader.declarationIssues + reader.classIssues)
    }
}

/// Reads declarations and classes, collecting their issues.
struct DataModelReader {
    private(set) var declarationIssues: [DefinitionIssue] = []
    private(set) var classIssues: [DefinitionIssue] = []
    /// Every class name `classes` tries to describe, well or not: a use of one is no
    /// undescribed class (its own errors say what is wrong).
    private var namedInClasses: Set<String> = []

    static let entryMembers = ["name", "class", "defaultValue"]

    mutating func readClasses(_ value: FormValue?) -> OrderedDictionary<String, OrderedDictionary<String, DataClass>> {
        guard case .object(let written) = value else { return [:] }
        namedInClasses = Set(written.keys)
        var described: OrderedDictionary<String, OrderedDictionary<String, DataClass>> = [:]
        for (name, membersValue) in written {
            let path = JSONPath.join("classes", name)
            guard (try? DataClass(parsing: name)) == .custom(name) else {
                let problem = (try? DataClass(parsing: name)).map { "\($0) is a built-in class" } ?? "a name of letters, digits and _ is"
                classIssues.append(error(path, "'\(name.excerpt(maximumLength: 60))' is no name for a custom class: \(problem)"))
                continue
            }
            guard case .object(let members) = membersValue else {
                classIssues.append(error(path, "expected an object of members and their classes ({\"name\": \"String\"}), found \(membersValue.typeName)"))
                continue
            }
            var classMembers: OrderedDictionary<String, DataClass> = [:]
            for (member, classValue) in members {
                let memberPath = JSONPath.join(path, member)
                if let dataClass = readClass(classValue, path: memberPath, into: &classIssues) { classMembers[member] = dataClass }
            }
            described[name] = classMembers
        }
        // Members' classes are known once every class is named.
        for (name, members) in described {
            for (member, dataClass) in members {
                warnUndescribed(dataClass, path: JSONPath.join(JSONPath.join("classes", name), member), into: &classIssues)
            }
        }
        return described
    }

    mutating func readDeclarations(
        _ value: FormValue?, classes: OrderedDictionary<String, OrderedDictionary<String, DataClass>>
    ) -> [DataDeclaration] {
        guard case .array(let entries) = value else { return [] }
        var declarations: [DataDeclaration] = []
        var firstPaths: [String: String] = [:]
        let checking = DataModel(classes: classes)
        for (position, entry) in entries.enumerated() {
            let path = "data[\(position)]"
            guard case .object(let members) = entry else {
                declarationIssues.append(error(path, "expected a declaration ({\"name\": ..., \"class\": ...}), found \(entry.typeName)"))
                continue
            }
            for member in members.keys where !Self.entryMembers.contains(member) {
                let hint = Suggestion.clause(for: member, in: Self.entryMembers)
                declarationIssues.append(
                    DefinitionIssue(.warning, .unknownProperty, path: JSONPath.join(path, member),
                        message: "unknown property '\(member)' of a data declaration (name, class, defaultValue)\(hint)"))
            }
            let name = readName(members["name"], path: path)
            let dataClass = members["class"].flatMap { classValue in
                readClass(classValue, path: JSONPath.join(path, "class"), into: &declarationIssues)
            }
            if members["class"] == nil { declarationIssues.append(error(path, "a declaration needs a class (\"class\": \"String\")")) }
            if let dataClass { warnUndescribed(dataClass, path: JSONPath.join(path, "class"), into: &declarationIssues) }
            var defaultValue: FormValue?
            var defaultIsGood = true
            if let written = members["defaultValue"] {
                let defaultPath = JSONPath.join(path, "defaultValue")
                defaultValue = readDefault(written, path: defaultPath)
                defaultIsGood = defaultValue != nil
                if let value = defaultValue, let dataClass {
                    let mismatches = checking.mismatches(of: value, against: dataClass)
                    for mismatch in mismatches {
                        declarationIssues.append(error(mismatch.path.isEmpty ? defaultPath : JSONPath.join(defaultPath, mismatch.path), mismatch.message))
                    }
                    defaultIsGood = mismatches.isEmpty
                }
            }
            guard let name, let dataClass, defaultIsGood else { continue }
            if let first = firstPaths[name] {
                declarationIssues.append(error(JSONPath.join(path, "name"), "'\(name)' is declared twice (first at \(first))"))
                continue
            }
            firstPaths[name] = path
            declarations.append(DataDeclaration(name: name, dataClass: dataClass, defaultValue: defaultValue, path: path))
        }
        return declarations
    }

    /// A declared name: text expressions can read as a name.
    private mutating func readName(_ value: FormValue?, path: String) -> String? {
        let namePath = JSONPath.join(path, "name")
        switch value {
        case nil:
            declarationIssues.append(error(path, "a declaration needs a name (\"name\": \"userName\")"))
        case .string(let name) where Self.isReadableName(name):
            return name
        case .string(let name):
            declarationIssues.append(
                error(namePath, "'\(name.excerpt(maximumLength: 60))' is no name an expression can read: letters, digits and _, not starting with a digit"))
        case .some(let other):
            declarationIssues.append(error(namePath, "expected the name as text, found \(other.typeName)"))
        }
        return nil
    }

    /// A class as text, parsed; a dictionary's key class must be one a JSON key (text) can be.
    private func readClass(_ value: FormValue, path: String, into issues: inout [DefinitionIssue]) -> DataClass? {
        guard case .string(let text) = value else {
            issues.append(error(path, "expected a class written as text (\"Int?\"), found \(value.typeName)"))
            return nil
        }
        do {
            let dataClass = try DataClass(parsing: text)
            if let key = Self.keyClasses(in: dataClass).first(where: { !DataClassCheck.isKeyClass($0) }) {
                issues.append(error(path, "\(dataClass) has \(key) keys: the keys of a JSON object are texts, so a key is a String, Int, Double, Float, Bool, Date, URL or Any"))
                return nil
            }
            return dataClass
        } catch {
            issues.append(self.error(path, error.description))
            return nil
        }
    }

    /// A `defaultValue`: text is a Swift literal; any other JSON is taken as that value.
    private mutating func readDefault(_ written: FormValue, path: String) -> FormValue? {
        guard case .string(let literal) = written else { return written }
        do {
            return try SwiftLiteral.parse(literal)
        } catch {
            declarationIssues.append(self.error(path, error.description))
            return nil
        }
    }

    /// A warning for each custom class in `dataClass` that `classes` does not describe.
    private func warnUndescribed(_ dataClass: DataClass, path: String, into issues: inout [DefinitionIssue]) {
        var warned: Set<String> = []
        for name in Self.customNames(in: dataClass) where !namedInClasses.contains(name) && warned.insert(name).inserted {
            issues.append(
                DefinitionIssue(.warning, .invalidDataDeclaration, path: path,
                    message: "\(name) is not described in classes: taken as any object"))
        }
    }

    static func customNames(in dataClass: DataClass) -> [String] {
        switch dataClass {
        case .custom(let name): return [name]
        case .array(let item), .set(let item), .optional(let item): return customNames(in: item)
        case .dictionary(let key, let value): return customNames(in: key) + customNames(in: value)
        case .string, .bool, .int, .float, .double, .date, .url, .any: return []
        }
    }

    static func keyClasses(in dataClass: DataClass) -> [DataClass] {
        switch dataClass {
        case .array(let item), .set(let item), .optional(let item): return keyClasses(in: item)
        case .dictionary(let key, let value): return [key] + keyClasses(in: key) + keyClasses(in: value)
        case .string, .bool, .int, .float, .double, .date, .url, .any, .custom: return []
        }
    }

    /// A name as the expression lexer reads one (letters, `_` and ASCII digits, not starting
    /// with a digit), and no word an expression reads as something else.
    static func isReadableName(_ name: String) -> Bool {
        guard let first = name.first, first == "_" || first.isLetter else { return false }
        guard !["true", "false", "nil", "null", "self"].contains(name) else { return false }
        return name.allSatisfy { $0 == "_" || $0.isLetter || $0.isASCIIDigit }
    }

    private func error(_ path: String, _ message: String) -> DefinitionIssue {
        DefinitionIssue(.error, .invalidDataDeclaration, path: path, message: message)
    }
}
