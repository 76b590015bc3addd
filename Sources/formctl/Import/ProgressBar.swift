import Dispatch
import Glibc
import Synchronization

/// A one-line progress bar on standard error, drawn only when it is a terminal (a log file must
/// not fill with carriage returns), ten times a second by a timer, since validation runs a chunk
/// of lines at a time on every core and the importing task waits for the chunk:
/// `[#########.....]  31%  1,560 of 5,005 lines  290 lines/s  ETA 0:12`. Without a total (a
/// pipe) it shows the lines done and the rate.
final class ProgressBar: Sendable {
    let isEnabled: Bool
    private let totalLines: Int?
    private let start: Int64
    /// Lines done so far, read on the timer's thread.
    private let linesDone: @Sendable () -> Int
    /// Whether the bar is on screen, and whether it was stopped; held while drawing and while
    /// a message is written, so that the two never interleave.
    private let state = Mutex<(visible: Bool, stopped: Bool)>((false, false))

    /// `totalLines`: the lines of the input, nil when unknown (a pipe).
    init(totalLines: Int?, enabled: Bool, linesDone: @escaping @Sendable () -> Int) {
        self.totalLines = totalLines
        self.isEnabled = enabled
        self.linesDone = linesDone
        start = Self.milliseconds()
    }

    /// Draws the bar with the lines done now (the timer calls it).
    func draw() {
        guard isEnabled else { return }
        let lines = linesDone()
        let text = "\r" + Self.text(lines: lines, of: totalLines, milliseconds: Self.milliseconds() - start) + "\u{1B}[K"
        state.withLock { state in
            guard !state.stopped else { return }
            Terminal.write(text, to: STDERR_FILENO)
            state.visible = true
        }
    }

    /// Runs `body` (which writes messages) with the bar off the screen; the timer draws it
    /// again afterwards.
    func withoutBar<T>(_ body: () throws -> T) rethrows -> T {
        try state.withLock { state in
            if state.visible {
                Terminal.write("\r\u{1B}[K", to: STDERR_FILENO)
                state.visible = false
            }
            return try body()
        }
    }

    /// Clears the bar for good, before the summary.
    func stop() {
        state.withLock { state in
            state.stopped = true
            if state.visible { Terminal.write("\r\u{1B}[K", to: STDERR_FILENO) }
            state.visible = false
        }
    }

    /// The bar's text after `milliseconds` of work.
    static func text(lines: Int, of total: Int?, milliseconds: Int64) -> String {
        var text = ""
        let rate = milliseconds > 0 ? Double(lines) * 1000 / Double(milliseconds) : nil
        if let total, total > 0 {
            let fraction = min(1, Double(lines) / Double(total))
            let width = 30
            let filled = Int(fraction * Double(width))
            text += "[" + String(repeating: "#", count: filled) + String(repeating: ".", count: width - filled) + "] "
            text += "\(Int(fraction * 100))%  \(grouped(lines)) of \(grouped(total)) lines"
            if let rate, rate > 0 {
                text += "  \(grouped(Int(rate.rounded()))) lines/s  ETA \(duration(Double(max(0, total - lines)) / rate))"
            }
        } else {
            text += "\(grouped(lines)) lines"
            if let rate { text += "  \(grouped(Int(rate.rounded()))) lines/s" }
        }
        return text
    }

    /// 1234567 as `1,234,567`.
    static func grouped(_ number: Int) -> String {
        let digits = Array(String(number.magnitude))
        var text = number < 0 ? "-" : ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { text.append(",") }
            text.append(digit)
        }
        return text
    }

    /// Seconds as `m:ss`, or `h:mm:ss` from an hour on.
    static func duration(_ seconds: Double) -> String {
        let total = seconds.isFinite ? Int(min(seconds, 359_999).rounded(.up)) : 0
        let (hours, minutes, secs) = (total / 3600, total / 60 % 60, total % 60)
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return hours > 0 ? "\(hours):\(two(minutes)):\(two(secs))" : "\(minutes):\(two(secs))"
    }

    private static func milliseconds() -> Int64 {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return Int64(spec.tv_sec) * 1000 + Int64(spec.tv_nsec) / 1_000_000
    }
}
