/// What an import tells the person on standard error: refused lines as they come, and the
/// summary `imported 1998 of 2000 lines (2 refused)`.
final class ImportReport {
    let progress: ProgressBar
    /// Buffered, because a file of bad lines can produce a message per line.
    private let errors = OutputStream.standardError()
    /// Non-blank lines seen.
    var lines = 0
    private(set) var refused = 0

    init(progress: ProgressBar) { self.progress = progress }

    func refuse(line: Int, _ messages: [String]) throws {
        refused += 1
        if progress.isEnabled {
            progress.clear()
        }
        for message in messages { try errors.write("line \(line): \(message)\n") }
        // With a bar on screen the message must appear before it is drawn again.
        if progress.isEnabled { try errors.flush() }
    }

    func summary(stored: Int, note: String?) throws {
        progress.clear()
        var details: [String] = []
        if refused > 0 { details.append("\(refused) refused") }
        if let note { details.append(note) }
        let suffix = details.isEmpty ? "" : " (\(details.joined(separator: "; ")))"
        try errors.write("imported \(stored) of \(lines) line\(lines == 1 ? "" : "s")\(suffix)\n")
        try errors.flush()
    }
}
