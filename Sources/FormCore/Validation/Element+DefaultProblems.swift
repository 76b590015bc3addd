/// A value an element starts with that the element itself would refuse: it would fail every fill
/// that leaves it alone, so a lint reports it before anyone fills the form.
package struct DefaultProblem: Sendable, Hashable, CustomStringConvertible {
    /// The property as written in the definition (`dateValue`, `selected`, `selectedValue`...),
    /// to append to the element's JSON path.
    package var property: String
    /// What is wrong, with what the element takes instead.
    package var message: String

    package init(property: String, message: String) {
        self.property = property
        self.message = message
    }

    package var description: String { "\(property): \(message)" }
}

extension Element {
    /// The problems of the value this element starts with, as the definition writes it (before any
    /// data is bound): a radio's `selected` outside its items, a `selectedValue` or `selectedItem`
    /// that is none of them, a date that is no ISO 8601 date its `mode` can show (a full
    /// date-time is fine for a `Time` element: it shows its time), a number that is no number.
    ///
    /// Values whose JSON type is wrong are the decoder's to report and expressions the session's
    /// to evaluate; neither is repeated here. Empty for an element with nothing to say.
    package func defaultProblems() -> [DefaultProblem] {
        var problems: [DefaultProblem] = []
        var settled = self
        settled.applyWrittenDerivedProperties()
        if kind.isA(.radio) {
            problems += radioProblems(settled)
        } else if kind.holdsFiles, let property = kind.valueProperty, let raw = properties[property], !raw.isNull, Self.isLiteral(raw) {
            // A reference names stored bytes; a definition has none to give, and a fill refuses
            // a reference it did not receive.
            problems.append(DefaultProblem(property: property,
                                           message: "a file field starts with no file: a definition cannot give one (a person attaches it when filling)"))
        } else if let property = kind.valueProperty, let raw = properties[property], !raw.isNull, Self.isLiteral(raw),
            kind.properties[property]?.accepts(raw) != false
        {
            let type = FieldValueType(self)
            // A date the definition writes is read as the definition's (see `ISODate.normalized`).
            if type == .date, case .string(let text) = raw,
                ISODate.normalized(text, mode: properties["mode"]?.stringValue, writtenInDefinition: true) != nil
            {
                return problems
            }
            if case .failure(let error) = type.accept(raw, for: self), type != .other {
                problems.append(DefaultProblem(property: property, message: "\(raw) \(error.message)"))
            }
        }
        return problems
    }

    func radioProblems(_ settled: Element) -> [DefaultProblem] {
        var problems: [DefaultProblem] = []
        for (name, list, what) in [("selectedValue", values, "values"), ("selectedItem", properties["items"]?.arrayValue, "items")] {
            guard let wanted = properties[name], Self.isLiteral(wanted), !wanted.isNull else { continue }
            // A number given as selectedValue is an index, checked as `selected` below.
            if name == "selectedValue", wanted.isNumber || wanted.boolValue != nil { continue }
            if !(list ?? []).contains(wanted) {
                problems.append(DefaultProblem(property: name, message: "\(wanted) is none of the \(what), so nothing is selected"))
            }
        }
        let choices = (values ?? properties["items"]?.arrayValue ?? []).count
        let written = properties["selected"].flatMap { Self.isLiteral($0) ? $0.intValue : nil }
        let derivedIndex = written == nil ? settled.properties["selected"]?.intValue : nil
        if let index = written ?? derivedIndex, index != -1, !(0..<choices).contains(index) {
            let range = choices == 0 ? "there are no \(values == nil ? "items" : "values")" : "0 to \(choices - 1), or -1 for none"
            problems.append(DefaultProblem(property: written != nil ? "selected" : "selectedValue",
                                           message: "\(index) is outside the choices (\(range))"))
        }
        return problems
    }

    static func isLiteral(_ value: FormValue) -> Bool {
        guard case .string(let text) = value else { return true }
        return !PropertyExpression.containsExpression(text)
    }
}
