#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A string property of a definition that may hold `@{...}`: literal text, one whole expression,
/// or a template mixing both.
///
/// A whole `"@{a + b}"` keeps the expression's type (a number, a bool for `hidden`); a template
/// such as `"Hello @{user.name}!"` is always a string, with nil parts shown as "". There is no
/// escape for a literal `@{`; an `@` not followed by `{` is plain text.
package enum PropertyExpression: Sendable, Hashable {
    /// One piece of a template.
    package enum TemplatePart: Sendable, Hashable {
        case text(String)
        case expression(FormExpression)
    }

    case literal(String)
    /// The whole string is `@{...}`: its value is the expression's typed value.
    case expression(FormExpression)
    /// Text with embedded expressions: a string.
    case template([TemplatePart])

    /// Whether `text` holds an `@{`, i.e. whether parsing it can give anything but `.literal`.
    package static func containsExpression(_ text: String) -> Bool {
        // The bytes first (memchr): a search over Characters took seconds on a 50 MB title, and
        // text without the two bytes `@{` cannot hold them as Characters either.
        let hasBytes = text.utf8.withContiguousStorageIfAvailable { bytes -> Bool in
            guard let base = bytes.baseAddress else { return false }
            var offset = 0
            while offset < bytes.count, let found = memchr(base + offset, Int32(UInt8(ascii: "@")), bytes.count - offset) {
                let position = UnsafeRawPointer(base).distance(to: UnsafeRawPointer(found))
                if position + 1 < bytes.count, bytes[position + 1] == UInt8(ascii: "{") { return true }
                offset = position + 1
            }
            return false
        }
        return hasBytes != false && text.contains("@{")
    }

    /// Parses a property string. Error columns count characters within the whole `text`, whose
    /// first character is column 1, and the error's `source` is `text`.
    package init(parsing text: String) throws(ExpressionError) {
        guard Self.containsExpression(text) else {
            self = .literal(text)
            return
        }
        let chars = Array(text)
        var parts: [TemplatePart] = []
        var pending = ""
        var i = 0
        while i < chars.count {
            guard chars[i] == "@", i + 1 < chars.count, chars[i + 1] == "{" else {
                pending.append(chars[i])
                i += 1
                continue
            }
            if !pending.isEmpty { parts.append(.text(pending)) }
            pending = ""
            let start = i + 2
            do {
                let (expression, close) = try Self.parseEmbedded(chars, from: start)
                parts.append(.expression(expression))
                i = close + 1
            } catch {
                throw error.relocated(by: start, in: text)
            }
        }
        if !pending.isEmpty { parts.append(.text(pending)) }
        if parts.count == 1, case .expression(let expression) = parts[0] {
            self = .expression(expression)
        } else {
            self = .template(parts)
        }
    }

    /// The expression starting at `start` (just after `@{`) and the index of its closing `}`.
    private static func parseEmbedded(_ chars: [Character], from start: Int) throws(ExpressionError) -> (FormExpression, Int) {
        var lexer = ExpressionLexer(chars: chars, start: start, maxDepth: FormExpression.maxDepth)
        var parser = ExpressionParser(tokens: try lexer.tokenize(), maxDepth: FormExpression.maxDepth)
        let root = try parser.parseExpression().node
        switch parser.current.kind {
        case .symbol(.rightBrace):
            let close = start + parser.current.column - 1
            return (FormExpression(source: String(chars[start..<close]), root: root), close)
        case .end:
            throw .syntax("missing '}' to close '@{' at column \(start - 1)", at: parser.current.column)
        default:
            throw .syntax("unexpected \(parser.current.display) after the expression", at: parser.current.column)
        }
    }

    /// Every key path read, in first-seen order, without duplicates (see `FormExpression.dependencies`).
    package var dependencies: [ValuePath] {
        var collector = DependencyCollector()
        switch self {
        case .literal: break
        case .expression(let expression): collector.visit(expression.root)
        case .template(let parts):
            for case .expression(let expression) in parts { collector.visit(expression.root) }
        }
        return collector.paths
    }

    /// The property's value: the text, the expression's typed value, or the template's string.
    /// Evaluation errors are placed within the whole property string.
    package func evaluate(in context: ExpressionContext) throws(ExpressionError) -> FormValue {
        switch self {
        case .literal(let text):
            return .string(text)
        case .expression(let expression):
            do { return try expression.evaluate(in: context) } catch { throw error.relocated(by: 2, in: self.text) }
        case .template(let parts):
            var out = ""
            var offset = 0
            for part in parts {
                switch part {
                case .text(let text):
                    out += text
                    offset += text.count
                case .expression(let expression):
                    do {
                        let piece = try expression.evaluate(in: context).expressionText
                        try ExpressionLimits.checkString(bytes: out.utf8.count + piece.utf8.count, column: 1)
                        out += piece
                    } catch {
                        throw error.relocated(by: offset + 2, in: self.text)
                    }
                    offset += expression.source.count + 3
                }
            }
            return .string(out)
        }
    }

    /// The property string this was parsed from.
    package var text: String {
        switch self {
        case .literal(let text): return text
        case .expression(let expression): return "@{" + expression.source + "}"
        case .template(let parts):
            return parts.map { part in
                switch part {
                case .text(let text): return text
                case .expression(let expression): return "@{" + expression.source + "}"
                }
            }.joined()
        }
    }
}
