import FormCore

/// The CSV tables of an export and their columns, and how a stored value is split into them: an
/// object's members are walked key by key (keys kept exactly, whatever characters they have),
/// and every other value is a leaf with a column of its own. An array is a leaf, written as
/// compact JSON, except with repeats separate, where an array of objects (a repeat's
/// items) goes to the repeat's own file, one row per item.
final class CSVShape {
    let separatesRepeats: Bool
    let submissions = CSVTable(path: [], parent: nil)
    /// The repeats' tables by path, and in the order they were found.
    private var repeats: [[String]: CSVTable] = [:]
    private var repeatOrder: [CSVTable] = []

    init(separatesRepeats: Bool) {
        self.separatesRepeats = separatesRepeats
    }

    var tables: [CSVTable] { [submissions] + repeatOrder }

    /// The table of the repeat at `path`, made on first use.
    func repeatTable(_ path: [String], parent: CSVTable) -> CSVTable {
        if let table = repeats[path] { return table }
        let table = CSVTable(path: path, parent: parent)
        repeats[path] = table
        repeatOrder.append(table)
        return table
    }

    func existingTable(_ path: [String]) -> CSVTable? { repeats[path] }

    func finish() {
        let repeatPaths = Set(repeats.keys)
        for table in tables { table.finish(repeatPaths: repeatPaths) }
    }

    /// Whether `value` is a repeat's items here: with repeats separate, an array of objects
    /// (or an empty array where a definition or another row showed a repeat).
    func isRepeat(_ value: FormValue, at path: [String]) -> Bool {
        guard separatesRepeats, case .array(let items) = value else { return false }
        if items.isEmpty { return repeats[path] != nil }
        return items.allSatisfy { $0.objectValue != nil }
    }

    /// Walks the members of `object` (the values of a submission, or one item of a repeat in
    /// `table`; anything but an object has no members): `leaf` for each leaf with its path
    /// relative to the object, `repeated` for each repeat's items with the repeat's path from
    /// the submission's root.
    func walk(
        _ object: FormValue, in table: CSVTable, relative: inout [String],
        leaf: (CSVTable, [String], FormValue) throws -> Void,
        repeated: (CSVTable, [String], [FormValue]) throws -> Void
    ) rethrows {
        try Self.walk(object, tablePath: table.path, relative: &relative, isRepeat: isRepeat) { path, value in
            try leaf(table, path, value)
        } repeated: { path, items in
            try repeated(table, path, items)
        }
    }

    /// The walk of `walk(_:in:relative:leaf:repeated:)`, for a table at `tablePath`, with
    /// `isRepeat` telling which arrays are a repeat's items (none, with repeats inline).
    static func walk(
        _ object: FormValue, tablePath: [String], relative: inout [String], isRepeat: (FormValue, [String]) -> Bool,
        leaf: ([String], FormValue) throws -> Void,
        repeated: ([String], [FormValue]) throws -> Void
    ) rethrows {
        guard case .object(let members) = object else { return }
        for (key, member) in members {
            relative.append(key)
            defer { relative.removeLast() }
            switch member {
            case .object:
                try walk(member, tablePath: tablePath, relative: &relative, isRepeat: isRepeat, leaf: leaf, repeated: repeated)
            case .array(let items) where isRepeat(member, tablePath + relative):
                try repeated(tablePath + relative, items)
            default:
                try leaf(relative, member)
            }
        }
    }

    /// First pass: the columns and repeats of one submission's values.
    func collect(_ values: FormValue) {
        var relative: [String] = []
        collect(values, in: submissions, relative: &relative)
    }

    private func collect(_ object: FormValue, in table: CSVTable, relative: inout [String]) {
        walk(object, in: table, relative: &relative) { table, path, value in
            table.see(path, value)
        } repeated: { parent, path, items in
            let child = repeatTable(path, parent: parent)
            var inner: [String] = []
            for item in items { collect(item, in: child, relative: &inner) }
        }
    }
}
