import ArgumentParser

/// `--action NAME=PROGRAM` routes and `--action-timeout`, for the commands that run actions.
struct ActionOptions: ParsableArguments {
    @Option(
        name: .customLong("action"),
        help: ArgumentHelp(
            "Route an action to a program: NAME=PROGRAM [ARGUMENTS], split into words with ' \" and \\ quoting but never run by a shell. It gets the values as JSON on stdin; a non-zero exit cancels, with its stderr as the message.",
            valueName: "NAME=PROGRAM"))
    var routes: [String] = []

    @Option(
        name: .customLong("action-timeout"),
        help: ArgumentHelp("Seconds an action's program may run before it and everything it started are killed (default 30).", valueName: "SECONDS"))
    var timeout: Double = 30

    func validate() throws {
        guard timeout.isFinite, timeout > 0, timeout <= 86_400 else {
            throw ValidationError("--action-timeout takes a number of seconds above 0 and at most 86400, not \(timeout)")
        }
        _ = try ActionRoutes.parse(routes)
    }

    var timeoutDuration: Duration { .milliseconds(Int64((timeout * 1000).rounded())) }
}
