import FormCore

/// The value columns of a CSV dump: one per keyed value element of a form's definition, in
/// definition order. A repeated section (`iterate:`) is one column holding its array, because
/// its items differ in number from row to row. Secure fields get no column: their values are
/// never stored, and a column that is always empty would suggest otherwise.
struct CSVColumns {
    struct Column {
        var name: String
        var path: ValuePath
    }

    var columns: [Column]

    /// Built once per dump from the stored definition of the form's latest version, which is
    /// parsed once here, without positions (it was checked when it was stored).
    init(definitionJSON: String) throws(DefinitionError) {
        let definition = try FormDefinition.decode(json: definitionJSON, positions: false).0
        let session = try FormSession(definition: definition)
        // Repeats without items have no fields yet; one item each makes their templates show,
        // so the repeat's column lands where its section stands. Nested repeats need a pass each.
        for _ in 0..<4 {
            let empty = session.repeats.filter { $0.count == 0 && $0.hasInputs }
            if empty.isEmpty { break }
            for info in empty { _ = try? session.appendItem(to: info.path) }
        }
        let repeatPaths = session.repeats.map(\.path).sorted { $0.count < $1.count }
        let secure = Set(session.securePaths)
        var seen = Set<String>()
        var columns: [Column] = []
        for field in session.fields {
            guard let path = field.path, !secure.contains(path) else { continue }
            // Outermost repeat first (shortest path), so nested repeats stay inside its array.
            let name = repeatPaths.first { path.hasPrefix($0 + ".") } ?? path
            guard seen.insert(name).inserted, let parsed = try? ValuePath(parsing: name) else { continue }
            columns.append(Column(name: name, path: parsed))
        }
        self.columns = columns
    }
}
