import TerminalKeys

/// A list to choose from with the arrow keys, as huh and Inquirer draw it: Up/Down (or
/// Ctrl-P/N) move, typing filters the list by label, Backspace and Escape undo the filter,
/// Enter chooses the highlighted item; with several allowed, Space ticks and unticks and Enter
/// accepts the ticked items.
struct ChoiceMenu {
    let labels: [String]
    let allowsMany: Bool
    private(set) var filter = ""
    /// Index into `visible` of the highlighted item.
    private(set) var highlighted = 0
    private(set) var ticked: Set<Int>
    /// Indexes into `labels` that match the filter, in order.
    private(set) var visible: [Int]

    init(labels: [String], chosen: [Int], allowsMany: Bool) {
        self.labels = labels
        self.allowsMany = allowsMany
        ticked = allowsMany ? Set(chosen) : []
        visible = Array(labels.indices)
        highlighted = chosen.first.flatMap { visible.firstIndex(of: $0) } ?? 0
    }

    enum Outcome: Equatable {
        case changed
        case unchanged
        /// Enter: the chosen indexes into `labels` (one, or the ticked ones in order).
        case accepted([Int])
        case endOfInput
    }

    mutating func apply(_ key: TerminalKey) -> Outcome {
        switch key {
        case .up:
            guard !visible.isEmpty else { return .unchanged }
            highlighted = (highlighted + visible.count - 1) % visible.count
        case .down, .tab:
            guard !visible.isEmpty else { return .unchanged }
            highlighted = (highlighted + 1) % visible.count
        case .home, .pageUp:
            highlighted = 0
        case .end, .pageDown:
            highlighted = max(0, visible.count - 1)
        case .text(" ") where allowsMany:
            guard visible.indices.contains(highlighted) else { return .unchanged }
            let index = visible[highlighted]
            if ticked.contains(index) { ticked.remove(index) } else { ticked.insert(index) }
        case .text(let character):
            filter.append(character)
            refilter()
        case .backspace:
            guard !filter.isEmpty else { return .unchanged }
            filter.removeLast()
            refilter()
        case .escape, .killToStart:
            guard !filter.isEmpty else { return .unchanged }
            filter = ""
            refilter()
        case .enter:
            if allowsMany { return .accepted(ticked.sorted()) }
            guard visible.indices.contains(highlighted) else { return .unchanged }
            return .accepted([visible[highlighted]])
        case .endOfInput:
            return .endOfInput
        default:
            return .unchanged
        }
        return .changed
    }

    /// Keeps the highlighted item when it still matches, else highlights the first match.
    private mutating func refilter() {
        let current = visible.indices.contains(highlighted) ? visible[highlighted] : nil
        let needle = filter.lowercased()
        visible = labels.indices.filter { needle.isEmpty || labels[$0].lowercased().contains(needle) }
        highlighted = current.flatMap { visible.firstIndex(of: $0) } ?? 0
    }

    /// The rows to draw: at most `height` items around the highlighted one.
    func window(height: Int) -> ArraySlice<Int> {
        guard visible.count > height else { return visible[...] }
        let start = min(max(0, highlighted - height / 2), visible.count - height)
        return visible[start..<(start + height)]
    }
}
