import Foundation
import PodMirrorFoundation

/// A Ruby lexer good enough for Podfiles and podspecs: every token keeps its byte range, so editors can patch the
/// original bytes. Typographic quotes count as ASCII quotes, as CocoaPods converts them before `eval`.
/// A UTF-8 BOM is skipped; CRLF, tabs and a missing final newline are fine; `__END__` stops lexing.
struct RubyLexer {
    let bytes: [UInt8]
    let file: String
    var i = 0
    var line = 1
    var lineStart = 0
    var tokens: [RubyToken] = []
    /// Line and column where the token being lexed starts.
    var tokLine = 1
    var tokCol = 1
    /// Heredocs started on the current line whose bodies begin after its newline.
    var pendingHeredocs: [(index: Int, id: String, squiggly: Bool)] = []
    /// Offset where `__END__` starts, if present.
    private(set) var dataStart: Int?
    /// Strings nested in `#{}` interpolation, bounded so hostile input cannot exhaust the stack.
    var interpolationDepth = 0
    static let maxNesting = 200

    static let keywords: Set<String> = [
        "alias", "and", "begin", "break", "case", "class", "def", "defined?", "do", "else", "elsif", "end",
        "ensure", "false", "for", "if", "in", "module", "next", "nil", "not", "or", "redo", "rescue", "retry",
        "return", "self", "super", "then", "true", "undef", "unless", "until", "when", "while", "yield",
        "__FILE__", "__LINE__", "__dir__",
    ]

    init(bytes: [UInt8], file: String = "Podfile") {
        self.bytes = bytes
        self.file = file
    }

    /// Lexes the whole file. Throws `RubySyntaxError` naming file:line:column for text it cannot place.
    static func tokenize(_ bytes: [UInt8], file: String = "Podfile") throws -> (
        tokens: [RubyToken], dataStart: Int?
    ) {
        var lexer = RubyLexer(bytes: bytes, file: file)
        try lexer.run()
        return (lexer.tokens, lexer.dataStart)
    }

    // MARK: - Helpers

    func peek(_ offset: Int = 0) -> UInt8? {
        let j = i + offset
        return j < bytes.count ? bytes[j] : nil
    }

    /// A quote at `j`: ASCII or typographic. Returns the ASCII equivalent and the byte length.
    func quote(at j: Int) -> (UInt8, Int)? {
        guard j < bytes.count else { return nil }
        let b = bytes[j]
        if b == UInt8(ascii: "'") || b == UInt8(ascii: "\"") { return (b, 1) }
        if b == 0xE2, j + 2 < bytes.count, bytes[j + 1] == 0x80 {
            switch bytes[j + 2] {
            case 0x98, 0x99, 0x9B: return (UInt8(ascii: "'"), 3)
            case 0x9C, 0x9D: return (UInt8(ascii: "\""), 3)
            default: return nil
            }
        }
        return nil
    }

    static func isIdentStart(_ b: UInt8) -> Bool {
        (b >= 0x61 && b <= 0x7A) || (b >= 0x41 && b <= 0x5A) || b == 0x5F || b >= 0x80
    }

    static func isIdentChar(_ b: UInt8) -> Bool { isIdentStart(b) || (b >= 0x30 && b <= 0x39) }

