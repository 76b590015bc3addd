/// What `check --data` says about the data itself when the form declares its data: each value
/// of the wrong class is an error (a fill, an import or serve would refuse the same data), and
/// each top-level name the form does not declare a warning (allowed, but often a typo or data
/// meant for another form; a form that declares nothing has none). Both are issues of the data
/// file, at the data's own paths.
extension DefinitionCheck {
    func dataIssues(of conformance: DataConformance) -> [DefinitionIssue] {
        let undeclared = conformance.undeclared.map { name in
            DefinitionIssue(.warning, .undeclaredData, path: name,
                            message: "the form does not declare '\(name.excerpt())' in its data; it is bound as it is")
        }
        let issues = DataMismatch.error(conformance.mismatches).issues + undeclared
        guard let dataFile else { return issues }
        return issues.map { $0.placed(inDataFile: dataFile) }
    }
}
