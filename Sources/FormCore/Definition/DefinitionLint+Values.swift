import OrderedCollections

/// Checks of the values and limits an element or section writes, each read as validation reads
/// it. An error is what makes fills fail (a rule no value can pass, a default the element
/// refuses, a choice that cannot be stored) or a rule the author wrote that would never apply (a
/// date bound that is no date); a warning is what fills accept but is likely a mistake.
/// Expressions are left to evaluation: only literal values are judged here.
extension DefinitionLint {
    func lintValues(of element: Element, path: String, place: Place, issues: inout [DefinitionIssue]) {
        // Judged as binding builds it: a colour picker's selection is among its nine colours.
        var element = element
        element.applyClassDefaults()
        func report(_ severity: DefinitionIssue.Severity, _ property: String, _ message: String) {
            issues.append(place.issue(severity, .invalidValue, path: join(path, property), message: message))
        }
        if element.kind.isA(.radio) { checkChoiceLists(element.properties, report: report) }
        lintFiles(of: element, path: path, place: place, issues: &issues)
        // A default that `bind` replaces is never what a fill starts from (a path the data lacks
        // binds nil), so it cannot make a fill fail.
        let defaultIsReplaced = element.bindSetsValue
        for problem in defaultIsReplaced ? [] : element.defaultProblems() {
            // A radio whose selection is none of its choices starts with nothing selected, as in
            // QuickDialog; anything else is a default every fill that leaves it alone refuses.
            report(element.kind.isA(.radio) ? .warning : .error, problem.property, problem.message)
        }
        let properties = element.properties
        if FieldValueType(element) == .number {
            checkNumberLimits(element, checkingDefault: !defaultIsReplaced, report: report)
        }
        if element.kind.isA(.entry), let minimum = Self.literalInt(properties["minLength"]),
            let maximum = Self.literalInt(properties["maxLength"]), maximum > 0, minimum > maximum
        {
            report(.error, "maxLength", "maxLength \(maximum) is less than minLength \(minimum): no text can be valid")
        }
        if element.kind.isA(.dateTimeInline) || element.kind == .dateTime {
            checkDates(properties, mode: properties["mode"]?.stringValue, report: report)
        }
        if properties["shallowBind"]?.boolValue == true, element.hasNestedSections {
            report(.warning, "shallowBind", "formctl binds a nested page with its element's data whatever shallowBind says (as QuickDialog "
                + "does with false): the binds on this page are applied")
        }
    }

    func lintValues(of section: Section, path: String, place: Place, issues: inout [DefinitionIssue]) {
        func report(_ severity: DefinitionIssue.Severity, _ property: String, _ message: String) {
            issues.append(place.issue(severity, .invalidValue, path: join(path, property), message: message))
        }
        if section.kind.isA(.select) { checkChoiceLists(section.properties, report: report) }
        let minimum = Self.literalInt(section.properties["minimumItems"])
        let maximum = Self.literalInt(section.properties["maximumItems"])
        if let minimum, minimum < 0 {
            report(.warning, "minimumItems", "minimumItems \(minimum) is negative, which asks for no items (as 0 does)")
        }
        if let maximum, maximum < 0 {
            report(.error, "maximumItems", "maximumItems \(maximum) is negative: no item could ever be added")
        } else if let minimum, let maximum, minimum > maximum {
            report(.error, "maximumItems", "maximumItems \(maximum) is less than minimumItems \(minimum): no number of items can be valid")
        }
    }

    typealias Report = (DefinitionIssue.Severity, String, String) -> Void

    /// `values` gives what is stored for each of the `items`: a choice without a value can be
    /// shown but never stored, and a value without an item can never be chosen.
    func checkChoiceLists(_ properties: OrderedDictionary<String, FormValue>, report: Report) {
        guard let items = properties["items"]?.arrayValue, let values = properties["values"]?.arrayValue, items.count != values.count
        else { return }
        report(.error, "values", "values has \(values.count) entr\(values.count == 1 ? "y" : "ies") but items has \(items.count): "
            + (values.count < items.count ? "choosing an item past the last value cannot be stored" : "the extra values can never be chosen"))
    }

