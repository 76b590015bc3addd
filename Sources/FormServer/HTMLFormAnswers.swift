import FormCore

/// An HTML form's fields as the answers object the engine takes: `guests.0.email=a@b.c`
/// becomes `{"guests": [{"email": "a@b.c"}]}`, a multiple choice's ticked boxes an array, a
/// checkbox the last of its hidden `false` and its `true`. Names starting with `_` are the
/// page's own (`_action`), not answers.
enum HTMLFormAnswers {
    /// The answers, and the page action (`add:guests`, `remove:guests.1`) when a repeat button
    /// was pressed instead of submit.
    static func answers(from pairs: [(name: String, value: String)], multiple: Set<String>) -> (answers: FormValue, action: String?) {
        var root = FormValue.emptyObject
        var action: String?
        for (name, value) in pairs {
            if name == "_action" {
                action = value
                continue
            }
            if name.hasPrefix("_") || name.isEmpty { continue }
            let components = name.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
            if multiple.contains(name) {
                var list = read(root, components)?.arrayValue ?? []
                if !value.isEmpty { list.append(.string(value)) }
                write(&root, components, .array(list))
            } else {
                write(&root, components, .string(value))
            }
        }
        return (root, action)
    }

    static func read(_ value: FormValue, _ components: [String]) -> FormValue? {
        guard let first = components.first else { return value }
        let rest = Array(components.dropFirst())
        switch value {
        case .object(let object): return object[first].flatMap { read($0, rest) }
        case .array(let items):
            guard let index = Int(first), items.indices.contains(index) else { return nil }
            return read(items[index], rest)
        default: return nil
        }
    }

    /// Sets the value at the path, making objects for keys and arrays for item numbers (an
    /// item number past the end adds items up to it).
    static func write(_ target: inout FormValue, _ components: [String], _ value: FormValue) {
        guard let first = components.first else {
            target = value
            return
        }
        let rest = Array(components.dropFirst())
        if let index = Int(first), index >= 0, index < 10_000 {
            var items = target.arrayValue ?? []
            while items.count <= index { items.append(.emptyObject) }
            write(&items[index], rest, value)
            target = .array(items)
        } else {
            var object = target.objectValue ?? [:]
            var child = object[first] ?? (rest.first.flatMap { Int($0) } != nil ? .array([]) : .emptyObject)
            write(&child, rest, value)
            object[first] = child
            target = .object(object)
        }
    }

    /// Applies a repeat button: `add:PATH` appends an empty item, `remove:PATH.N` drops item N.
    static func apply(_ action: String, to answers: inout FormValue) {
        if action.hasPrefix("add:") {
            let components = action.dropFirst(4).split(separator: ".").map(String.init)
            var items = read(answers, components)?.arrayValue ?? []
            items.append(.emptyObject)
            write(&answers, components, .array(items))
        } else if action.hasPrefix("remove:") {
            var components = action.dropFirst(7).split(separator: ".").map(String.init)
            guard let last = components.popLast(), let index = Int(last) else { return }
            var items = read(answers, components)?.arrayValue ?? []
            guard items.indices.contains(index) else { return }
            items.remove(at: index)
            write(&answers, components, .array(items))
        }
    }
}
