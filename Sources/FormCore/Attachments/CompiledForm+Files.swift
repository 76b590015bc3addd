extension CompiledForm {
    /// The rules of the file field at `keyPath` (`slides`, `talks.1.slides`); nil when the path
    /// is no file field of the form. An index in the path stands for any item of its repeat,
    /// including items the person has not added yet: whether the item exists is the answers'
    /// business, while a file may be read before them.
    package func fileRules(atKeyPath keyPath: String) -> FileFieldRules? {
        guard !fileFields.isEmpty, let path = try? ValuePath(parsing: keyPath) else { return nil }
        return fileFields.first { FileFieldPattern.matches($0.pattern, path.components) }?.rules
    }

    /// Whether the form has a file field anywhere (repeat templates included): values of a
    /// form without one hold no file references to check.
    package var hasFileFields: Bool { !fileFields.isEmpty }

    /// The most bytes all files of one submission may have together: the form's
    /// `maxUploadSize`, or `FileFieldRules.defaultMaxUploadSize`.
    package var maxUploadSize: Int {
        FileFieldRules.positiveInt(definition.root.properties["maxUploadSize"]) ?? FileFieldRules.defaultMaxUploadSize
    }

    /// Every file field of the form as a pattern of its key path (an item index as a wildcard),
    /// with its rules: the fields as bound, then those of each repeat's template, so a repeat
    /// with no items yet still takes files. Found once, when the form is compiled
    /// (`CompiledForm.fileFields`): every submit asks.
    static func fileFields(of base: FormStructure) -> [FileField] {
        var fields: [FileField] = []
        for entry in base.elements {
            guard let path = entry.valuePath, let rules = FileFieldRules(element: entry.element) else { continue }
            fields.append((FileFieldPattern.pattern(of: path.components), rules))
        }
        for info in base.repeats {
            guard let template = base.sections[info.sectionIndex].section.repeatSource?.template else { continue }
            let prefix = FileFieldPattern.pattern(of: info.valuePath.components) + [.item]
            FileFieldPattern.collect(template, prefix: prefix, into: &fields)
        }
        return fields
    }
}

/// A file field: the pattern of its key path, and its rules.
typealias FileField = (pattern: [FileFieldPattern], rules: FileFieldRules)

/// One step of a file field's key path: a key, or any item of a repeat.
enum FileFieldPattern: Hashable {
    case key(String)
    case item

    static func pattern(of components: [ValuePath.Component]) -> [FileFieldPattern] {
        components.map { component in
            switch component {
            case .index: return .item
            case .key(let key) where isIndex(key): return .item
            case .key(let key): return .key(key)
            case .collectionOperator(let op): return .key("@" + op.rawValue)
            case .this: return .key("self")
            }
        }
    }

    /// Whether `components` is a path `pattern` describes.
    static func matches(_ pattern: [FileFieldPattern], _ components: [ValuePath.Component]) -> Bool {
        guard pattern.count == components.count else { return false }
        return zip(pattern, components).allSatisfy { step, component in
            switch (step, component) {
            case (.item, .index): return true
            case (.item, .key(let key)): return isIndex(key)
            case (.key(let wanted), .key(let key)): return wanted == key
            default: return false
            }
        }
    }

    /// Digits only: `talks.1` names item 1, as `talks[1]` does.
    static func isIndex(_ key: String) -> Bool { !key.isEmpty && key.utf8.allSatisfy { (0x30...0x39).contains($0) } }

    /// The file fields of a repeat's template, as `AnswerKeys.keys(ofTemplate:)` finds its keys:
    /// its own key, and inside nested sections of an element that holds no value of its own.
    static func collect(_ element: Element, prefix: [FileFieldPattern],
                        into fields: inout [FileField])
    {
        if let key = element.key, element.kind.fetchesValue, let rules = FileFieldRules(element: element) {
            fields.append((prefix + [.key(key)], rules))
        }
        guard element.kind.collectsNestedValues else { return }
        for section in element.sections ?? [] {
            for nested in section.elements ?? [] { collect(nested, prefix: prefix, into: &fields) }
            if let template = section.elementTemplate, let source = section.iterationPath {
                collect(template, prefix: prefix + pattern(of: source.components) + [.item], into: &fields)
            }
        }
    }
}
