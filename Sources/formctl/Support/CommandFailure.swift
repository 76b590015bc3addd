/// formctl's exit codes.
enum FormctlExitCode: Int32 {
    case done = 0
    /// The definition or the values are invalid.
    case invalid = 1
    case usage = 2
    /// The database or a file could not be read or written.
    case storage = 3
    case interrupted = 130
}

/// A failure already explained to the user: its message and the exit code it ends with.
struct CommandFailure: Error, Sendable {
    var message: String
    var exitCode: FormctlExitCode

    init(_ message: String, exitCode: FormctlExitCode) {
        self.message = message
        self.exitCode = exitCode
    }

    /// A failure whose details were already printed.
    static func silent(_ exitCode: FormctlExitCode) -> CommandFailure { CommandFailure("", exitCode: exitCode) }
}
