/// Splits `--action NAME=PROGRAM` into the program and its arguments, with the quoting a
/// person types in a shell, and nothing else of a shell: no variables, globs, pipes,
/// redirections or `;`, all of which are plain characters here. The program never runs
/// through `/bin/sh`, so a value can never become a command.
///
/// - Words are separated by spaces and tabs.
/// - `'...'` keeps everything inside as it is.
/// - `"..."` keeps everything inside, but `\"` and `\\` stand for `"` and `\`.
/// - Outside quotes, `\` keeps the next character as it is (`a\ b` is one word).
enum ProgramWords {
    struct SplitError: Error, CustomStringConvertible {
        var description: String
    }

    static func split(_ text: String) throws(SplitError) -> [String] {
        var words: [String] = []
        var current = ""
        var inWord = false
        var characters = text.makeIterator()
        while let character = characters.next() {
            switch character {
            case " ", "\t":
                if inWord { words.append(current) }
                current = ""
                inWord = false
            case "'":
                inWord = true
                var closed = false
                while let next = characters.next() {
                    if next == "'" { closed = true; break }
                    current.append(next)
                }
                if !closed { throw SplitError(description: "an unclosed ' in '\(text)'") }
            case "\"":
                inWord = true
                var closed = false
                while let next = characters.next() {
                    if next == "\"" { closed = true; break }
                    if next == "\\", let escaped = characters.next() {
                        if escaped != "\"" && escaped != "\\" { current.append("\\") }
                        current.append(escaped)
                        continue
                    }
                    current.append(next)
                }
                if !closed { throw SplitError(description: "an unclosed \" in '\(text)'") }
            case "\\":
                inWord = true
                guard let escaped = characters.next() else { throw SplitError(description: "a lone \\ at the end of '\(text)'") }
                current.append(escaped)
            default:
                inWord = true
                current.append(character)
            }
        }
        if inWord { words.append(current) }
        return words
    }
}
