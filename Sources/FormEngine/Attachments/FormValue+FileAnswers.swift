import FormCore

/// `{"file": "relative/path"}`: how an answers file or an import line names a file to attach.
extension FormValue {
    /// Each member that names files to attach, by key path, with the paths in order: a
    /// `{"file": PATH}` object, or a non-empty array of them (a field of several files).
    package func fileAnswers() -> [(keyPath: String, paths: [String])] {
        var found: [(keyPath: String, paths: [String])] = []
        collectFileAnswers(prefix: "", into: &found)
        return found
    }

    /// Whether any member names files to attach: `!fileAnswers().isEmpty`, without building a
    /// key path for every member on the way (every import line and request is asked).
    package var holdsFileAnswers: Bool {
        switch self {
        case .object(let members): return members.values.contains { $0.asFileAnswers != nil || $0.holdsFileAnswers }
        case .array(let items): return items.contains { $0.holdsFileAnswers }
        default: return false
        }
    }

    private func collectFileAnswers(prefix: String, into found: inout [(keyPath: String, paths: [String])]) {
        switch self {
        case .object(let members):
            for (key, member) in members {
                let path = prefix.isEmpty ? key : prefix + "." + key
                if let paths = member.asFileAnswers {
                    found.append((path, paths))
                } else {
                    member.collectFileAnswers(prefix: path, into: &found)
                }
            }
        case .array(let items):
            for (index, item) in items.enumerated() {
                item.collectFileAnswers(prefix: prefix + "." + String(index), into: &found)
            }
        default:
            break
        }
    }

    /// The path of `{"file": PATH}`, or the paths of a non-empty array of such objects.
    var asFileAnswers: [String]? {
        if case .object(let members) = self, members.count == 1, case .string(let path)? = members["file"] { return [path] }
        guard case .array(let items) = self, !items.isEmpty else { return nil }
        var paths: [String] = []
        for item in items {
            guard case .object(let members) = item, members.count == 1, case .string(let path)? = members["file"] else { return nil }
            paths.append(path)
        }
        return paths
    }
}

extension FormEngine {
    /// Refuses `{"file": PATH}` answers nobody resolved into uploads: without a directory to
    /// read them from (`AttachmentDirectory`), a path means nothing, and is not read from
    /// wherever the process happens to run.
    static func refuseUnresolvedFileAnswers(in answers: FormValue?) throws(FormEngineError) {
        guard let answers, answers.holdsFileAnswers else { return }
        let found = answers.fileAnswers()
        throw .invalid(found.map { answer in
            FieldError(path: answer.keyPath, rule: "file", message: LibraryMessages.text(.unresolvedFileAnswer, ["path": .text(answer.paths[0].excerpt())]))
        })
    }
}
