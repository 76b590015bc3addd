extension SessionState {
    /// Every element with its live state, as `FormSession.fields` returns it, and each repeat's
    /// template fields after its items (marked `isTemplate`), so that a form shows what a repeat
    /// takes even while it has no items.
    func fieldInfos() -> [FieldInfo] {
        var infos: [FieldInfo] = elements.indices.map { index in
            let entry = elements[index]
            let repeatScope = entry.element.scopes.last(where: \.isRepeat)
            return FieldInfo(
                element: resolvedElement(index), path: entry.dottedPath,
                value: entry.valuePath.flatMap { values.value(at: $0) },
                isHidden: isHidden(element: index), isEnabled: isEnabled(element: index),
                isRequired: isRequired(element: index), isComputed: structure.isComputed(element: index),
                sectionIndex: entry.sectionIndex, itemIndex: repeatScope?.index,
                repeatPath: repeatScope.map { _ in
                    ValuePath(components: entry.itemPath?.components.dropLast().map { $0 } ?? []).dotted
                }, jsonPath: entry.jsonPath, valuePath: entry.valuePath)
        }
        for info in structure.repeats.reversed() {
            guard let template = structure.sections[info.sectionIndex].section.repeatSource?.template,
                template.key != nil, template.kind.fetchesValue
            else { continue }
            let field = FieldInfo(
                element: template, path: nil, value: nil, isHidden: isSectionHidden(info.sectionIndex), isEnabled: true,
                isRequired: template.properties["required"]?.isTruthy ?? false,
                isComputed: AnswerKeys.keys(ofTemplate: template).entries.values.contains {
                    if case .field(computed: true, _) = $0 { return true } else { return false }
                },
                sectionIndex: info.sectionIndex, itemIndex: nil, repeatPath: info.path, isTemplate: true)
            let position = infos.lastIndex { $0.sectionIndex <= info.sectionIndex }.map { $0 + 1 } ?? 0
            infos.insert(field, at: position)
        }
        return infos
    }

    /// The actions of the visible buttons, in form order: what submitting the form can mean.
    func buttonActions() -> [ActionRequest] {
        structure.actionButtons.compactMap { index in
            let element = elements[index].element
            guard let name = element.controllerAction, !isHidden(element: index) else { return nil }
            return ActionRequest(name: name, elementPath: element.key ?? name, elementKey: element.key, jsonPath: elements[index].jsonPath)
        }
    }

    func sectionInfos() -> [SectionInfo] {
        structure.sections.indices.map { index in
            let section = structure.sections[index].section
            let repeatPath = structure.repeats.first { $0.sectionIndex == index }?.path
            return SectionInfo(
                title: property("title", ofSection: index)?.displayString,
                footer: property("footer", ofSection: index)?.displayString,
                isHidden: isSectionHidden(index), repeatPath: repeatPath, section: section)
        }
    }
}
