import TerminalKeys

/// A list to choose from with the arrow keys, as huh and Inquirer draw it: Up/Down (or
/// Ctrl-P/N) move, typing filters the list by label, Backspace and Escape undo the filter,
/// Enter chooses the highlighted item; with several allowed, Space ticks and unticks and Enter
/// accepts the ticked items. A single choice that may be left empty starts with a row that
/// chooses nothing (`noneLabel`, "(none)"): Enter on an item always picking one would leave no
/// way back to an empty answer.
struct ChoiceMenu {
    let labels: [String]
    let allowsMany: Bool
    /// The label of the row that chooses nothing, first in `visible` as `ChoiceMenu.noneRow`.
    let noneLabel: String?
    /// The row of `visible` that stands for no item.
    static let noneRow = -1
    private(set) var filter = ""
    /// Index into `visible` of the highlighted item.
    private(set) var highlighted = 0
    private(set) var ticked: Set<Int>
    /// Indexes into `labels` that match the filter, in order, after `noneRow` while no filter
    /// is typed (typing `n` to find an item must not land on "(none)").
    private(set) var visible: [Int]

    /// `noneLabel` is taken for a single choice only: a multiple choice is left empty by
    /// ticking nothing. With nothing chosen, its row is the one highlighted.
    init(labels: [String], chosen: [Int], allowsMany: Bool, noneLabel: String? = nil) {
        self.labels = labels
        self.allowsMany = allowsMany
        self.noneLabel = allowsMany ? nil : noneLabel
        ticked = allowsMany ? Set(chosen) : []
        visible = (self.noneLabel == nil ? [] : [Self.noneRow]) + Array(labels.indices)
        highlighted = chosen.first.flatMap { visible.firstIndex(of: $0) } ?? 0
    }

    /// What a row of `visible` shows.
    func label(_ row: Int) -> String {
        row == Self.noneRow ? noneLabel ?? "" : labels[row]
    }

    enum Outcome: Equatable {
        case changed
        case unchanged
        /// Enter: the chosen indexes into `labels` (one, the ticked ones in order, or none for
        /// the row that chooses nothing).
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
            guard visible.indices.contains(highlighted), visible[highlighted] != Self.noneRow else { return .unchanged }
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
            let row = visible[highlighted]
            return .accepted(row == Self.noneRow ? [] : [row])
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
        if needle.isEmpty, noneLabel != nil { visible.insert(Self.noneRow, at: 0) }
        highlighted = current.flatMap { visible.firstIndex(of: $0) } ?? 0
    }

    /// The rows to draw: at most `height` items around the highlighted one.
    func window(height: Int) -> ArraySlice<Int> {
        guard visible.count > height else { return visible[...] }
        let start = min(max(0, highlighted - height / 2), visible.count - height)
        return visible[start..<(start + height)]
    }
}
