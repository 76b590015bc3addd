/// Runs a `PatternProgram` over a text by keeping every NFA state reachable so far at once
/// (Thompson's simulation, as in RE2's Pike VM without captures). Each character is looked at
/// once, with each state at most once, so a match takes time linear in the text: no input can
/// make it backtrack, which is what a pattern like `(a+)+$` needs.
struct PatternMatcher {
    let program: PatternProgram

    /// Work between two readings of the clock: about a millisecond at the largest programs,
    /// while reading the clock per character would cost more than matching a short value.
    static let stepsBetweenClockReads = 1 << 16

    /// Whether the whole of `text` matches, or with `anywhere` whether some part of it does.
    func matches(_ text: String, anywhere: Bool) -> Bool {
        matches(text, anywhere: anywhere, deadline: nil) ?? false
    }

    /// As `matches(_:anywhere:)`, or nil once `deadline` has passed: the work is linear, but a
    /// long value times a large program can still take seconds, and a fill with a time limit
    /// must stop within it.
    func matches(_ text: String, anywhere: Bool, deadline: ContinuousClock.Instant?) -> Bool? {
        let scalars = Array(text.unicodeScalars)
        let count = program.instructions.count
        var current = StateSet(capacity: count)
        var next = StateSet(capacity: count)
        var stack: [Int] = []
        stack.reserveCapacity(count)
        let matchState = count - 1
        addState(0, to: &current, at: 0, of: scalars.count, stack: &stack)
        var position = 0
        var steps = 0
        while true {
            if current.contains(matchState) && (anywhere || position == scalars.count) { return true }
            if position == scalars.count { return false }
            if current.isEmpty && !anywhere { return false }
            if let deadline {
                steps += current.count + 1
                if steps >= Self.stepsBetweenClockReads {
                    steps = 0
                    if ContinuousClock.now > deadline { return nil }
                }
            }
            let scalar = scalars[position]
            next.removeAll()
            for index in 0..<current.count {
                let state = current.member(index)
                let advances: Bool
                switch program.instructions[state] {
                case .scalar(let expected): advances = scalar == expected
                case .set(let set): advances = program.sets[set].contains(scalar)
                case .anyButNewline: advances = !ScalarSet.isNewline(scalar)
                default: advances = false
                }
                if advances { addState(state + 1, to: &next, at: position + 1, of: scalars.count, stack: &stack) }
            }
            position += 1
            // A search may also start a match at every position.
            if anywhere { addState(0, to: &next, at: position, of: scalars.count, stack: &stack) }
            swap(&current, &next)
        }
    }

    /// Adds `state` and every state reachable from it without reading a character; assertions
    /// are decided here, where the position is known. An explicit stack, not recursion: a long
    /// chain of splits cannot overflow the call stack.
    private func addState(_ state: Int, to set: inout StateSet, at position: Int, of length: Int, stack: inout [Int]) {
        stack.append(state)
        while let state = stack.popLast() {
            guard set.insert(state) else { continue }
            switch program.instructions[state] {
            case .jump(let target): stack.append(target)
            case .split(let first, let second):
                stack.append(second)
                stack.append(first)
            case .assertStart: if position == 0 { stack.append(state + 1) }
            case .assertEnd: if position == length { stack.append(state + 1) }
            default: break
            }
        }
    }
}

/// A set of small integers with constant-time insert, test and clear (Briggs and Torczon's
/// sparse set), so clearing the states between characters costs nothing.
struct StateSet {
    private var dense: [Int]
    private var sparse: [Int]
    private(set) var count = 0

    init(capacity: Int) {
        dense = Array(repeating: 0, count: capacity)
        sparse = Array(repeating: 0, count: capacity)
    }

    var isEmpty: Bool { count == 0 }

    func contains(_ value: Int) -> Bool {
        let slot = sparse[value]
        return slot < count && dense[slot] == value
    }

    /// False when it was already there.
    mutating func insert(_ value: Int) -> Bool {
        if contains(value) { return false }
        dense[count] = value
        sparse[value] = count
        count += 1
        return true
    }

    func member(_ index: Int) -> Int { dense[index] }

    mutating func removeAll() { count = 0 }
}
