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
        let history: HistoryText
        do { history = try HistoryText(found) } catch {
            throw CommandFailure("formctl: cannot show the history of submission \(id) from \(engine.database): \(error)", exitCode: .storage)
        }
        Terminal.printOut(json ? history.json.jsonString(pretty: true) : history.text)
    }
}
