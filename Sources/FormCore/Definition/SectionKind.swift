/// QuickDialog's section classes.
package enum SectionKind: String, Sendable, CaseIterable {
    case section = "QSection"
    case dynamicData = "QDynamicDataSection"
    case select = "QSelectSection"
    case radio = "QRadioSection"
    case sorting = "QSortingSection"

    var superclass: SectionKind? {
        switch self {
        case .section: return nil
        case .dynamicData, .sorting: return .section
        case .select: return .dynamicData
        case .radio: return .select
        }
    }

    package var aliases: [String] {
        switch self {
        case .section: return ["section"]
        case .dynamicData: return ["dynamic", "dynamicdata"]
        case .select: return ["select", "multiselect"]
        case .radio: return ["radiosection"]
        case .sorting: return ["sorting"]
        }
    }

    package init?(typeName: String) {
        if let kind = SectionKind(rawValue: typeName) {
            self = kind
            return
        }
        let lowered = typeName.lowercased()
        guard let kind = SectionKind.allCases.first(where: { $0.aliases.contains(lowered) || $0.rawValue.lowercased() == lowered })
        else { return nil }
        self = kind
    }

    package static var allTypeNames: [String] { allCases.flatMap { [$0.rawValue] + $0.aliases } }

    package func isA(_ ancestor: SectionKind) -> Bool {
        var current: SectionKind? = self
        while let kind = current {
            if kind == ancestor { return true }
            current = kind.superclass
        }
        return false
    }

    var ownProperties: [String: PropertyType] {
        switch self {
        case .section:
            return [
                "type": .string, "key": .string, "title": .text, "footer": .text, "headerImage": .string,
                "footerImage": .string, "hidden": .bool, "visibility": .enumName(EnumTables.visibility),
                "bind": .string, "elements": .array, "elementTemplate": .object,
                "beforeTemplateElements": .array, "afterTemplateElements": .array, "object": .any,
                "headerView": .any, "footerView": .any, "canDeleteRows": .bool, "enabled": .bool,
                // formctl: a repeat's input size limits ("Add another guest?").
                "minimumItems": .integer, "maximumItems": .integer, "addTitle": .text,
                // formctl: where a keyed select section's choice goes, as on elements.
                "valuePath": .string,
            ]
        case .dynamicData: return ["emptyMessage": .text]
        case .select:
            return ["items": .textArray, "selectedIndexes": .array, "multipleAllowed": .bool, "deselectAllowed": .bool, "values": .array]
        case .radio: return ["selected": .integer]
        case .sorting: return ["sortingEnabled": .bool]
        }
    }

    /// Every property of the class, its superclasses' included.
    package var properties: [String: PropertyType] { Self.propertyTable[self] ?? [:] }

    /// Computed once: decoding looks properties up for every key of every section.
    private static let propertyTable: [SectionKind: [String: PropertyType]] = Dictionary(
        uniqueKeysWithValues: allCases.map { ($0, inheritedProperties(of: $0, superclass: \.superclass, own: \.ownProperties)) })
}
