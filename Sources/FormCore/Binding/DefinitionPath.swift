/// Where the binder is in the definition (`sections[0].elements[2]`), kept as steps and spelled
/// out only when a miss is reported: a form with 100,000 items would otherwise build 100,000
/// strings nobody reads.
///
/// It is plain data on purpose. It used to be a `() -> String` closure that each recursive call
/// wrapped in a new closure; the optimizer specialised `bindRoot`, `bindSection` and
/// `bindElement` for every nesting of those closures, nearly 8,000 copies that made up 93% of
/// FormCore's machine code and most of a 12-minute release build.
struct DefinitionPath: Sendable {
    /// The path a step is taken from, boxed so a path stays a few words and siblings share it.
    final class Parent: Sendable {
        let path: DefinitionPath
        init(_ path: DefinitionPath) { self.path = path }
    }

    private let parent: Parent?
    /// The key of the last step, empty for the root.
    private let key: String
    /// For an array member: its index under `key`.
    private let index: Int?

    private init(parent: Parent?, key: String, index: Int?) {
        self.parent = parent
        self.key = key
        self.index = index
    }

    /// The definition's root object.
    static var root: DefinitionPath { DefinitionPath(parent: nil, key: "", index: nil) }

    /// This path as a parent for any number of steps (`elements[0]`, `elements[1]`, ...).
    var asParent: Parent { Parent(self) }

    /// A step from `parent`: `key`, or `key[index]`.
    init(_ parent: Parent, _ key: String, index: Int? = nil) {
        self.init(parent: parent, key: key, index: index)
    }

    /// A single step from this path.
    func appending(_ key: String, index: Int? = nil) -> DefinitionPath {
        DefinitionPath(asParent, key, index: index)
    }

    /// The JSON path as messages write it: `sections[0].elements[2].bind`.
    func text(appending last: String? = nil) -> String {
        var steps: [String] = []
        if let last { steps.append(last) }
        var current: DefinitionPath? = self
        while let path = current {
            if !path.key.isEmpty { steps.append(path.index.map { "\(path.key)[\($0)]" } ?? path.key) }
            current = path.parent?.path
        }
        return steps.reversed().joined(separator: ".")
    }
}
