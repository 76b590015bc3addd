import ArgumentParser
import FormCore

/// The values a command takes from its arguments (`--set KEY=VALUE`, `--attach KEY=PATH`),
/// checked before anything is opened: each well formed, and no key set twice. A key set twice
/// would leave one of its values unused without a word (the last one set wins), and a script
/// that builds its arguments from two sources would store a value nobody chose.
enum ValueAssignments {
    /// Usage errors (exit 2) for a malformed assignment or a key given twice to `--set`.
    static func check(sets: [String], attachments: [String]) throws {
        var setKeys = Set<String>()
        for set in sets {
            guard let override = FieldOverride(assignment: set) else { throw ValidationError("--set takes KEY=VALUE, got '\(set)'") }
            // The key only: the values may be anything, and neither needs repeating to be found.
            guard setKeys.insert(override.key).inserted else {
                throw ValidationError("--set \(override.key) is given more than once: give each key one value")
            }
        }
        // `--attach` may name one key more than once: a field that takes several files.
        for attachment in attachments where FileAssignment(attachment) == nil {
            throw ValidationError("--attach takes KEY=PATH, got '\(attachment)'")
        }
    }
}
