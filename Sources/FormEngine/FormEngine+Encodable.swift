import FormCore

extension FormEngine {
    /// Submits a service's own value as the answers, encoded by `FormValueEncoder` (members in
    /// declaration order, a `Date` as ISO 8601 text, which a date field reads, nil as no
    /// answer): the same pipeline, errors and stored row as `submit(_:to:)` with that object.
    /// A value that cannot be encoded (a non-finite number) is `invalid`, naming its path.
    ///
    /// ```swift
    /// struct Signup: Encodable { var name: String; var email: String; var plan: String }
    /// let stored = try await engine.submit(form, answers: Signup(name: "Ann", email: "ann@example.com", plan: "pro"))
    /// ```
    @discardableResult
    public func submit(_ form: LoadedForm, answers: some Encodable, status: Submission.Status = .final)
        async throws(FormEngineError) -> Submission
    {
        try await submit(SubmissionRequest(answers: try Self.encodedAnswers(answers), status: status), to: form)
    }

    /// A live session prefilled from a service's own value, encoded as `submit(_:answers:)`
    /// encodes it: what could not be used comes back in `errors`, for a person to correct.
    public func makeSession(for form: LoadedForm, answers: some Encodable) async throws(FormEngineError) -> PrefilledSession {
        try await makeSession(for: form, prefilling: SubmissionRequest(answers: try Self.encodedAnswers(answers), status: .draft))
    }

    static func encodedAnswers(_ answers: some Encodable) throws(FormEngineError) -> FormValue {
        do {
            return try FormValueEncoder().encode(answers)
        } catch let EncodingError.invalidValue(_, context) {
            let path = context.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: ".")
            throw .invalid([FieldError(path: path, rule: "answers", message: LibraryMessages.text(.cannotBeEncoded, ["reason": .text(context.debugDescription)]))])
        } catch {
            throw .invalid([FieldError(path: "", rule: "answers", message: LibraryMessages.text(.cannotBeEncoded, ["reason": .text("\(error)")]))])
        }
    }
}
