import Foundation
import PodMirrorFoundation

/// A block attached to a call: `do |x| … end` or `{ |x| … }`.
struct RubyBlock: Sendable {
    /// Token indices of the opener (`do`, `{`) and closer (`end`, `}`).
    var opener: Int
    var closer: Int
    var isBrace: Bool
    /// Block parameter names, e.g. `["installer"]`.
    var parameters: [String]
    /// Token index where the body starts (after the parameters).
    var bodyStart: Int
    var body: [RubyStatement]
}

/// One statement: a command call (`source 'x'`, `target 'A' do … end`), an assignment, or a compound
/// (`if`/`unless`/`def`/`case`/`begin`/`while` … `end`) whose body statements are in `children`.
struct RubyStatement: Sendable {
    /// Token indices `first...last` (comments excluded at the ends).
    var first: Int
    var last: Int
    /// The called method when the statement is a receiver-less call (`source`, `platform`, `post_install`).
    var name: String?
    /// For compounds: the opening keyword (`if`, `def`, …).
    var compound: String?
    var blocks: [RubyBlock]
    var children: [RubyStatement]
    var line: Int

    /// The block whose body belongs to this call (the first `do`/`{` after the arguments).
    var block: RubyBlock? { blocks.first }
}

/// Token stream plus block structure of a Ruby file.
struct RubySyntax: Sendable {
    let bytes: [UInt8]
    let file: String
    let tokens: [RubyToken]
    /// Opener token index → closer token index, for `do/def/if/…` ⇄ `end`, `(`⇄`)`, `[`⇄`]`, `{`⇄`}`.
    let match: [Int: Int]
    /// `{` token indices that open a block (not a hash).
    let blockBraces: Set<Int>
    let statements: [RubyStatement]
    /// Where `__END__` starts, if present.
    let dataStart: Int?

    static let openerKeywords: Set<String> = [
        "def", "class", "module", "begin", "case", "for", "if", "unless", "while", "until",
    ]
    static let midKeywords: Set<String> = ["else", "elsif", "when", "in", "rescue", "ensure", "then"]

    init(bytes: [UInt8], file: String = "Podfile") throws {
        self.bytes = bytes
        self.file = file
        let lexed = try RubyLexer.tokenize(bytes, file: file)
        tokens = lexed.tokens
        dataStart = lexed.dataStart
        (match, blockBraces) = try Self.matchBlocks(tokens, file: file)
        // A file may not stop in the middle of a statement (`platform :ios,` at the end).
        if let last = tokens.last(where: { Self.isSignificant($0) && $0.kind != .newline }),
            (last.kind == .punct && ![")", "]", "}", ";"].contains(last.text))
                || (last.kind == .keyword && ["and", "or", "not"].contains(last.text))
        {
            throw RubySyntaxError(
                Message("podfile.error.ends-mid-statement", ["token": last.text]), file: file, line: last.line,
                column: last.column, remedy: Message("podfile.error.ends-mid-statement.remedy"))
        }
        var builder = StatementBuilder(tokens: tokens, match: match, blockBraces: blockBraces)
        statements = builder.parseBody(0, tokens.count)
        // `.x` or `, x` continues an expression; where nothing comes before it, Ruby refuses the file.
        if let k = builder.strayStart {
            let t = tokens[k]
            throw RubySyntaxError(
                Message("podfile.error.nothing-to-continue", ["token": t.text]), file: file, line: t.line,
                column: t.column, remedy: Message("podfile.error.nothing-to-continue.remedy"))
        }
    }

    static func isSignificant(_ t: RubyToken) -> Bool {
        t.kind != .comment && t.kind != .blockComment && t.kind != .heredocBody
    }

