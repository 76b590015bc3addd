import OrderedCollections

/// Answers under construction: nodes changed in place, so that setting a value at a path of n
/// parts costs n steps whatever the answers already hold (a `FormValue` would be copied at
/// every level), and turned into a `FormValue` once at the end.
struct AnswerTree {
    final class Node {
        var members: OrderedDictionary<String, Node> = [:]
        var items: [Node] = []
        var isItems = false
        var value: FormValue?

        func member(_ key: String) -> Node {
            if let existing = members[key] { return existing }
            let made = Node()
            members[key] = made
            return made
        }

        /// A value set wins; else a list of items, else an object of members.
        var formValue: FormValue {
            if let value { return value }
            if isItems { return .array(items.map(\.formValue)) }
            return .object(members.mapValues(\.formValue))
        }
    }

    enum Target { case field, repeatList }

    let root = Node()
    let limits: FlatAnswers.Limits
    /// Items made so far in all repeats (gaps filled included).
    var itemsMade = 0

    init(limits: FlatAnswers.Limits) { self.limits = limits }

    /// The node a name sets: every part a key the form has at that level, and after a repeat an
    /// item number within its bound; items up to that number are made as needed.
    mutating func node(at name: String, keys: AnswerKeys, declaredMaximumItems: [String: Int], target: Target)
        throws(FlatAnswersError) -> Node
    {
        let partCount = name.utf8.reduce(1) { $1 == UInt8(ascii: ".") ? $0 + 1 : $0 }
        guard partCount <= limits.maximumNameParts else {
            throw FlatAnswersError(.bound, name: name,
                                   "has \(partCount) dot-separated parts; a name has at most \(limits.maximumNameParts)")
        }
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        let unknown = FlatAnswersError(.unknownName, name: name, "no field has this name")
        var keys = keys
        var node = root
        var index = 0
        while index < parts.count {
            let isLast = index == parts.count - 1
            guard let entry = keys.entries[String(parts[index])] else { throw unknown }
            switch entry {
            case .field:
                guard isLast, target == .field else { throw unknown }
                return node.member(String(parts[index]))
            case .object(let inner):
                guard !isLast else { throw unknown }
                node = node.member(String(parts[index]))
                keys = inner
                index += 1
            case .items(let inner):
                let list = node.member(String(parts[index]))
                list.isItems = true
                if isLast {
                    guard target == .repeatList else { throw unknown }
                    return list
                }
                let path = parts[...index].joined(separator: ".")
                guard let number = Self.itemNumber(parts[index + 1]) else { throw unknown }
                let item = try self.item(number, of: list, path: path, name: name, declaredMaximumItems: declaredMaximumItems)
                index += 2
                if index == parts.count {
                    // The item itself, in a repeat of plain values.
                    guard inner.entries.isEmpty, target == .field else { throw unknown }
                }
                node = item
                keys = inner
            }
        }
        return node
    }

    /// Item `number` of a repeat's list, made (with the items before it) when it is new.
    mutating func item(_ number: Int, of list: Node, path: String, name: String, declaredMaximumItems: [String: Int])
        throws(FlatAnswersError) -> Node
    {
        if let maximum = declaredMaximumItems[path] {
            guard number < maximum else {
                throw FlatAnswersError(.maximumItems, name: name, "\(path) takes at most \(maximum) items (numbered from 0)")
            }
        } else if number >= limits.maximumItems {
            throw FlatAnswersError(.bound, name: name, "item numbers stop at \(limits.maximumItems - 1) (the limit per repeat)")
        }
        if number >= list.items.count {
            let wanted = number + 1 - list.items.count
            guard itemsMade + wanted <= limits.maximumFields else {
                throw FlatAnswersError(.bound, name: name, "the form makes more than \(limits.maximumFields) repeat items (the limit per request)")
            }
            itemsMade += wanted
            for _ in 0..<wanted { list.items.append(Node()) }
        }
        return list.items[number]
    }

    /// Applies a repeat button: `add:PATH` appends an empty item, `remove:PATH.N` drops item N
    /// (an item already gone, after a reload, leaves the answers as they are).
    mutating func apply(_ action: String, keys: AnswerKeys, declaredMaximumItems: [String: Int]) throws(FlatAnswersError) {
        if action.hasPrefix("add:") {
            let path = String(action.dropFirst(4))
            let list = try node(at: path, keys: keys, declaredMaximumItems: declaredMaximumItems, target: .repeatList)
            _ = try item(list.items.count, of: list, path: path, name: path, declaredMaximumItems: declaredMaximumItems)
        } else if action.hasPrefix("remove:"), let dot = action.lastIndex(of: "."),
            let number = Self.itemNumber(action[action.index(after: dot)...])
        {
            let path = String(action[action.index(action.startIndex, offsetBy: 7)..<dot])
            let list = try node(at: path, keys: keys, declaredMaximumItems: declaredMaximumItems, target: .repeatList)
            if list.items.indices.contains(number) { list.items.remove(at: number) }
        } else {
            throw FlatAnswersError(.action, name: "_action", "'\(action.prefix(FlatAnswersError.shownNameLength))' is not add:REPEAT or remove:REPEAT.N")
        }
    }

    /// An item number as the page writes it: digits, no sign, no leading zero.
    static func itemNumber(_ part: Substring) -> Int? {
        guard !part.isEmpty, part.count <= 9, part.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }),
            part == "0" || !part.hasPrefix("0")
        else { return nil }
        return Int(part)
    }
}
