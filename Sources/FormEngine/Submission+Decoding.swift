import FormCore

extension Submission {
    /// The stored values as a service's own type, read by `FormValueDecoder` (no JSON round
    /// trip): a repeat as an array, a date field as `Date`, a hidden or unanswered field (and a
    /// repeat with no items) as nil of an `Optional`. Throws `DecodingError` with the path of
    /// what does not fit.
    ///
    /// ```swift
    /// struct Signup: Decodable { var name: String; var guests: [Guest]; var arrival: Date? }
    /// let signup = try submission.decode(Signup.self)
    /// ```
    public func decode<T: Decodable>(_ type: T.Type = T.self, using decoder: FormValueDecoder = FormValueDecoder()) throws -> T {
        try decoder.decode(type, from: values)
    }
}

extension FormSession {
    /// The session's visible values as a service's own type (secure fields included, as
    /// validation and action handlers see them; hidden fields left out): what an action handler
    /// reads. Throws `DecodingError` with the path of what does not fit.
    public func decodeValues<T: Decodable>(_ type: T.Type = T.self, using decoder: FormValueDecoder = FormValueDecoder()) throws -> T {
        try decoder.decode(type, from: visibleValues)
    }
}