    func checkNumberLimits(_ element: Element, checkingDefault: Bool, report: Report) {
        let properties = element.properties
        let minimum = Self.literalNumber(properties["minimumValue"])
        let maximum = Self.literalNumber(properties["maximumValue"])
        if let minimum, let maximum, minimum > maximum {
            report(.error, "maximumValue", "maximumValue \(Self.shown(maximum)) is less than minimumValue \(Self.shown(minimum)): no number can be valid")
        }
        guard checkingDefault, let property = element.kind.valueProperty, let raw = properties[property],
            let number = Self.literalNumber(raw)
        else { return }
        if let minimum, number < minimum {
            report(.error, property, "the default \(Self.shown(number)) is less than minimumValue \(Self.shown(minimum)): every fill that leaves it fails")
        } else if let maximum, number > maximum {
            report(.error, property, "the default \(Self.shown(number)) is more than maximumValue \(Self.shown(maximum)): every fill that leaves it fails")
        }
        // As validation counts them: the digits after the point of the number as written.
        if element.kind == .decimal, let digits = Self.literalInt(properties["fractionDigits"]), digits >= 0,
            let fraction = FieldValidator.writtenFractionDigits(of: raw), fraction > digits
        {
            let text = raw.displayString ?? ""
            report(.error, property, "the default \(text) has \(fraction) digit\(fraction == 1 ? "" : "s") after the decimal point, more than fractionDigits \(digits) allows: every fill that leaves it fails")
        }
    }

    /// Date bounds and defaults must be dates the element's mode reads, within the years 0001 to
    /// 9999 that ISO 8601 dates are written in: a bound validation cannot read is ignored, so the
    /// rule the author wrote would never apply.
    func checkDates(_ properties: OrderedDictionary<String, FormValue>, mode: String?, report: Report) {
        var bounds: [String: ISODate] = [:]
        for (name, value) in properties where ["minimumDate", "maximumDate", "dateValue"].contains(name) {
            guard case .string(let text) = value, !PropertyExpression.containsExpression(text) else { continue }
            guard let (parsed, hasDate) = ISODate.parseAnyForm(text), hasDate || mode == "Time" else {
                // An unreadable default is `defaultProblems`' to report.
                if name != "dateValue" {
                    report(.error, name, "'\(text.excerpt())' is not a date as \(ISODate.format(for: mode)): the bound would be ignored")
                }
                continue
            }
            let date = ISODate.normalized(text, mode: mode, writtenInDefinition: true).flatMap { ISODate(parsing: $0, mode: mode) } ?? parsed
            if mode != "Time", !ISODate.writableSeconds.contains(date.seconds) {
                report(.error, name, "'\(text.excerpt())' is outside the years 0001 to 9999 that dates are written in")
                continue
            }
            bounds[name] = date
        }
        if let minimum = bounds["minimumDate"], let maximum = bounds["maximumDate"], maximum < minimum {
            report(.error, "maximumDate", "maximumDate is before minimumDate: no date can be valid")
        }
    }

    static func literalNumber(_ value: FormValue?) -> Double? {
        guard let value, value.isNumber else { return nil }
        return value.doubleValue
    }

    static func literalInt(_ value: FormValue?) -> Int? {
        guard let value, value.isNumber else { return nil }
        return value.intValue
    }

    static func shown(_ number: Double) -> String { FormValue.double(number).displayString ?? "\(number)" }
}

extension Element {
    /// Whether a pair of `bind` sets the value the element starts with: its value property, or a
    /// derived one that moves it (`floatValue` on a decimal, `selectedValue` on a radio).
    var bindSetsValue: Bool {
        guard let valueProperty = kind.valueProperty, case .string(let bind)? = properties["bind"],
            let spec = try? BindingSpec(parsing: bind)
        else { return false }
        return spec.pairs.contains { $0.property == valueProperty || FieldValueType.isDerived($0.property, for: kind) }
    }
}
