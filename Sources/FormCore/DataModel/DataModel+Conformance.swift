/// Bound data checked against the declarations.
extension DataModel {
    /// `data` checked against the declarations, with the defaults of the names it lacks: a
    /// declared name missing takes its default (null when it has none), one present is checked
    /// against its class (arrays' items, dictionaries' values and key texts, sets' uniqueness,
    /// the members `classes` describes: a member missing is a mismatch unless optional; members
    /// a class does not describe pass); undeclared top-level names pass and are listed. Data
    /// that is no object has no names: it is refused when the form declares any.
    package func conform(_ data: FormValue) -> DataConformance {
        guard !isEmpty else { return DataConformance(data: data, mismatches: [], undeclared: []) }
        guard case .object(let given) = data else {
            let expected = DataClass.dictionary(key: .string, value: .any)
            return DataConformance(data: data, mismatches: [DataMismatch(path: "", expected: expected, found: data)], undeclared: [])
        }
        var members = given
        var check = DataClassCheck(classes: classes)
        for declaration in declarations {
            if let value = given[declaration.name] {
                check.check(value, declaration.dataClass, path: declaration.name)
            } else {
                members[declaration.name] = declaration.defaultValue ?? .null
            }
        }
        let declared = Set(declarations.map(\.name))
        return DataConformance(
            data: .object(members), mismatches: check.mismatches, undeclared: given.keys.filter { !declared.contains($0) })
    }

    /// The mismatches of `value` against `dataClass` with this model's classes, paths from
    /// `path` (empty for the value itself).
    package func mismatches(of value: FormValue, against dataClass: DataClass, at path: String = "") -> [DataMismatch] {
        var check = DataClassCheck(classes: classes)
        check.check(value, dataClass, path: path)
        return check.mismatches
    }
}
