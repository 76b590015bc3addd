import FormEngine

extension ShowCommand {
    /// `show ID --history`: the history as text (a timeline, oldest first) or as JSON.
    func showHistory(in engine: FormEngine) async throws {
        let found: SubmissionHistory?
        do { found = try await engine.history(id: id) } catch {
            throw CommandFailure("formctl: cannot read the history of submission \(id) from \(engine.database): \(error)", exitCode: .storage)
        }
        guard let found else {
            throw CommandFailure("formctl: no submission with id \(id) in \(engine.database)", exitCode: .invalid)
        }
        let shown: String
        do { shown = try json ? found.jsonValue().jsonString(pretty: true) : HistoryText(found).text } catch {
            throw CommandFailure("formctl: cannot show the history of submission \(id) from \(engine.database): \(error)", exitCode: .storage)
        }
        Terminal.printOut(shown)
    }
}
