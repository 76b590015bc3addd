import FormEngine

/// What `formctl edit` prints once the edit is stored: the new revision, then each field that
/// changed, old value and new, as `show --history` prints them; on standard error, why a value
/// the version moved to could not take was dropped.
struct EditReport {
    let id: Int64
    /// The submission as it was before the edit (the revision the edit replaced).
    let before: StoredSubmission
    /// What the edit stored.
    let after: Submission

    func print() throws {
        let old: FormValue
        do { old = try FormValue(json: before.valuesJSON) } catch {
            throw CommandFailure("formctl: submission \(id) held values that are not JSON before the edit: \(error)", exitCode: .storage)
        }
        let changes = FieldDifference.between(old, after.values)
        let moved = after.version != before.version ? ", moved from form version \(before.version) to \(after.version)" : ""
        if after.revision == before.revision {
            Terminal.printOut("submission \(id) is unchanged (still revision \(before.revision)): the edit gives the values it has")
            return
        }
        Terminal.printOut("edited submission \(id): revision \(after.revision)\(moved)")
        for change in changes { Terminal.printOut(ChangeText.line(change)) }
        // Values the version moved to could not take: why each was dropped (the revision
        // before keeps them, in the history).
        for notice in after.notices { Terminal.printError("warning: submission \(id): \(notice.description)") }
    }
}

/// A field's change as `edit` and `show --history` print it, values as compact JSON:
/// `  email: "ann@exmaple.com" -> "ann@example.com"`; a field that had no value, or has none
/// now, shows `(none)`.
enum ChangeText {
    static func line(_ change: FieldDifference) -> String {
        "  \(change.path): \(text(change.old)) -> \(text(change.new))"
    }

    static func text(_ value: FormValue?) -> String { value.map { $0.jsonString() } ?? "(none)" }
}
