extension LibraryMessages {
    /// The library's messages in English: the reference every translation is checked against.
    static let english: [LibraryMessage: String] = [
        // SHAPE: every key.
        .required: "is required",
        .minLength: "must be at least {minimum, plural, one {# character} other {# characters}} (has {count})",
    ]
}