    static func isDigit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }

    func error(_ message: Message, at offset: Int) -> RubySyntaxError {
        // The column counts from the line's start, on the first line after a UTF-8 byte order mark.
        let lineStart =
            bytes[0..<min(offset, bytes.count)].lastIndex(of: 0x0A).map { $0 + 1 }
            ?? (bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0)
        return RubySyntaxError(
            message, file: file, line: lineNumber(at: offset), column: offset - lineStart + 1,
            remedy: Message("podfile.error.lex.remedy"))
    }

    var lastSignificant: RubyToken? {
        tokens.last { $0.kind != .comment && $0.kind != .blockComment && $0.kind != .heredocBody }
    }

    /// True when the previous token ends a value, so the next `/ % << ? :` is an operator.
    var afterValue: Bool {
        guard let t = lastSignificant else { return false }
        return t.endsValue
    }

    /// An identifier followed by a space and then a literal start with no space (`puts %w(a)`, `x /re/`)
    /// is a command call with a literal argument.
    func commandArgumentStart(at j: Int) -> Bool {
        guard let t = lastSignificant, t.kind == .identifier, j > 0, bytes[j - 1] == 0x20 || bytes[j - 1] == 0x09 else {
            return false
        }
        guard j + 1 < bytes.count else { return false }
        let next = bytes[j + 1]
        return next != 0x20 && next != 0x09 && next != 0x3D
    }

    mutating func add(
        _ kind: RubyToken.Kind, from start: Int, value: String? = nil, content: Range<Int>? = nil,
        delimiter: String? = nil
    ) {
        let spaceBefore = start == 0 || [0x20, 0x09, 0x0A, 0x0D].contains(bytes[start - 1])
        tokens.append(
            RubyToken(
                kind: kind, range: start..<i, line: tokLine, column: tokCol,
                text: String(decoding: bytes[start..<i], as: UTF8.self), value: value,
                contentRange: content, delimiter: delimiter, spaceBefore: spaceBefore))
    }

    // MARK: - Main loop

    mutating func run() throws {
        // Columns on the first line do not count the BOM.
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { i = 3; lineStart = 3 }
        while i < bytes.count {
            let b = bytes[i]
            let start = i
            tokLine = line
            tokCol = i - lineStart + 1
            let atLineStart = i == lineStart
            if atLineStart, b == UInt8(ascii: "="), matchWord("=begin", at: i) {
                try lexBlockComment()
                continue
            }
            if atLineStart, matchWord("__END__", at: i), lineRest(from: i + 7).allSatisfy({ $0 == 0x0D }) {
                dataStart = i
                return
            }
            switch b {
            case 0x20, 0x09, 0x0C, 0x0B:
                i += 1
            case 0x0D where peek(1) == 0x0A:
                i += 1
            case 0x0D:
                i += 1
            case 0x0A:
                i += 1
                add(.newline, from: start)
                line += 1
                lineStart = i
                try lexHeredocBodies()
            case UInt8(ascii: "\\") where peek(1) == 0x0A || (peek(1) == 0x0D && peek(2) == 0x0A):
                // Line continuation.
                i += peek(1) == 0x0A ? 2 : 3
                line += 1
                lineStart = i
                try lexHeredocBodies()
            case UInt8(ascii: "#"):
                while i < bytes.count, bytes[i] != 0x0A { i += 1 }
                var end = i
                if end > start, bytes[end - 1] == 0x0D { end -= 1 }
                let saved = i
                i = end
                add(.comment, from: start)
                i = saved
            default:
                try lexToken(start)
            }
        }
        if let h = pendingHeredocs.first {
            throw error(Message("podfile.error.lex.heredoc", ["id": h.id]), at: tokens[h.index].range.lowerBound)
        }
    }

    func matchWord(_ word: String, at j: Int) -> Bool {
        let w = Array(word.utf8)
        guard j + w.count <= bytes.count, Array(bytes[j..<(j + w.count)]) == w else { return false }
        let after = j + w.count
        return after == bytes.count || !Self.isIdentChar(bytes[after])
    }

    func lineRest(from j: Int) -> ArraySlice<UInt8> {
        var e = j
        while e < bytes.count, bytes[e] != 0x0A { e += 1 }
        return bytes[j..<e]
    }

    mutating func lexBlockComment() throws {
        let start = i
        while i < bytes.count {
            // advance to next line
            while i < bytes.count, bytes[i] != 0x0A { i += 1 }
            if i >= bytes.count { break }
            i += 1
            line += 1
            lineStart = i
            if matchWord("=end", at: i) {
                while i < bytes.count, bytes[i] != 0x0A { i += 1 }
                tokens.append(
                    RubyToken(
                        kind: .blockComment, range: start..<i, line: tokLine, column: 1,
                        text: String(decoding: bytes[start..<i], as: UTF8.self), value: nil,
                        contentRange: nil, delimiter: nil, spaceBefore: true))
                return
            }
        }
        throw error(Message("podfile.error.lex.begin"), at: start)
    }
}
