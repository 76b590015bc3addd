/// Key paths as a person types and reads them (`--set`, the terminal, a command's messages)
/// number a repeat's items from 1, as the screen's `#1` does: `guests.1.email` is the first
/// guest. Values, answers files, JSON and the HTTP API number them from 0, as JSON arrays do.
/// These convert between the two, knowing which components are a repeat's item numbers from
/// the repeats' paths.
package struct ItemNumbering: Sendable {
    /// Each repeat's path with its item numbers as `#` (`talks.#.speakers`): a repeat inside
    /// an item is found in every item, including one an override is about to add.
    private let shapes: Set<String>

    package init(repeatPaths: [String]) {
        shapes = Set(repeatPaths.map { Self.shape($0.split(separator: ".", omittingEmptySubsequences: false)) })
    }

    private static func shape(_ components: some Sequence<Substring>) -> String {
        components.map { $0.isEmpty || !$0.allSatisfy(\.isASCIIDigit) ? String($0) : "#" }.joined(separator: ".")
    }

    /// The values' path (items from 0) for a path typed with items from 1; an item number
    /// below 1 is refused with the path up to it (`guests.0: items are numbered from 1
    /// (guests.1 is the first)`).
    package func fromOne(_ typed: String) -> Result<String, FieldError> {
        var typedSoFar: [Substring] = []
        var converted: [Substring] = []
        for component in typed.split(separator: ".", omittingEmptySubsequences: false) {
            typedSoFar.append(component)
            guard shapes.contains(Self.shape(converted)), let number = Int(component) else {
                converted.append(component)
                continue
            }
            guard number >= 1 else {
                let repeatPath = typedSoFar.dropLast().joined(separator: ".")
                return .failure(FieldError(path: typedSoFar.joined(separator: "."), rule: "items",
                                           message: LibraryMessages.text(.itemsFromOne, ["first": .text(repeatPath + ".1")])))
            }
            converted.append(Substring(String(number - 1)))
        }
        return .success(converted.joined(separator: "."))
    }

    /// A values' path (items from 0) as a person reads it, items from 1.
    package func toOne(_ path: String) -> String {
        var converted: [Substring] = []
        var original: [Substring] = []
        for component in path.split(separator: ".", omittingEmptySubsequences: false) {
            if shapes.contains(Self.shape(original)), let index = Int(component), index >= 0 {
                converted.append(Substring(String(index + 1)))
            } else {
                converted.append(component)
            }
            original.append(component)
        }
        return converted.joined(separator: ".")
    }
}

extension CompiledForm {
    /// How this form's key paths number repeat items for people.
    package var itemNumbering: ItemNumbering { ItemNumbering(repeatPaths: base.repeats.map(\.path)) }
}

extension FormSession {
    /// How this session's key paths number repeat items for people, its items' repeats included.
    package var itemNumbering: ItemNumbering { ItemNumbering(repeatPaths: repeats.map(\.path)) }
}
