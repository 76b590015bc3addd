import FormCore

/// A JSON body held to the bounds an HTML form's body is held to (`FlatAnswers`): at most
/// `maximumFields` values in all, and no list longer than the longest a repeat of the form takes. Without them a 1 MiB body
/// of `{"rows": [{}, {}, ...]}` would grow a repeat that declares no `maximumItems` to 300,000
/// items, and 100,000 keys the form lacks would each be looked up and reported.
enum JSONBodyBounds {
    static func check(_ body: FormValue, against form: FlatAnswers) throws(ServedError) {
        var count = 0
        try check(body, path: [], count: &count, limits: Bounds(values: form.limits.maximumFields, listItems: form.longestList))
    }

    struct Bounds {
        var values: Int
        var listItems: Int
    }

    /// Depth is bounded by the JSON reader (`JSONReader.maximumDepth`).
    private static func check(_ value: FormValue, path: [String], count: inout Int, limits: Bounds) throws(ServedError) {
        switch value {
        case .object(let members):
            try add(members.count, to: &count, limits: limits)
            for (key, member) in members { try check(member, path: path + [key], count: &count, limits: limits) }
        case .array(let items):
            guard items.count <= limits.listItems else {
                let name = String(path.joined(separator: ".").prefix(FlatAnswersError.shownNameLength))
                throw ServedError(.badRequest, message: "'\(name)' has \(items.count) items; a list in a request has at most \(limits.listItems)",
                                  extra: ["field": .string(name)])
            }
            try add(items.count, to: &count, limits: limits)
            for (index, item) in items.enumerated() { try check(item, path: path + [String(index)], count: &count, limits: limits) }
        default: break
        }
    }

    private static func add(_ values: Int, to count: inout Int, limits: Bounds) throws(ServedError) {
        count += values
        guard count <= limits.values else {
            throw ServedError(.badRequest, message: "the body holds more than \(limits.values) values (the limit per request)",
                              extra: ["field": ""])
        }
    }
}
