/// A repeat in a form being filled: a section built from `iterate:` over a collection.
public struct RepeatInfo: Sendable, Hashable {
    /// The collection's path in the data (and in the values): `guests`.
    public var path: String
    public var count: Int
    /// The section's title, for prompts ("Add another guest?").
    public var title: String?
    /// Whether the template holds fields a person fills, so that items can be added.
    public var hasInputs: Bool
    public var minimumItems: Int?
    public var maximumItems: Int?
}

extension SessionState {
    var repeats: [RepeatInfo] {
        sections.compactMap { entry in
            guard let source = entry.section.repeatSource, !source.isDictionary, let template = source.template else { return nil }
            let path = repeatPath(of: entry.section) ?? source.path
            return RepeatInfo(
                path: path.dotted, count: source.count, title: entry.section.title,
                hasInputs: template.kind.isInput && template.key != nil,
                minimumItems: entry.section.properties["minimumItems"]?.intValue,
                maximumItems: entry.section.properties["maximumItems"]?.intValue)
        }
    }

    /// Adds an empty item to the repeat at `path` and rebuilds the form around it.
    mutating func appendItem(to text: String) throws(SessionError) -> Int {
        try appendItems(to: text, count: 1)
    }

    /// Adds `count` empty items with one rebuild (answers with many items would otherwise
    /// rebuild the form once per item); returns the index of the first one. Stops at the
    /// repeat's `maximumItems`.
    @discardableResult
    mutating func appendItems(to text: String, count: Int) throws(SessionError) -> Int {
        guard let info = repeats.first(where: { $0.path == text }) else {
            throw SessionError(path: text, message: "no repeat section iterates this path")
        }
        let room = info.maximumItems.map { $0 - info.count } ?? count
        if let maximum = info.maximumItems, room <= 0 {
            throw SessionError(path: text, message: "at most \(maximum) items")
        }
        let path = (try? ValuePath(parsing: text)) ?? .this
        for offset in 0..<max(0, min(count, room)) {
            try? data.setValue(.emptyObject, at: path.appending(.index(info.count + offset)))
        }
        try rebuildKeepingValues()
        return info.count
    }

    /// Removes item `index` of the repeat at `path`; later items move up.
    mutating func removeItem(at index: Int, from text: String) throws(SessionError) {
        guard let info = repeats.first(where: { $0.path == text }), index >= 0, index < info.count else {
            throw SessionError(path: text, message: "no item \(index) to remove")
        }
        let path = (try? ValuePath(parsing: text)) ?? .this
        data.removeValue(at: path.appending(.index(index)))
        var kept = values
        kept.removeValue(at: path.appending(.index(index)))
        values = kept
        try rebuildKeepingValues()
    }

    mutating func rebuildKeepingValues() throws(SessionError) {
        let previous = values
        form = Binder.bind(definition, to: data)
        do { try rebuild(keeping: previous) } catch {
            throw SessionError(path: "", message: error.description)
        }
    }
}