    static func matchBlocks(_ tokens: [RubyToken], file: String) throws -> ([Int: Int], Set<Int>) {
        var stack: [Int] = []
        var match: [Int: Int] = [:]
        var braces: Set<Int> = []
        var loopDoPending = false
        var prev: RubyToken?
        var prevOnLines: RubyToken?  // the previous token other than a newline
        for (k, t) in tokens.enumerated() where isSignificant(t) {
            defer { prev = t; if t.kind != .newline { prevOnLines = t } }
            // `a,,b` and `(,` leave an empty argument: Ruby refuses them (a trailing `a, b,)` is fine).
            if t.isPunct(","), let p = prevOnLines, p.kind == .punct, [",", "(", "[", "{"].contains(p.text) {
                throw RubySyntaxError(
                    Message("podfile.error.extra-comma", ["token": p.text]), file: file, line: t.line,
                    column: t.column, remedy: Message("podfile.error.extra-comma.remedy"))
            }
            // The statement tree is built recursively: bound the depth so hostile input cannot exhaust the stack.
            if stack.count > RubyLexer.maxNesting {
                throw RubySyntaxError(
                    Message("podfile.error.too-deep", ["limit": String(RubyLexer.maxNesting)]), file: file,
                    line: t.line, column: t.column, remedy: Message("podfile.error.too-deep.remedy"))
            }
            // `x if y`, `return if y`, `next unless y` are modifiers; `x = if y` opens a block.
            let atStatementStart =
                prev == nil
                || !(prev!.endsValue
                    || (prev!.kind == .keyword && ["next", "return", "break", "redo", "retry"].contains(prev!.text)))
            switch t.kind {
            case .newline:
                loopDoPending = false
            case .keyword:
                switch t.text {
                case "if", "unless", "while", "until":
                    guard atStatementStart else { continue }
                    stack.append(k)
                    if t.text == "while" || t.text == "until" { loopDoPending = true }
                case "for":
                    stack.append(k)
                    loopDoPending = true
                case "def", "class", "module", "begin", "case":
                    stack.append(k)
                case "do":
                    if loopDoPending { loopDoPending = false } else { stack.append(k) }
                case "end":
                    guard let open = stack.popLast() else {
                        throw RubySyntaxError(
                            Message("podfile.error.unexpected-closer", ["token": "end"]), file: file,
                            line: t.line, column: t.column,
                            remedy: Message("podfile.error.unexpected-closer.remedy", ["token": "end"]))
                    }
                    guard tokens[open].kind == .keyword else { throw mismatch(tokens[open], t, file) }
                    match[open] = k
                default: break
                }
            case .punct:
                switch t.text {
                case ";": loopDoPending = false
                case "(", "[": stack.append(k)
                case "{":
                    stack.append(k)
                    if let p = prev, [.identifier, .constant].contains(p.kind) || p.isPunct(")") { braces.insert(k) }
                case ")", "]", "}":
                    let want = [")": "(", "]": "[", "}": "{"][t.text]!
                    guard let open = stack.popLast() else {
                        throw RubySyntaxError(
                            Message("podfile.error.unexpected-closer", ["token": t.text]), file: file,
                            line: t.line, column: t.column,
                            remedy: Message("podfile.error.unexpected-closer.remedy", ["token": t.text]))
                    }
                    guard tokens[open].text == want else { throw mismatch(tokens[open], t, file) }
                    match[open] = k
                default: break
                }
            default: break
            }
        }
        if let open = stack.last {
            let o = tokens[open]
            let closer = o.kind == .keyword ? "end" : ["(": ")", "[": "]", "{": "}"][o.text] ?? "end"
            throw RubySyntaxError(
                Message("podfile.error.unclosed", ["token": o.text, "closer": closer]), file: file,
                line: o.line, column: o.column,
                remedy: Message("podfile.error.unclosed.remedy", ["closer": closer]))
        }
        return (match, braces)
    }

    static func mismatch(_ open: RubyToken, _ close: RubyToken, _ file: String) -> RubySyntaxError {
        RubySyntaxError(
            Message(
                "podfile.error.mismatch",
                [
                    "close": close.text, "open": open.text,
                    "line": String(open.line),
                ]),
            file: file, line: close.line, column: close.column,
            remedy: Message("podfile.error.mismatch.remedy"))
    }

    // MARK: - Queries

    /// Byte range of a statement, from its first to its last token.
    func range(of s: RubyStatement) -> Range<Int> {
        tokens[s.first].range.lowerBound..<tokens[s.last].range.upperBound
    }

    /// Source text of a statement.
    func text(of s: RubyStatement) -> String { String(decoding: bytes[range(of: s)], as: UTF8.self) }

    /// The call arguments of a named statement, split at top-level commas (token indices), excluding
    /// the parentheses of `name(…)` and any block.
    func arguments(of s: RubyStatement) -> [[Int]] {
        var k = s.first + 1
        var end = s.last + 1
        if let b = s.block { end = b.opener }
        var out: [[Int]] = []
        var current: [Int] = []
        if k < end, tokens[k].isPunct("("), !tokens[k].spaceBefore, let close = match[k] {
            end = min(end, close)
            k += 1
        }
        while k < end {
            let t = tokens[k]
            if !Self.isSignificant(t) || t.kind == .newline { k += 1; continue }
            if t.isPunct(",") { out.append(current); current = []; k += 1; continue }
            if let close = match[k], close < end {
                current += Array(k...close)
                k = close + 1
                continue
            }
            current.append(k)
            k += 1
        }
        if !current.isEmpty { out.append(current) }
        return out
    }

    /// The start of the line containing `offset`.
    func lineStart(_ offset: Int) -> Int {
        var k = offset
        while k > 0, bytes[k - 1] != 0x0A { k -= 1 }
        return k
    }

    /// The offset just after the newline ending the line containing `offset` (or end of file).
    func lineEnd(_ offset: Int) -> Int {
        var k = offset
        while k < bytes.count, bytes[k] != 0x0A { k += 1 }
        return k < bytes.count ? k + 1 : k
    }

    /// Where a new line may go after the line containing `offset`: its end, or, when a literal continues
    /// past it (a string spanning lines, a heredoc body), the end of the line where that literal ends.
    func insertionLineEnd(_ offset: Int) -> Int {
        var at = lineEnd(offset)
        var moved = true
        while moved {
            moved = false
            for t in tokens
            where t.range.upperBound > at
                && (t.range.lowerBound < at || (t.kind == .heredocBody && t.range.lowerBound == at))
            {
                at = lineEnd(max(t.range.upperBound - 1, at))
                moved = true
            }
        }
        return at
    }

