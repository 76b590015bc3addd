import OrderedCollections

/// The data a form declares it binds to: its root `data` (names with classes and defaults, as
/// SwiftJsonUI writes them) and its root `classes` (each custom class's members by name).
///
/// ```json
/// "data": [
///   {"name": "userName", "class": "String", "defaultValue": "\"Guest\""},
///   {"name": "itemCount", "class": "Int", "defaultValue": "0"},
///   {"name": "user", "class": "User?"}
/// ],
/// "classes": {"User": {"name": "String", "age": "Int?"}}
/// ```
///
/// Bound data, wherever it comes from, is checked against it (`conform(_:)`): a missing name
/// takes its default, a value of the wrong class is refused with its path, undeclared names
/// pass. A form that declares everything it reads needs no data file.
public struct DataModel: Sendable, Hashable {
    /// The declared names in the order written (an included file's after the form's own).
    public var declarations: [DataDeclaration]
    /// Custom classes by name: each member's class by member name, in the order written.
    public var classes: OrderedDictionary<String, OrderedDictionary<String, DataClass>>

    /// A model; `declarations` and `classes` already read.
    public init(
        declarations: [DataDeclaration] = [], classes: OrderedDictionary<String, OrderedDictionary<String, DataClass>> = [:]
    ) {
        self.declarations = declarations
        self.classes = classes
    }

    /// Whether the form declares no data (then bound data is taken as it is, unchecked).
    public var isEmpty: Bool { declarations.isEmpty }

    /// The declaration of `name`, if any.
    public func declaration(of name: String) -> DataDeclaration? { declarations.first { $0.name == name } }
}

/// Bound data checked against a form's declarations.
package struct DataConformance: Sendable, Hashable {
    /// The data with every missing declared name set to its default (null when it has none),
    /// in the data's own order, then the declarations'.
    package var data: FormValue
    /// Every value of the wrong class, in the order of the declarations.
    package var mismatches: [DataMismatch]
    /// Top-level names of the data that the form does not declare (allowed; `check --data`
    /// warns about them when the form declares data).
    package var undeclared: [String]

    /// A result of `DataModel.conform(_:)`.
    package init(data: FormValue, mismatches: [DataMismatch], undeclared: [String]) {
        self.data = data
        self.mismatches = mismatches
        self.undeclared = undeclared
    }
}
