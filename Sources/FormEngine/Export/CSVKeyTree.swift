#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A table's value columns as a tree of keys, so that a stored row's members are matched to
/// their cells by their bytes as they are read: no key becomes a String, no path an array.
///
/// Node 0 is the row's object; a node's children are the keys inside it, each with the column
/// of its path if it has one. Members come in the order of the form far more often than not,
/// so a lookup first tries the child after the one found last.
struct CSVKeyTree {
    private struct Node {
        /// The column of this path, or -1 when it is only an object holding columns.
        var column = -1
        var children: [Int] = []
        /// Where the key is in `keyBytes`.
        var keyStart = 0
        var keyCount = 0
        /// The last row that gave this member: a member given twice in one object is left to
        /// the parser, which keeps the last one as a whole.
        var row = 0
        /// Which child matched last.
        var lastChild = -1
    }

    private var nodes = [Node()]
    private var keyBytes: [UInt8] = []
    private var row = 0

    /// A tree of `columns`, each given the index of its place in the array.
    init(columns: [[String]]) {
        for (column, path) in columns.enumerated() {
            var node = 0
            for key in path { node = childAdding(key, to: node) }
            nodes[node].column = column
        }
    }

    private mutating func childAdding(_ key: String, to parent: Int) -> Int {
        let bytes = Array(key.utf8)
        for child in nodes[parent].children where storedKey(of: child).elementsEqual(bytes) { return child }
        nodes.append(Node(keyStart: keyBytes.count, keyCount: bytes.count))
        keyBytes.append(contentsOf: bytes)
        nodes[parent].children.append(nodes.count - 1)
        return nodes.count - 1
    }

    private func storedKey(of node: Int) -> ArraySlice<UInt8> {
        keyBytes[nodes[node].keyStart..<nodes[node].keyStart + nodes[node].keyCount]
    }

    /// Starts the next row: every member may be given once again.
    mutating func beginRow() { row &+= 1 }

    /// The column of `node`, or nil.
    func column(_ node: Int) -> Int? {
        let column = nodes[node].column
        return column < 0 ? nil : column
    }

    /// The child of `parent` named by `key` (the raw bytes of a key without escapes), marked
    /// as given in this row; nil when there is none, `repeated` when this row gave it already.
    mutating func child(of parent: Int, key: UnsafeRawBufferPointer) -> (node: Int, repeated: Bool)? {
        let children = nodes[parent].children
        guard !children.isEmpty else { return nil }
        let after = nodes[parent].lastChild + 1
        let first = after < children.count ? after : 0
        var position = first
        repeat {
            let node = children[position]
            if matches(node, key) {
                nodes[parent].lastChild = position
                let repeated = nodes[node].row == row
                nodes[node].row = row
                return (node, repeated)
            }
            position += 1
            if position == children.count { position = 0 }
        } while position != first
        return nil
    }

    private func matches(_ node: Int, _ key: UnsafeRawBufferPointer) -> Bool {
        let count = nodes[node].keyCount
        guard count == key.count else { return false }
        let start = nodes[node].keyStart
        return keyBytes.withUnsafeBytes { all in
            guard let stored = all.baseAddress, let given = key.baseAddress else { return count == 0 }
            return memcmp(stored + start, given, count) == 0
        }
    }
}
