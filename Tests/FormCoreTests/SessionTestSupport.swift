@testable import FormCore

/// Builds a session from definition JSON written inline in a test.
func makeSession(
    _ json: String, data: FormValue = .emptyObject, functions: ExpressionFunctions = ExpressionFunctions(),
    validators: ValidatorRegistry = ValidatorRegistry()
) throws -> FormSession {
    let definition = try FormDefinition(json: json)
    return try FormSession(definition: definition, data: data, functions: functions, validators: validators)
}

/// Collects the changes observers are told about, safely across threads.
final class ChangeLog: Sendable {
    private let storage = Mutex<[FormChange]>([])
    func append(_ change: FormChange) { storage.withLock { $0.append(change) } }
    var changes: [FormChange] { storage.withLock { $0 } }
}

import Synchronization
