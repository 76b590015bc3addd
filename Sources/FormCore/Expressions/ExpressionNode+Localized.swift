extension ExpressionNode {
    /// The keys given as string literals to `localized('key')` or `'key'.localized()` anywhere
    /// in the tree, so that a lint can look them up in the form's strings.
    var literalLocalizedKeys: [String] {
        var found: [String] = []
        forEachNode { node in
            switch node {
            case .function(ExpressionFunctions.localizedName, let arguments, _):
                if case .literal(.string(let key))? = arguments.first { found.append(key) }
            case .method(.literal(.string(let key)), .localized, _, _):
                found.append(key)
            default:
                break
            }
        }
        return found
    }
}
