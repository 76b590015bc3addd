import Glibc
import Synchronization

/// Set by the SIGINT handler; read by the line reader, whose `read` the signal interrupts.
private let interruptRequested = Atomic<Bool>(false)

/// The terminal settings at start, restored on every way out (normal, error, Ctrl-C).
nonisolated(unsafe) private var savedTerminal = termios()
nonisolated(unsafe) private var hasSavedTerminal = false

/// Line input from a terminal: echo can be turned off for secrets, and Ctrl-C is seen as an
/// interruption (not a crash) so that the prompter can save a draft and restore the terminal.
enum TerminalInput {
    struct Interrupted: Error {}
    struct EndOfInput: Error {}

    /// Installs the SIGINT handler and remembers the terminal settings to restore.
    static func prepare() {
        if tcgetattr(0, &savedTerminal) == 0 {
            hasSavedTerminal = true
            atexit { TerminalInput.restore() }
        }
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { _ in interruptRequested.store(true, ordering: .relaxed) }
        sigemptyset(&action.sa_mask)
        action.sa_flags = 0
        sigaction(SIGINT, &action, nil)
    }

    /// Puts the terminal back as it was: echo on, canonical input.
    static func restore() {
        if hasSavedTerminal { tcsetattr(0, TCSANOW, &savedTerminal) }
    }

    static var wasInterrupted: Bool { interruptRequested.load(ordering: .relaxed) }

    /// Reads one line (without its newline) as the terminal's own line discipline edits it: the
    /// plain mode for TERM=dumb, screen readers and `--accessible`. Throws `Interrupted` on
    /// Ctrl-C, `EndOfInput` on Ctrl-D at the start of a line.
    static func readLine(secret: Bool = false) throws -> String {
        if secret { setEcho(false) }
        defer {
            if secret {
                setEcho(true)
                Terminal.write("\n", to: 2)  // the newline the person typed was not echoed
            }
        }
        var bytes: [UInt8] = []
        while true {
            guard let byte = try readByte(waitingMilliseconds: nil) else {
                if bytes.isEmpty { throw EndOfInput() }
                break
            }
            if byte == 0x0A { break }
            bytes.append(byte)
        }
        if bytes.last == 0x0D { bytes.removeLast() }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// One byte from stdin; nil at end of input, or when `waitingMilliseconds` pass first.
    /// Throws `Interrupted` once Ctrl-C was pressed.
    static func readByte(waitingMilliseconds limit: Int?) throws -> UInt8? {
        var byte: UInt8 = 0
        let count = try withUnsafeMutableBytes(of: &byte) { try readBytes(into: $0, waitingMilliseconds: limit) }
        return count == 0 ? nil : byte
    }

    /// As many bytes as are waiting on stdin (at least one, at most `buffer.count`), so that a
    /// paste is taken in a few reads rather than one per byte; 0 at end of input, or when
    /// `waitingMilliseconds` pass first. Throws `Interrupted` once Ctrl-C was pressed.
    static func readBytes(into buffer: UnsafeMutableRawBufferPointer, waitingMilliseconds limit: Int?) throws -> Int {
        guard let base = buffer.baseAddress, buffer.count > 0 else { return 0 }
        var waited = 0
        while true {
            if wasInterrupted { throw Interrupted() }
            // The signal may be delivered to another thread than the one blocked in `read`, so
            // wait in short polls and look at the flag between them.
            let slice = limit.map { min(100, $0 - waited) } ?? 100
            var descriptor = pollfd(fd: 0, events: Int16(POLLIN), revents: 0)
            let ready = poll(&descriptor, 1, Int32(max(0, slice)))
            if ready == 0 || (ready < 0 && errno == EINTR) {
                waited += slice
                if let limit, waited >= limit { return 0 }
                continue
            }
            let count = Glibc.read(0, base, buffer.count)
            if count < 0 {
                if errno == EINTR { continue }
                return 0
            }
            return count
        }
    }

    /// Raw input for the line editor and the choice lists: every key as it is pressed, nothing
    /// echoed by the terminal. Ctrl-C still raises SIGINT (ISIG stays on), so an interruption is
    /// seen the same way in every mode. `restore()` undoes it.
    static func enterRawMode() {
        var settings = termios()
        guard tcgetattr(0, &settings) == 0 else { return }
        settings.c_lflag &= ~tcflag_t(ICANON | ECHO | IEXTEN)
        settings.c_iflag &= ~tcflag_t(IXON | ICRNL)
        withUnsafeMutableBytes(of: &settings.c_cc) { cc in
            cc[Int(VMIN)] = 1
            cc[Int(VTIME)] = 0
        }
        tcsetattr(0, TCSANOW, &settings)
    }

    /// The terminal's width in columns (80 when it does not say).
    static var columns: Int {
        var size = winsize()
        guard ioctl(2, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return 80 }
        return Int(size.ws_col)
    }

    static func setEcho(_ on: Bool) {
        var settings = termios()
        guard tcgetattr(0, &settings) == 0 else { return }
        if on {
            settings.c_lflag |= tcflag_t(ECHO)
        } else {
            settings.c_lflag &= ~tcflag_t(ECHO)
        }
        tcsetattr(0, TCSANOW, &settings)
    }
}

/// ANSI styling for prompts on stderr, only where colour is wanted.
struct Style {
    let enabled: Bool

    func bold(_ text: String) -> String { wrap(text, "1") }
    func dim(_ text: String) -> String { wrap(text, "2") }
    func red(_ text: String) -> String { wrap(text, "31") }
    func green(_ text: String) -> String { wrap(text, "32") }
    func cyan(_ text: String) -> String { wrap(text, "36") }

    private func wrap(_ text: String, _ code: String) -> String {
        enabled ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }
}
