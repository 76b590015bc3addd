extension ExpressionEvaluator {
    /// `.name` on a computed value: an object's member, an array's element for a numeric name,
    /// nil otherwise (a missing value, as with key paths).
    static func member(_ name: String, of value: FormValue) -> FormValue {
        switch value {
        case .object(let members): return members[name] ?? .null
        case .array(let items):
            guard let i = Int(name), items.indices.contains(i) else { return .null }
            return items[i]
        default: return .null
        }
    }

    /// `base[index]`: arrays by integer (out of range is nil, as a missing key is), objects by
    /// string, nil on nil; any other pairing is a type error.
    static func element(of base: FormValue, at index: FormValue, column: Int) throws(ExpressionError) -> FormValue {
        switch (base, index) {
        case (.null, _):
            return .null
        case (.array(let items), _):
            guard let i = index.intValue, index.isNumber else {
                throw .evaluation("an array index must be an integer, found \(index.typeName)", at: column)
            }
            return items.indices.contains(i) ? items[i] : .null
        case (.object(let members), .string(let key)):
            return members[key] ?? .null
        default:
            throw .evaluation("cannot index \(base.typeName) with \(index.typeName)", at: column)
        }
    }

    /// `count`: characters of a string, elements of an array, members of an object; 0 for nil,
    /// so that `name.count > 0` works on an empty field.
    static func count(of value: FormValue, column: Int) throws(ExpressionError) -> FormValue {
        switch value {
        case .null: return .int(0)
        case .string(let s): return .int(s.count)
        case .array(let a): return .int(a.count)
        case .object(let o): return .int(o.count)
        default: throw .evaluation("count needs a string, an array or an object, found \(value.typeName)", at: column)
        }
    }
}
