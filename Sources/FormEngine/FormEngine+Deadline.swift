import FormCore

extension ContinuousClock.Instant {
    /// The time left before this deadline (zero once it passed), as a fill's time limit.
    var timeLeft: Duration { max(.zero, self - ContinuousClock.now) }
}

extension SubmissionRequest {
    /// The time left before the deadline, as a fill's time limit.
    var timeLeft: Duration? { deadline?.timeLeft }
}

extension FormEngine {
    /// Stops a request (with `deadline`, if it has one) whose fill ran out of time, or whose
    /// task was cancelled meanwhile: a submit, a prefill or an edit.
    func stopIfOutOfTime(deadline: ContinuousClock.Instant?, filled: FilledForm) throws(FormEngineError) {
        let stoppedByTime = deadline != nil && filled.errors.contains { $0.rule == "timeLimit" && $0.path.isEmpty }
        if stoppedByTime || Task.isCancelled { throw .interrupted(step: "filling the form") }
    }
}
