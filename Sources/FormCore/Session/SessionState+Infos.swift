/// A field an answers object may name: its dotted path, its element as defined (for parsing
/// typed text), and whether it is computed (and so cannot be answered).
public struct AnswerTarget: Sendable {
    public var path: String
    public var valuePath: ValuePath
    public var element: Element
    public var isComputed: Bool
}

extension SessionState {
    /// Every element with its live state, as `FormSession.fields` returns it.
    func fieldInfos() -> [FieldInfo] {
        elements.indices.map { index in
            let entry = elements[index]
            let repeatScope = entry.element.scopes.last(where: \.isRepeat)
            return FieldInfo(
                element: resolvedElement(index), path: entry.valuePath?.dotted,
                value: entry.valuePath.flatMap { values.value(at: $0) },
                isHidden: isHidden(element: index), isEnabled: isEnabled(element: index),
                isRequired: isRequired(element: index), isComputed: isComputed(element: index),
                sectionIndex: entry.sectionIndex, itemIndex: repeatScope?.index,
                repeatPath: repeatScope.map { _ in
                    ValuePath(components: entry.itemPath?.components.dropLast().map { $0 } ?? []).dotted
                })
        }
    }

    func sectionInfos() -> [SectionInfo] {
        sections.indices.map { index in
            let section = sections[index].section
            let hidden = property("hidden", ofSection: index)?.isTruthy == true
                || property("visibility", ofSection: index)?.stringValue == "gone"
            return SectionInfo(
                title: property("title", ofSection: index)?.displayString,
                footer: property("footer", ofSection: index)?.displayString,
                isHidden: hidden, repeatPath: repeatPath(of: section)?.dotted, section: section)
        }
    }

    /// The data path a repeat section iterates, inside the items of the repeats around it.
    func repeatPath(of section: Section) -> ValuePath? {
        guard let source = section.repeatSource else { return nil }
        let prefix = section.scopes.filter(\.isRepeat).flatMap { $0.itemPath.components }
        return ValuePath(components: prefix + source.path.components)
    }

    /// The answerable fields, rebuilt whenever the form's structure changes.
    func makeAnswerTargets() -> [AnswerTarget] {
        elements.indices.compactMap { index in
            guard let path = elements[index].valuePath else { return nil }
            return AnswerTarget(path: path.dotted, valuePath: path, element: elements[index].element,
                                isComputed: isComputed(element: index))
        }
    }
}
