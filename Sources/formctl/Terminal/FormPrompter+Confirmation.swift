import FormCore

/// A confirmation (`{"rule": "matches", "field": ...}`, a password typed twice) is checked as
/// soon as both of its fields have a value, not at submit. On a mismatch the pair is asked
/// again as `passwd` does: the original and then the confirmation when the confirmation was
/// just typed (a typo in a hidden original could otherwise never be matched), the
/// confirmation alone when the original was just changed (an edit from the summary).
extension FormPrompter {
    func confirmMatches(_ field: FieldInfo) throws {
        guard let path = field.path else { return }
        while let mismatch = mismatch(of: path) {
            say(style.red("  " + mismatch.message))
            let fields = session.fields
            let order = { (path: String?) in fields.firstIndex { $0.path == path } ?? 0 }
            let typed = fields.first { $0.path == path } ?? field
            if !mismatch.partner.isAskable {
                // The other one is not asked (computed, disabled): this one must come to match it.
                try promptUntilOwnRulesPass(typed)
            } else if order(mismatch.partner.path) < order(path) {
                try promptUntilOwnRulesPass(mismatch.partner)
                try promptUntilOwnRulesPass(session.fields.first { $0.path == path } ?? typed)
            } else {
                try promptUntilOwnRulesPass(mismatch.partner)
            }
        }
    }

    /// A field of a `matches` pair with `path` whose value differs from this one's, both set,
    /// with the rule's message (on the field that carries the rule, by that field's title when
    /// it is the other one).
    func mismatch(of path: String) -> (partner: FieldInfo, message: String)? {
        let fields = session.fields
        guard let field = fields.first(where: { $0.path == path }), let value = field.value, !Self.isEmpty(value) else { return nil }
        let errors = session.validate().filter { $0.rule == "matches" }
        for partner in confirmationPartners(of: field, in: fields) {
            guard let other = partner.value, !Self.isEmpty(other), other != value else { continue }
            if let own = errors.first(where: { $0.path == path }) { return (partner, own.message) }
            if let theirs = errors.first(where: { $0.path == partner.path }) {
                return (partner, "\(itemTitle(partner, in: fields)): \(theirs.message)")
            }
        }
        return nil
    }

    /// The visible fields `field` must equal, and those that must equal it.
    func confirmationPartners(of field: FieldInfo, in fields: [FieldInfo]) -> [FieldInfo] {
        let named = field.element.matchedFields.compactMap { resolve($0, from: field, in: fields) }
        let naming = fields.filter { other in
            other.path != field.path && other.element.matchedFields.contains { resolve($0, from: other, in: fields)?.path == field.path }
        }
        return (named + naming).filter { !$0.isHidden && !$0.isTemplate }
    }

    /// The field a `matches` rule of `field` names, as validation finds it: a key of the same
    /// repeat item first, then a key path from the top.
    func resolve(_ name: String, from field: FieldInfo, in fields: [FieldInfo]) -> FieldInfo? {
        if let path = field.path, let key = field.key, field.itemIndex != nil, path.hasSuffix("." + key) {
            let sibling = String(path.dropLast(key.count)) + name
            if let found = fields.first(where: { $0.path == sibling }) { return found }
        }
        return fields.first { $0.path == name }
    }
}
