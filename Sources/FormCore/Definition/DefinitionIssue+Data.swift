/// Issues about bound data rather than the definition (a value of the wrong class, a name the
/// form does not declare): their paths are the data's, so they are said of the file the data
/// was read from, by `check`, every command that takes `--data` and `serve`.
extension DefinitionIssue {
    /// Whether the issue is about the bound data rather than the definition.
    package var isAboutData: Bool { code == .dataMismatch || code == .undeclaredData }

    /// The issue said of the data file `file`: without a line, column or include chain of the
    /// definition's, which its path is not in.
    package func placed(inDataFile file: String) -> DefinitionIssue {
        var placed = self
        placed.file = file
        placed.location = nil
        placed.includeChain = []
        return placed
    }
}
