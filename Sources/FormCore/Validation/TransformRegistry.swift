/// Named transforms applied to input before validation (`"transform": ["trim", "lowercase"]`).
public struct TransformRegistry: Sendable {
    public typealias Transform = @Sendable (FormValue) -> FormValue

    private var transforms: [String: Transform]

    /// The built-in transforms: trim, lowercase, uppercase, collapseWhitespace, digitsOnly.
    public init() {
        transforms = [
            "trim": Self.mapString { $0.trimmingSpaces },
            "lowercase": Self.mapString { $0.lowercased() },
            "uppercase": Self.mapString { $0.uppercased() },
            "collapseWhitespace": Self.mapString { text in
                text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
            },
            "digitsOnly": Self.mapString { String($0.filter(\.isNumber)) },
        ]
    }

    public mutating func register(_ name: String, _ transform: @escaping Transform) {
        transforms[name] = transform
    }

    public func transform(named name: String) -> Transform? { transforms[name] }

    public var names: [String] { transforms.keys.sorted() }

    /// Applies the named transforms in order; unknown names are reported by the lint, not here.
    public func apply(_ names: [String], to value: FormValue) -> FormValue {
        names.reduce(value) { current, name in transforms[name].map { $0(current) } ?? current }
    }

    static func mapString(_ body: @escaping @Sendable (String) -> String) -> Transform {
        { value in
            if case .string(let text) = value { return .string(body(text)) }
            return value
        }
    }
}