    /// Leading whitespace of the line containing `offset`.
    func indentation(at offset: Int) -> String {
        let s = lineStart(offset)
        var e = s
        while e < bytes.count, bytes[e] == 0x20 || bytes[e] == 0x09 { e += 1 }
        return String(decoding: bytes[s..<e], as: UTF8.self)
    }

    /// The file's newline: CRLF when its first line ending is CRLF.
    var newline: String {
        if let n = bytes.firstIndex(of: 0x0A), n > 0, bytes[n - 1] == 0x0D { return "\r\n" }
        return "\n"
    }
}

/// Builds statements from tokens and the block structure.
struct StatementBuilder {
    let tokens: [RubyToken]
    let match: [Int: Int]
    let blockBraces: Set<Int>
    /// The first statement that starts with a token only a continuation can start with (`.`, `&.`, `,`).
    var strayStart: Int?

    func significant(_ k: Int) -> Bool { RubySyntax.isSignificant(tokens[k]) }

    /// Next significant token index at or after k (before `end`), or nil.
    func nextSignificant(_ k: Int, _ end: Int) -> Int? {
        var j = k
        while j < end { if significant(j) { return j }; j += 1 }
        return nil
    }

    func isContinuation(newlineAt j: Int, previous: Int?, end: Int) -> Bool {
        if let p = previous {
            let t = tokens[p]
            if t.kind == .punct, ![")", "]", "}"].contains(t.text) { return true }
            if t.kind == .keyword, ["and", "or", "not"].contains(t.text) { return true }
        }
        var n = j + 1
        while n < end, !significant(n) || tokens[n].kind == .newline { n += 1 }
        if n < end, tokens[n].isPunct(".") || tokens[n].isPunct("&.") { return true }
        return false
    }

    mutating func parseBody(_ start: Int, _ end: Int) -> [RubyStatement] {
        var out: [RubyStatement] = []
        var k = start
        while k < end {
            let t = tokens[k]
            if !significant(k) || t.kind == .newline || t.isPunct(";") { k += 1; continue }
            if t.kind == .keyword, RubySyntax.midKeywords.contains(t.text) { k += 1; continue }
            if strayStart == nil, t.kind == .punct, [".", "&.", ","].contains(t.text) { strayStart = k }
            let (stmt, next) = parseStatement(k, end)
            out.append(stmt)
            k = max(next, k + 1)
        }
        return out
    }

    mutating func parseStatement(_ start: Int, _ end: Int) -> (RubyStatement, Int) {
        var stmt = RubyStatement(
            first: start, last: start, name: nil, compound: nil, blocks: [], children: [],
            line: tokens[start].line)
        let first = tokens[start]
        // A receiver-less call: `name`, `name arg…`, `name(…)`, `name do`/`{`;
        // not `name = …`, `name == …`, `name.x`.
        if first.kind == .identifier {
            if let next = nextSignificant(start + 1, end), tokens[next].kind == .punct {
                if ["(", "{", ";"].contains(tokens[next].text) { stmt.name = first.text }
            } else {
                stmt.name = first.text
            }
        }
        var j = start
        var lastSig = start
        if first.kind == .keyword, RubySyntax.openerKeywords.contains(first.text), let close = match[start] {
            stmt.compound = first.text
            stmt.children = parseBody(start + 1, close)
            j = close + 1
            lastSig = close
        }
        while j < end {
            let t = tokens[j]
            if !significant(j) { j += 1; continue }
            if t.kind == .newline {
                if isContinuation(newlineAt: j, previous: lastSig, end: end) { j += 1; continue }
                break
            }
            if t.isPunct(";") { break }
            if t.kind == .keyword, RubySyntax.midKeywords.contains(t.text) { break }
            if let close = match[j] {
                if t.isKeyword("do") || blockBraces.contains(j) {
                    stmt.blocks.append(parseBlock(j, close, isBrace: t.text == "{"))
                } else if t.kind == .keyword, j != start {
                    // `x = if …`: keep its body reachable.
                    stmt.children += parseBody(j + 1, close)
                }
                lastSig = close
                j = close + 1
                continue
            }
            lastSig = j
            j += 1
        }
        stmt.last = lastSig
        return (stmt, j)
    }

    mutating func parseBlock(_ opener: Int, _ closer: Int, isBrace: Bool) -> RubyBlock {
        var params: [String] = []
        var bodyStart = opener + 1
        if let p = nextSignificant(opener + 1, closer), tokens[p].kind != .newline {
            if tokens[p].isPunct("||") {
                bodyStart = p + 1
            } else if tokens[p].isPunct("|") {
                var q = p + 1
                while q < closer, !tokens[q].isPunct("|") {
                    if tokens[q].kind == .identifier { params.append(tokens[q].text) }
                    q += 1
                }
                bodyStart = q + 1
            }
        }
        let body = parseBody(bodyStart, closer)
        return RubyBlock(
            opener: opener, closer: closer, isBrace: isBrace, parameters: params, bodyStart: bodyStart, body: body)
    }
}
