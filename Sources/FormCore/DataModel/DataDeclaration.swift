/// One name a form declares in its root `data`, as SwiftJsonUI writes it:
/// `{"name": "userName", "class": "String", "defaultValue": "\"Guest\""}`.
public struct DataDeclaration: Sendable, Hashable {
    /// The name expressions and binds read (`userName`).
    public var name: String
    /// What the name holds.
    public var dataClass: DataClass
    /// `defaultValue` read as a Swift literal: what the name is bound to when the data lacks
    /// it. Nil when the declaration has none (then a missing name is null).
    public var defaultValue: FormValue?
    /// Where the declaration stands in the definition (`data[2]`), for messages.
    public var path: String

    /// A declaration; `defaultValue` is the literal already read.
    public init(name: String, dataClass: DataClass, defaultValue: FormValue? = nil, path: String) {
        self.name = name
        self.dataClass = dataClass
        self.defaultValue = defaultValue
        self.path = path
    }
}
