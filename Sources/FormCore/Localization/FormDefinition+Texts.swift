/// Where a definition's texts stand: the properties a person reads (`PropertyType.text`), the
/// items of radio, segmented and select choices (`PropertyType.textArray`), the messages of
/// `validate` rules and a label's `value`. Picker items are values and are not among them.
extension FormDefinition {
    /// The definition with each text replaced by `transform(path, text)`, in sections,
    /// templates, the elements before and after templates, and included content. Paths inside
    /// included content are relative to the include's own place.
    func mappingTexts(_ transform: (String, FormValue) -> FormValue) -> FormDefinition {
        var definition = self
        definition.root = definition.root.mappingTexts(path: "", transform)
        return definition
    }

    /// Every text of the definition, in the order written, with its path.
    func forEachText(_ body: (String, FormValue) -> Void) {
        _ = mappingTexts { path, value in
            body(path, value)
            return value
        }
    }
}

extension Element {
    /// The element's own texts (not its sections'), by path relative to the element (`title`,
    /// `items[1]`, `validate[0].message`), in the order written.
    var ownTexts: [(path: String, value: FormValue)] {
        collectedTexts { _ = mappingOwnTexts(path: "", $0) }
    }

    func mappingOwnTexts(path: String, _ transform: (String, FormValue) -> FormValue) -> Element {
        var element = self
        let types = kind.properties
        for (name, value) in properties {
            let propertyPath = JSONPath.join(path, name)
            switch types[name] {
            case .text?:
                element.properties[name] = transform(propertyPath, value)
            case .textArray?:
                element.properties[name] = Self.mappingItems(value, path: propertyPath, transform)
            default:
                if name == "validate", case .array(let rules) = value {
                    element.properties[name] = .array(rules.enumerated().map { index, rule in
                        guard case .object(var members) = rule, let message = members["message"] else { return rule }
                        members["message"] = transform("\(propertyPath)[\(index)].message", message)
                        return .object(members)
                    })
                } else if name == "value", kind == .label, TextMap.isTextMap(value) {
                    // A label's value is its text, but may be any value: an object is a text
                    // map only when every key is a language tag and every entry a string.
                    element.properties[name] = transform(propertyPath, value)
                }
            }
        }
        return element
    }

    func mappingTexts(path: String, _ transform: (String, FormValue) -> FormValue) -> Element {
        var element = mappingOwnTexts(path: path, transform)
        element.include = include?.mappingTexts(path: path, transform)
        element.sections = sections?.enumerated().map { index, section in
            section.mappingTexts(path: JSONPath.join(path, "sections[\(index)]"), transform)
        }
        element.sectionTemplate = sectionTemplate?.mappingTexts(path: JSONPath.join(path, "sectionTemplate"), transform)
        return element
    }

    /// Each text of a list of items; entries that are neither strings nor maps stay as written.
    static func mappingItems(_ value: FormValue, path: String, _ transform: (String, FormValue) -> FormValue) -> FormValue {
        guard case .array(let items) = value else { return value }
        return .array(items.enumerated().map { index, item in transform("\(path)[\(index)]", item) })
    }
}

extension Section {
    /// The section's own texts (not its elements'), by path relative to the section.
    var ownTexts: [(path: String, value: FormValue)] {
        collectedTexts { _ = mappingOwnTexts(path: "", $0) }
    }

    func mappingOwnTexts(path: String, _ transform: (String, FormValue) -> FormValue) -> Section {
        var section = self
        let types = kind.properties
        for (name, value) in properties {
            let propertyPath = JSONPath.join(path, name)
            switch types[name] {
            case .text?: section.properties[name] = transform(propertyPath, value)
            case .textArray?: section.properties[name] = Element.mappingItems(value, path: propertyPath, transform)
            default: break
            }
        }
        return section
    }

    func mappingTexts(path: String, _ transform: (String, FormValue) -> FormValue) -> Section {
        var section = mappingOwnTexts(path: path, transform)
        section.include = include?.mappingTexts(path: path, transform)
        func mapped(_ elements: [Element]?, _ name: String) -> [Element]? {
            elements?.enumerated().map { index, element in
                element.mappingTexts(path: JSONPath.join(path, "\(name)[\(index)]"), transform)
            }
        }
        section.elements = mapped(elements, "elements")
        section.beforeTemplateElements = mapped(beforeTemplateElements, "beforeTemplateElements")
        section.afterTemplateElements = mapped(afterTemplateElements, "afterTemplateElements")
        section.elementTemplate = elementTemplate?.mappingTexts(path: JSONPath.join(path, "elementTemplate"), transform)
        return section
    }
}

extension Include {
    func mappingTexts(path: String, _ transform: (String, FormValue) -> FormValue) -> Include {
        var include = self
        switch content {
        case .element(let element)?:
            include.content = .element(element.mappingTexts(path: path, transform))
        case .sections(let sections)?:
            include.content = .sections(sections.enumerated().map { index, section in
                section.mappingTexts(path: JSONPath.join(path, "sections[\(index)]"), transform)
            })
        case nil:
            break
        }
        return include
    }
}

/// The texts a walk visits, in order: the walk is given a transform that records each text and
/// keeps it as it is.
func collectedTexts(_ walk: ((String, FormValue) -> FormValue) -> Void) -> [(path: String, value: FormValue)] {
    var texts: [(path: String, value: FormValue)] = []
    walk { path, value in
        texts.append((path, value))
        return value
    }
    return texts
}
