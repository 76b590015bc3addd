import Glibc

/// A one-line progress bar on standard error, drawn only when it is a terminal (a log file must
/// not fill with carriage returns) and at most ten times a second (drawing costs more than a line).
final class ProgressBar {
    let isEnabled: Bool
    private let total: Int?
    private var lastDraw: Int64 = 0
    private(set) var isVisible = false

    /// `total` is the amount that means done (bytes of a file), nil when unknown (a pipe).
    init(total: Int?, enabled: Bool = Terminal.isTTY(STDERR_FILENO)) {
        self.total = total
        self.isEnabled = enabled
    }

    func update(done: Int, lines: Int) {
        guard isEnabled else { return }
        let now = Self.milliseconds()
        guard now - lastDraw >= 100 else { return }
        lastDraw = now
        var text = "\r"
        if let total, total > 0 {
            let fraction = min(1, Double(done) / Double(total))
            let width = 30
            let filled = Int(fraction * Double(width))
            text += "[" + String(repeating: "#", count: filled) + String(repeating: ".", count: width - filled) + "] "
            text += "\(Int(fraction * 100))%  "
        }
        text += "\(lines) lines\u{1B}[K"
        Terminal.write(text, to: STDERR_FILENO)
        isVisible = true
    }

    /// Clears the bar so that a message or the summary starts on a clean line.
    func clear() {
        guard isVisible else { return }
        Terminal.write("\r\u{1B}[K", to: STDERR_FILENO)
        isVisible = false
    }

    private static func milliseconds() -> Int64 {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return Int64(spec.tv_sec) * 1000 + Int64(spec.tv_nsec) / 1_000_000
    }
}
