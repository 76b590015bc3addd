import FormCore

extension SubmissionRequest {
    /// The time left before the deadline (zero once it passed), as a fill's time limit.
    var timeLeft: Duration? {
        deadline.map { max(.zero, $0 - ContinuousClock.now) }
    }
}

extension FormEngine {
    /// Stops a request whose fill ran out of time, or whose task was cancelled meanwhile.
    func stopIfOutOfTime(_ request: SubmissionRequest, filled: FilledForm) throws(FormEngineError) {
        let stoppedByTime = request.deadline != nil && filled.errors.contains { $0.rule == "timeLimit" && $0.path.isEmpty }
        if stoppedByTime || Task.isCancelled { throw .interrupted(step: "filling the form") }
    }
}
