import FormCore

/// One item of one repeat: what a field on an item's own page belongs to.
struct RepeatItem: Hashable {
    let path: String
    let index: Int
}

extension FieldInfo {
    /// The repeat item the field was built for, if any.
    var repeatItem: RepeatItem? {
        guard let repeatPath, let itemIndex else { return nil }
        return RepeatItem(path: repeatPath, index: itemIndex)
    }
}

extension FormPrompter {
    /// Each repeat's own section, by the repeat's path.
    static func repeatSections(_ sections: [SectionInfo]) -> [String: Int] {
        var found: [String: Int] = [:]
        for (index, section) in sections.enumerated() {
            if let path = section.repeatPath, found[path] == nil { found[path] = index }
        }
        return found
    }

    /// Whether a field sits on a repeat item's own page (an item built as a `root` element with
    /// sections of its own). Those sections come after the repeat's own section in the form's
    /// list of sections, yet a person answers them as part of the item.
    static func isOnItemPage(_ field: FieldInfo, repeatSections: [String: Int]) -> Bool {
        guard let path = field.repeatPath, field.itemIndex != nil, let own = repeatSections[path] else { return false }
        return field.sectionIndex > own
    }

    /// The sections that are repeat items' pages: walked and summed up with their item.
    static func itemPages(_ fields: [FieldInfo], sections: [SectionInfo]) -> Set<Int> {
        let repeats = repeatSections(sections)
        return Set(fields.filter { isOnItemPage($0, repeatSections: repeats) }.map(\.sectionIndex))
    }

    /// The fields in the order the walk asks them: the fields on a repeat item's page right
    /// after the item's own element rather than after every section of the form, so that an
    /// item is answered whole before the next one is offered.
    static func inWalkOrder(_ fields: [FieldInfo], sections: [SectionInfo]) -> [FieldInfo] {
        let repeats = repeatSections(sections)
        var pages: [RepeatItem: [FieldInfo]] = [:]
        var rest: [FieldInfo] = []
        for field in fields {
            if isOnItemPage(field, repeatSections: repeats), let item = field.repeatItem {
                pages[item, default: []].append(field)
            } else {
                rest.append(field)
            }
        }
        if pages.isEmpty { return fields }
        var ordered: [FieldInfo] = []
        ordered.reserveCapacity(fields.count)
        for (position, field) in rest.enumerated() {
            ordered.append(field)
            guard let item = field.repeatItem, position + 1 == rest.count || rest[position + 1].repeatItem != item else { continue }
            if let page = pages.removeValue(forKey: item) { ordered += page }
        }
        // A page whose item element is not among `fields` keeps its place in the form.
        return ordered + fields.filter { field in field.repeatItem.map { pages[$0] != nil } ?? false }
    }

    /// The fields a section asks, in walk order: its own and, for a repeat, its items' pages.
    func fieldsOf(section index: Int, _ fields: [FieldInfo], sections: [SectionInfo]) -> [FieldInfo] {
        let repeatPath = sections.indices.contains(index) ? sections[index].repeatPath : nil
        let repeats = Self.repeatSections(sections)
        return Self.inWalkOrder(fields, sections: sections).filter { field in
            guard !field.isTemplate else { return false }
            if field.sectionIndex == index { return true }
            return repeatPath != nil && field.repeatPath == repeatPath && Self.isOnItemPage(field, repeatSections: repeats)
        }
    }
}
