extension FormServer {
    /// `--rate-limit`: how many writes one client address may make in a period, such as
    /// `20/s` or `600/min`. A client may spend the whole count at once, then gets one more
    /// write every `period / count`.
    public struct WriteRate: Sendable, Equatable, CustomStringConvertible {
        /// Writes allowed in `period`, all at once at most.
        public let count: Int
        /// The unit the rate was given in: a second, a minute or an hour.
        public let period: Duration
        let unit: String

        /// Reads `COUNT/UNIT`, the unit one of `s`, `min` or `h`.
        public init(parsing text: String) throws(WriteRateSyntaxError) {
            let parts = text.split(separator: "/", omittingEmptySubsequences: false)
            guard parts.count == 2, let count = Int(parts[0]), count >= 1 else {
                throw WriteRateSyntaxError(text: text, reason: "it takes a whole number of writes of at least 1, a slash and a unit, such as 20/s or 600/min")
            }
            let seconds: Int64
            switch parts[1] {
            case "s": seconds = 1
            case "min": seconds = 60
            case "h": seconds = 3600
            default: throw WriteRateSyntaxError(text: text, reason: "the unit after the slash is s, min or h, not '\(parts[1])'")
            }
            self.count = count
            self.period = .seconds(seconds)
            self.unit = String(parts[1])
        }

        /// `COUNT/UNIT` as it was given.
        public var description: String { "\(count)/\(unit)" }
    }
}

/// A `--rate-limit` that does not read as `COUNT/UNIT`.
public struct WriteRateSyntaxError: Error, CustomStringConvertible {
    /// What was given.
    public let text: String
    /// What is wrong with it.
    public let reason: String

    /// The text and the reason, for a message.
    public var description: String { "'\(text)' is not a rate: \(reason)" }
}
