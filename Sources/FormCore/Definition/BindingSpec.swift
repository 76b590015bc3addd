/// A parsed `bind` string: `"textValue:login, title:name"`.
package struct BindingSpec: Sendable, Hashable, CustomStringConvertible {
    package enum Source: Sendable, Hashable {
        /// `prop:path`: the property takes the value at the key path.
        case keyPath(ValuePath)
        /// `prop:self`: the property takes the bound object itself.
        case this
    }

    package struct Pair: Sendable, Hashable {
        package var property: String
        package var source: Source
    }

    /// `iterate:PATH` or `iterateproperties:PATH`, when present.
    package enum Iteration: Sendable, Hashable {
        case items(ValuePath)
        case properties(ValuePath)

        package var path: ValuePath {
            switch self {
            case .items(let path), .properties(let path): return path
            }
        }
    }

    package var pairs: [Pair]
    package var iteration: Iteration?

    package init(pairs: [Pair] = [], iteration: Iteration? = nil) {
        self.pairs = pairs
        self.iteration = iteration
    }

    /// Parses a bind string; every malformed pair is an error naming it.
    package init(parsing text: String) throws(BindingSpecError) {
        var pairs: [Pair] = []
        var iteration: Iteration?
        for rawPair in text.split(separator: ",", omittingEmptySubsequences: false) {
            let pair = String(rawPair).trimmingSpaces
            if pair.isEmpty {
                if text.trimmingSpaces.isEmpty { break }
                throw BindingSpecError(bind: text, message: "empty pair (a stray comma?)")
            }
            guard let colon = pair.firstIndex(of: ":") else {
                throw BindingSpecError(bind: text, message: "'\(pair)' is not 'property:keyPath'")
            }
            let property = String(pair[..<colon]).trimmingSpaces
            let pathText = String(pair[pair.index(after: colon)...]).trimmingSpaces
            guard !property.isEmpty, property.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) else {
                throw BindingSpecError(bind: text, message: "'\(property)' in '\(pair)' is not a property name")
            }
            guard !pathText.isEmpty else {
                throw BindingSpecError(bind: text, message: "'\(pair)' has no key path after ':'")
            }
            let path: ValuePath
            do { path = try ValuePath(parsing: pathText) } catch {
                throw BindingSpecError(bind: text, message: "'\(pair)': \(error.message)")
            }
            switch property {
            case "iterate", "iterateproperties":
                if iteration != nil { throw BindingSpecError(bind: text, message: "more than one iterate pair") }
                iteration = property == "iterate" ? .items(path) : .properties(path)
            default:
                pairs.append(Pair(property: property, source: path.isSelf ? .this : .keyPath(path)))
            }
        }
        self.pairs = pairs
        self.iteration = iteration
    }

    package var description: String {
        var parts: [String] = []
        switch iteration {
        case .items(let path): parts.append("iterate:\(path)")
        case .properties(let path): parts.append("iterateproperties:\(path)")
        case nil: break
        }
        for pair in pairs {
            switch pair.source {
            case .this: parts.append("\(pair.property):self")
            case .keyPath(let path): parts.append("\(pair.property):\(path)")
            }
        }
        return parts.joined(separator: ", ")
    }
}

/// A `bind` string that does not parse.
package struct BindingSpecError: Error, Sendable, Equatable, CustomStringConvertible {
    package var bind: String
    package var message: String
    package var description: String { "invalid bind \"\(bind)\": \(message)" }
}
