extension StructureLayout {
    /// The repeats of this shape: sections built from `iterate:` over a collection.
    func findRepeats(baseData: FormValue) -> [RepeatInfo] {
        sections.indices.compactMap { index in
            let section = sections[index].section
            guard let source = section.repeatSource, !source.isDictionary, let template = source.template else { return nil }
            let path = section.repeatPath ?? source.path
            let hasInputs = template.takesRepeatItems
            let declared = ["addTitle", "minimumItems", "maximumItems"].contains { section.properties[$0] != nil }
            // A list that comes with the data is the data's (as in QuickDialog); one the data
            // lacks, or that says how many items it takes, is for the person to grow.
            let isGrowable = hasInputs && (declared || baseData.value(at: path) == nil)
            return RepeatInfo(
                path: path.dotted, valuePath: path, count: source.count, title: section.title,
                addTitle: section.properties["addTitle"]?.displayString, hasInputs: hasInputs, isGrowable: isGrowable,
                minimumItems: section.properties["minimumItems"]?.intValue,
                maximumItems: section.properties["maximumItems"]?.intValue, sectionIndex: index,
                templateKeys: AnswerKeys.keys(ofTemplate: template))
        }
    }

    /// Every answerable path of this shape, plus every repeat's template keys (so a repeat with
    /// no items yet still takes items).
    func makeAnswerKeys() -> AnswerKeys {
        var keys = AnswerKeys()
        for index in elements.indices {
            guard let path = elements[index].valuePath else { continue }
            keys.insertField(path.components[...], computed: isComputed(element: index), element: index)
        }
        for info in repeats {
            keys.insertRepeat(info.valuePath.components[...], itemKeys: info.templateKeys)
        }
        return keys
    }

    func isComputed(element index: Int) -> Bool {
        (liveIndex[.element(index)] ?? [:]).values.contains { live[$0].writes != nil }
    }
}

extension Element {
    /// Whether this repeat template holds fields a person fills: an input with a key, or keys
    /// inside its nested sections. A repeat of such items can be grown when the data has none.
    package var takesRepeatItems: Bool {
        kind.isInput && key != nil || !AnswerKeys.keys(ofTemplate: self).entries.isEmpty
    }
}
