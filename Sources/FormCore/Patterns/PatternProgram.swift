/// A regular expression compiled into the instructions of a Thompson NFA, which
/// `PatternMatcher` runs in time linear in the text (times the program's size).
struct PatternProgram: Sendable {
    enum Instruction: Sendable {
        case scalar(Unicode.Scalar)
        /// An index into `sets`.
        case set(Int)
        case anyButNewline
        /// Continue at both targets (the first is preferred, which matters only for captures).
        case split(Int, Int)
        case jump(Int)
        case assertStart
        case assertEnd
        case match
    }

    /// Instructions (automaton states) a compiled pattern may have: the bound on the work per
    /// character of a value, since each character visits each state at most once. Reached by
    /// counts written out (`.{0,999}` is about 2,000, `[\s\S]*(a{1,999}){9}` about 18,000,
    /// which took 13 s on a 100 KB value) long before a real validation pattern.
    static let maximumInstructions = 2_000

    private(set) var instructions: [Instruction] = []
    private(set) var sets: [ScalarSet] = []

    static func compile(_ node: PatternNode) throws(PatternSyntaxError) -> PatternProgram {
        var program = PatternProgram()
        try program.emit(node)
        try program.append(.match)
        return program
    }

    private mutating func append(_ instruction: Instruction) throws(PatternSyntaxError) {
        guard instructions.count < Self.maximumInstructions else {
            throw PatternSyntaxError(
                message: "the pattern is too large once its repetitions are written out: more than \(Self.maximumInstructions) states, so more than \(Self.maximumInstructions) steps per character of a value (the limit); use smaller counts, or maxLength for a length",
                position: 1)
        }
        instructions.append(instruction)
    }

    /// Placeholder for a split or jump whose target is not known yet.
    private mutating func reserve() throws(PatternSyntaxError) -> Int {
        try append(.jump(-1))
        return instructions.count - 1
    }

    private mutating func emit(_ node: PatternNode) throws(PatternSyntaxError) {
        switch node {
        case .empty:
            break
        case .scalar(let scalar):
            try append(.scalar(scalar))
        case .set(let set):
            sets.append(set)
            try append(.set(sets.count - 1))
        case .anyButNewline:
            try append(.anyButNewline)
        case .start:
            try append(.assertStart)
        case .end:
            try append(.assertEnd)
        case .concatenation(let items):
            for item in items { try emit(item) }
        case .alternation(let branches):
            // split(b1, next); b1; jump end; next: split(b2, ...) ... last branch.
            var jumpsToEnd: [Int] = []
            for (position, branch) in branches.enumerated() {
                if position == branches.count - 1 {
                    try emit(branch)
                } else {
                    let split = try reserve()
                    try emit(branch)
                    jumpsToEnd.append(try reserve())
                    instructions[split] = .split(split + 1, instructions.count)
                }
            }
            for jump in jumpsToEnd { instructions[jump] = .jump(instructions.count) }
        case .repetition(let body, let min, let max):
            for _ in 0..<min { try emit(body) }
            if let max {
                // Each optional copy may be skipped to the end: x{0,2} = (x(x)?)?.
                var skips: [Int] = []
                for _ in min..<max {
                    skips.append(try reserve())
                    try emit(body)
                }
                for skip in skips { instructions[skip] = .split(skip + 1, instructions.count) }
            } else {
                // loop: split(body, end); body; jump loop; end:
                let loop = try reserve()
                try emit(body)
                try append(.jump(loop))
                instructions[loop] = .split(loop + 1, instructions.count)
            }
        }
    }
}
