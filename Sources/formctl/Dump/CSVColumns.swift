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
        // The rules a service registered are not known here, and an export validates nothing.
        let form = try CompiledForm(definition: definition, requiringRegistrations: false)
        // Outermost repeat first (shortest path), so nested repeats stay inside its array; a
        // repeat with no items still has its column, from its template's field.
        let repeatPaths = form.repeats.map(\.path).sorted { $0.count < $1.count }
        let secure = Set(form.securePaths)
        var seen = Set<String>()
        var columns: [Column] = []
        for field in form.fields {
            guard let path = field.isTemplate ? field.repeatPath : field.path, !secure.contains(path) else { continue }
            let name = repeatPaths.first { path == $0 || path.hasPrefix($0 + ".") } ?? path
            guard seen.insert(name).inserted, let parsed = try? ValuePath(parsing: name) else { continue }
            columns.append(Column(name: name, path: parsed))
        }
        self.columns = columns
    }
}
