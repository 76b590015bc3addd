import Glibc

/// Writing to the standard streams without buffering surprises, and the terminal facts
/// (colour, TTYs) every command asks about.
enum Terminal {
    /// A line of output or of a message: text from definitions, files and the database, whose
    /// control characters are escaped when it goes to a terminal.
    static func printOut(_ text: String) { writeText(text + "\n", to: STDOUT_FILENO) }
    static func printError(_ text: String) { writeText(text + "\n", to: STDERR_FILENO) }

    /// `printError` for a stream of lines (serve's access log, a line per request): whether
    /// standard error is a terminal is asked once, where `printError` asks the kernel per line.
    static func errorLines() -> @Sendable (String) -> Void {
        let escapes = isTTY(STDERR_FILENO)
        return { text in write((escapes ? ControlCharacters.escaped(text) : text) + "\n", to: STDERR_FILENO) }
    }

    /// `text` with its control characters made visible if `descriptor` is a terminal;
    /// unchanged into a file or a pipe, where the bytes are the data.
    static func writeText(_ text: String, to descriptor: Int32) {
        write(isTTY(descriptor) ? ControlCharacters.escaped(text) : text, to: descriptor)
    }

    static func write(_ text: String, to descriptor: Int32) {
        var bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { buffer -> Int in
                guard let base = buffer.baseAddress else { return 0 }
                return Glibc.write(descriptor, base + offset, buffer.count - offset)
            }
            if written < 0 {
                if errno == EINTR { continue }
                return
            }
            offset += written
        }
        bytes.removeAll()
    }

    static func exit(_ code: FormctlExitCode) -> Never { Glibc.exit(code.rawValue) }

    static func isTTY(_ descriptor: Int32) -> Bool { isatty(descriptor) == 1 }

    static func environment(_ name: String) -> String? { getenv(name).map { String(cString: $0) } }

    /// Colour only on a terminal, and never when NO_COLOR is set or TERM is dumb.
    static func colorEnabled(for descriptor: Int32) -> Bool {
        guard isTTY(descriptor) else { return false }
        if let noColor = environment("NO_COLOR"), !noColor.isEmpty { return false }
        if environment("TERM") == "dumb" { return false }
        return true
    }
}
