extension FormDefinition {
    /// Removes the property a JSON path names (`sections[1].elements[0].textValue`; for
    /// `...validate[2].test` the whole `validate`), so that a check can set aside a part it has
    /// reported (an expression that does not parse, a cycle) and go on evaluating the rest.
    /// Returns false when the path names no property of this definition (a place inside an
    /// included file, or in a template's expansion).
    mutating func removeProperty(atPath path: String) -> Bool {
        guard let steps = Self.steps(of: path), !steps.isEmpty else { return false }
        return Self.remove(steps[...], from: &root)
    }

    /// `sections[1].elements[0].title` as `[("sections", 1), ("elements", 0), ("title", nil)]`.
    static func steps(of path: String) -> [(name: String, index: Int?)]? {
        var steps: [(String, Int?)] = []
        for part in path.split(separator: ".", omittingEmptySubsequences: false) {
            guard let bracket = part.firstIndex(of: "[") else {
                steps.append((String(part), nil))
                continue
            }
            guard part.hasSuffix("]"), let index = Int(part[part.index(after: bracket)..<part.index(before: part.endIndex)]) else {
                return nil
            }
            steps.append((String(part[..<bracket]), index))
        }
        return steps
    }

    private static func remove(_ steps: ArraySlice<(name: String, index: Int?)>, from element: inout Element) -> Bool {
        guard let step = steps.first else { return false }
        let rest = steps.dropFirst()
        switch (step.name, step.index) {
        case ("sections", let index?):
            guard var sections = element.sections, sections.indices.contains(index) else { return false }
            defer { element.sections = sections }
            return remove(rest, from: &sections[index])
        case ("sectionTemplate", nil) where !rest.isEmpty:
            guard var template = element.sectionTemplate else { return false }
            defer { element.sectionTemplate = template }
            return remove(rest, from: &template)
        default:
            return element.include == nil && element.properties.removeValue(forKey: step.name) != nil
        }
    }

    private static func remove(_ steps: ArraySlice<(name: String, index: Int?)>, from section: inout Section) -> Bool {
        guard let step = steps.first else { return false }
        let rest = steps.dropFirst()
        func inList(_ list: inout [Element]?, _ index: Int) -> Bool {
            guard var elements = list, elements.indices.contains(index) else { return false }
            defer { list = elements }
            return remove(rest, from: &elements[index])
        }
        switch (step.name, step.index) {
        case ("elements", let index?): return inList(&section.elements, index)
        case ("beforeTemplateElements", let index?): return inList(&section.beforeTemplateElements, index)
        case ("afterTemplateElements", let index?): return inList(&section.afterTemplateElements, index)
        case ("elementTemplate", nil) where !rest.isEmpty:
            guard var template = section.elementTemplate else { return false }
            defer { section.elementTemplate = template }
            return remove(rest, from: &template)
        default:
            return section.include == nil && section.properties.removeValue(forKey: step.name) != nil
        }
    }
}
