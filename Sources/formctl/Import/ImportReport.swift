import Dispatch

/// What an import tells the person on standard error: the progress bar, refused lines as they
/// come, and the summary `imported 1998 of 2000 lines (2 refused)`.
final class ImportReport {
    /// Set by `start` once the importer (which counts the lines done) exists.
    private var progress: ProgressBar?
    /// Redraws the bar ten times a second while the import runs.
    private var timer: (any DispatchSourceTimer)?
    /// Buffered, because a file of bad lines can produce a message per line.
    private let errors = OutputStream.standardError()
    /// Non-blank lines seen.
    var lines = 0
    private(set) var refused = 0

    /// Shows `progress` until the summary, if it is enabled (standard error is a terminal).
    func start(_ progress: ProgressBar) {
        guard progress.isEnabled else { return }
        self.progress = progress
        let timer = DispatchSource.makeTimerSource(queue: .global())
        timer.schedule(deadline: .now(), repeating: .milliseconds(100))
        timer.setEventHandler { progress.draw() }
        timer.resume()
        self.timer = timer
    }

    deinit { timer?.cancel() }

    func refuse(line: Int, _ messages: [String]) throws {
        refused += 1
        guard let progress else {
            for message in messages { try errors.write("line \(line): \(message)\n") }
            return
        }
        // With a bar on screen the message must be written out before it is drawn again.
        try progress.withoutBar {
            for message in messages { try errors.write("line \(line): \(message)\n") }
            try errors.flush()
        }
    }

    func summary(stored: Int, note: String?) throws {
        timer?.cancel()
        progress?.stop()
        var details: [String] = []
        if refused > 0 { details.append("\(refused) refused") }
        if let note { details.append(note) }
        let suffix = details.isEmpty ? "" : " (\(details.joined(separator: "; ")))"
        try errors.write("imported \(stored) of \(lines) line\(lines == 1 ? "" : "s")\(suffix)\n")
        try errors.flush()
    }
}
