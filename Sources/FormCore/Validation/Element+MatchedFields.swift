extension Element {
    /// The key paths this element's `matches` rules name (`passwordConfirmation`), as written:
    /// a key of the same repeat item, else a key path from the top. A terminal checks the two
    /// fields as soon as both have a value, rather than at submit.
    package var matchedFields: [String] {
        FieldValidator.rules(of: self).compactMap { rule in
            if case .matches(let field) = rule.kind { return field }
            return nil
        }
    }
}
