import Foundation
import PodMirrorFoundation

extension RubyLexer {
    static let ops3 = ["**=", "<=>", "===", "...", "<<=", ">>=", "&&=", "||="]
    static let ops2 = [
        "**", "==", "!=", "=~", "!~", "<=", ">=", "&&", "||", "<<", ">>", "+=", "-=", "*=", "/=",
        "%=", "|=", "&=", "^=", "=>", "->", "..", "::", "&.",
    ]

    mutating func lexToken(_ start: Int) throws {
        let b = bytes[i]
        if let (q, len) = quote(at: i) {
            i += len
            let (value, content) = try scanDelimited(
                close: q, open: nil, interpolating: q == UInt8(ascii: "\""), startedAt: start)
            // `"key": value` is a label.
            if peek() == UInt8(ascii: ":"), peek(1) != UInt8(ascii: ":"), let next = peek(1),
                next == 0x20 || next == 0x09
            {
                i += 1
                add(.label, from: start, value: value)
                return
            }
            add(
                .string, from: start, value: value, content: content,
                delimiter: String(decoding: bytes[start..<(start + len)], as: UTF8.self))
            return
        }
        if Self.isIdentStart(b) { return lexIdentifier(start) }
        if Self.isDigit(b) { return lexNumber(start) }
        switch b {
        case UInt8(ascii: "@"):
            i += 1
            if peek() == UInt8(ascii: "@") { i += 1 }
            while let c = peek(), Self.isIdentChar(c) { i += 1 }
            add(.variable, from: start)
        case UInt8(ascii: "$"):
            i += 1
            if let c = peek(), Self.isIdentChar(c) {
                while let c = peek(), Self.isIdentChar(c) { i += 1 }
            } else if peek() != nil {
                i += 1
            }
            add(.variable, from: start)
        case UInt8(ascii: ":") where peek(1) != UInt8(ascii: ":") && !(i > 0 && bytes[i - 1] == UInt8(ascii: ":")):
            try lexColon(start)
        case UInt8(ascii: "`"):
            i += 1
            let (value, content) = try scanDelimited(close: b, open: nil, interpolating: true, startedAt: start)
            add(.string, from: start, value: value, content: content, delimiter: "`")
        case UInt8(ascii: "%") where !afterValue || commandArgumentStart(at: i):
            if try lexPercentLiteral(start) { return }
            lexPunct(start)
        case UInt8(ascii: "/") where !afterValue || commandArgumentStart(at: i):
            i += 1
            _ = try scanDelimited(close: b, open: nil, interpolating: true, startedAt: start)
            while let c = peek(), Self.isIdentChar(c) { i += 1 }
            add(.regex, from: start)
        case UInt8(ascii: "<") where peek(1) == UInt8(ascii: "<"):
            if try lexHeredocStart(start) { return }
            lexPunct(start)
        case UInt8(ascii: "?") where !afterValue || commandArgumentStart(at: i):
            // Character literal `?a`.
            if let c = peek(1), c != 0x20, c != 0x0A, c != 0x09, !(peek(2).map(Self.isIdentChar) ?? false) {
                i += 2
                add(.string, from: start, value: String(UnicodeScalar(c)))
            } else {
                lexPunct(start)
            }
        default:
            lexPunct(start)
        }
    }

    mutating func lexPunct(_ start: Int) {
        for group in [Self.ops3, Self.ops2] {
            for op in group {
                let o = Array(op.utf8)
                if i + o.count <= bytes.count, Array(bytes[i..<(i + o.count)]) == o {
                    i += o.count
                    add(.punct, from: start)
                    return
                }
            }
        }
        // One character (a whole UTF-8 scalar when not ASCII).
        i += 1
        while i < bytes.count, bytes[i] & 0xC0 == 0x80 { i += 1 }
        add(.punct, from: start)
    }

    mutating func lexIdentifier(_ start: Int) {
        // Typographic quotes are quotes, not identifier characters.
        while let c = peek(), Self.isIdentChar(c), quote(at: i) == nil { i += 1 }
        if let c = peek(), c == UInt8(ascii: "?") || c == UInt8(ascii: "!"),
            peek(1) != UInt8(ascii: "=") || peek(2) == UInt8(ascii: "=")
        {
            i += 1
        }
        let text = String(decoding: bytes[start..<i], as: UTF8.self)
        // A method name (`x.end`, `def end`) is never a keyword; `def self.x` keeps `self`.
        let afterDot =
            lastSignificant.map { $0.isPunct(".") || $0.isPunct("&.") || ($0.isKeyword("def") && text != "self") }
            ?? false
        // `name:` label (not `name::`, not `a ? b :c`); after a method-call dot a name is never a keyword.
        if peek() == UInt8(ascii: ":"), peek(1) != UInt8(ascii: ":"), !text.hasSuffix("?"), !afterDot,
            !(lastSignificant?.isPunct("?") ?? false)
        {
            i += 1
            add(.label, from: start, value: text)
            return
        }
        if !afterDot, Self.keywords.contains(text) {
            add(.keyword, from: start)
        } else if let f = text.utf8.first, f >= 0x41, f <= 0x5A {
            add(.constant, from: start)
        } else {
            add(.identifier, from: start)
        }
    }

    mutating func lexNumber(_ start: Int) {
        while let c = peek(), Self.isIdentChar(c) || (c == UInt8(ascii: ".") && (peek(1).map(Self.isDigit) ?? false)) {
            i += 1
        }
        add(.number, from: start)
    }

    mutating func lexColon(_ start: Int) throws {
        // Symbol `:name`, `:"name"`, `:+`; otherwise a ternary/hash colon.
        if let c = peek(1), Self.isIdentStart(c), quote(at: i + 1) == nil {
            i += 1
            while let c = peek(), Self.isIdentChar(c), quote(at: i) == nil { i += 1 }
            if let c = peek(), c == UInt8(ascii: "?") || c == UInt8(ascii: "!") || c == UInt8(ascii: "="),
                peek(1) != UInt8(ascii: "="), peek(1) != UInt8(ascii: ">")
            {
                if c != UInt8(ascii: "=") { i += 1 }
            }
            add(.symbol, from: start, value: String(decoding: bytes[(start + 1)..<i], as: UTF8.self))
            return
        }
        if let (q, len) = quote(at: i + 1) {
            i += 1 + len
            let (value, _) = try scanDelimited(
                close: q, open: nil, interpolating: q == UInt8(ascii: "\""), startedAt: start)
            add(.symbol, from: start, value: value)
            return
        }
        lexPunct(start)
    }

    /// `%q(...)`, `%Q[...]`, `%w{...}`, `%i<...>`, `%(...)`, `%r{...}`, `%s(...)`. Returns false when `%` is an
    /// operator.
    mutating func lexPercentLiteral(_ start: Int) throws -> Bool {
        var j = i + 1
        var type: UInt8 = UInt8(ascii: "Q")
        if j < bytes.count, "qQwWiIrsx".utf8.contains(bytes[j]) {
            type = bytes[j]
            j += 1
        }
        guard j < bytes.count else { return false }
        let open = bytes[j]
        if Self.isIdentChar(open) || open == 0x20 || open == 0x0A || open == 0x09 || open == 0x3D { return false }
        let pairs: [UInt8: UInt8] = [0x28: 0x29, 0x5B: 0x5D, 0x7B: 0x7D, 0x3C: 0x3E]
        i = j + 1
        let interpolating = "QWIrx".utf8.contains(type)
        let (value, content) = try scanDelimited(
            close: pairs[open] ?? open, open: pairs[open] == nil ? nil : open,
            interpolating: interpolating, startedAt: start)
        if type == UInt8(ascii: "r") { while let c = peek(), Self.isIdentChar(c) { i += 1 } }
        add(
            type == UInt8(ascii: "r") ? .regex : (type == UInt8(ascii: "s") ? .symbol : .string), from: start,
            value: value,
            content: content, delimiter: String(decoding: bytes[start...j], as: UTF8.self))
        return true
    }

    /// Scans up to and including the closing delimiter (nesting `open` when paired). Returns the decoded
    /// value when the literal has no interpolation, and the content's byte range.
    mutating func scanDelimited(close: UInt8, open: UInt8?, interpolating: Bool, startedAt start: Int) throws -> (
        String?, Range<Int>
    ) {
        let contentStart = i
        var depth = 0
        var value: [UInt8] = []
        var plain = true
        let typographicClose = close == UInt8(ascii: "'") || close == UInt8(ascii: "\"")
        while i < bytes.count {
            let c = bytes[i]
            if c == UInt8(ascii: "\\"), i + 1 < bytes.count {
                let n = bytes[i + 1]
                if close == UInt8(ascii: "'") || !interpolating {
                    // Single-quoted: only \\ and \<delimiter> are escapes.
                    if n == UInt8(ascii: "\\") || n == close || n == open { value.append(n) } else { value += [c, n] }
                } else {
                    switch n {
                    case UInt8(ascii: "n"): value.append(0x0A)
                    case UInt8(ascii: "t"): value.append(0x09)
                    default: value.append(n)
                    }
                }
                if n == 0x0A { line += 1; lineStart = i + 2 }
                i += 2
                continue
            }
            if let open, c == open { depth += 1 }
            if c == close || (typographicClose && open == nil && quote(at: i)?.0 == close) {
                if depth == 0 {
                    let contentEnd = i
                    i += quote(at: i)?.1 ?? 1
                    return (plain ? String(decoding: value, as: UTF8.self) : nil, contentStart..<contentEnd)
                }
                depth -= 1
            }
            if interpolating, c == UInt8(ascii: "#"), i + 1 < bytes.count, bytes[i + 1] == UInt8(ascii: "{") {
                plain = false
                i += 2
                try skipInterpolation(startedAt: start)
                continue
            }
            if c == 0x0A { line += 1; lineStart = i + 1 }
            value.append(c)
            i += 1
        }
        if typographicClose, open == nil, let opened = quoteOpenedEarlier() {
            let lines = [
                "closing": String(lineNumber(at: opened.range.upperBound)), "last": String(lineNumber(at: start)),
            ]
            throw error(Message("podfile.error.lex.string-opened", lines), at: opened.range.lowerBound)
        }
        throw error(Message("podfile.error.lex.string"), at: start)
    }

    /// When a quote is never closed, the quote missing its partner is usually earlier: every quote after it paired
    /// with the wrong one, so the first quoted string running over a line break is where it opened.
    func quoteOpenedEarlier() -> RubyToken? {
        tokens.first { t in
            t.kind == .string && t.delimiter != nil && quote(at: t.range.lowerBound) != nil
                && bytes[t.range].contains(0x0A)
        }
    }

    /// The 1-based line of byte `offset`.
    func lineNumber(at offset: Int) -> Int {
        1 + bytes[0..<min(offset, bytes.count)].reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
    }

    /// Skips `#{ … }`, including nested strings and braces.
    mutating func skipInterpolation(startedAt start: Int) throws {
        interpolationDepth += 1
        defer { interpolationDepth -= 1 }
        if interpolationDepth > Self.maxNesting {
            throw error(Message("podfile.error.lex.interpolation-depth", ["limit": String(Self.maxNesting)]), at: start)
        }
        var depth = 1
        while i < bytes.count {
            let c = bytes[i]
            if let (q, len) = quote(at: i) {
                i += len
                _ = try scanDelimited(close: q, open: nil, interpolating: q == UInt8(ascii: "\""), startedAt: i - len)
                continue
            }
            if c == UInt8(ascii: "{") { depth += 1 }
            if c == UInt8(ascii: "}") {
                depth -= 1
                if depth == 0 { i += 1; return }
            }
            if c == 0x0A { line += 1; lineStart = i + 1 }
            i += 1
        }
        throw error(Message("podfile.error.lex.interpolation"), at: start)
    }

    /// `<<~ID`, `<<-ID`, `<<ID`, with optional quotes around ID. Returns false for the `<<` operator.
    mutating func lexHeredocStart(_ start: Int) throws -> Bool {
        var j = i + 2
        var squiggly = false
        var dash = false
        if j < bytes.count, bytes[j] == UInt8(ascii: "~") {
            squiggly = true; j += 1
        } else if j < bytes.count, bytes[j] == UInt8(ascii: "-") {
            dash = true; j += 1
        }
        guard j < bytes.count else { return false }
        var id: String
        if let (q, len) = quote(at: j) {
            var e = j + len
            while e < bytes.count, quote(at: e)?.0 != q, bytes[e] != 0x0A { e += 1 }
            guard e < bytes.count, bytes[e] != 0x0A else { return false }
            id = String(decoding: bytes[(j + len)..<e], as: UTF8.self)
            j = e + (quote(at: e)?.1 ?? 1)
        } else {
            guard Self.isIdentStart(bytes[j]) else { return false }
            // Plain `<<ID` after a value is the shift/append operator unless it is a command argument.
            // `<<~id`/`<<-id` need an upper-case id after a value (`x <<-y` is a shift); plain `<<ID` always does.
            let upper = bytes[j] >= 0x41 && bytes[j] <= 0x5A || bytes[j] == 0x5F
            let argument = !afterValue || commandArgumentStart(at: i)
            if !squiggly && !dash && (!upper || !argument) { return false }
            if (squiggly || dash) && !argument && !upper { return false }
            var e = j
            while e < bytes.count, Self.isIdentChar(bytes[e]) { e += 1 }
            id = String(decoding: bytes[j..<e], as: UTF8.self)
            j = e
        }
        i = j
        add(.string, from: start, delimiter: String(decoding: bytes[start..<j], as: UTF8.self))
        pendingHeredocs.append((tokens.count - 1, id, squiggly || dash))
        return true
    }

    /// Called right after a newline: consumes the bodies of heredocs started on the previous line.
    mutating func lexHeredocBodies() throws {
        while !pendingHeredocs.isEmpty {
            let h = pendingHeredocs.removeFirst()
            let bodyStart = i
            var found = false
            while i < bytes.count {
                var e = i
                while e < bytes.count, bytes[e] != 0x0A { e += 1 }
                var text = bytes[i..<e]
                if text.last == 0x0D { text = text.dropLast() }
                var trimmed = text
                if h.squiggly { trimmed = trimmed.drop { $0 == 0x20 || $0 == 0x09 } }
                let isEnd = Array(trimmed) == Array(h.id.utf8)
                i = min(e + 1, bytes.count)
                if e < bytes.count { line += 1; lineStart = i }
                if isEnd { found = true; break }
            }
            guard found else {
                throw error(
                    Message("podfile.error.lex.heredoc", ["id": h.id]), at: tokens[h.index].range.lowerBound)
            }
            tokens[h.index].contentRange = bodyStart..<i
            tokens.append(
                RubyToken(
                    kind: .heredocBody, range: bodyStart..<i, line: tokens[h.index].line + 1, column: 1,
                    text: String(decoding: bytes[bodyStart..<i], as: UTF8.self), value: nil,
                    contentRange: nil, delimiter: nil, spaceBefore: true))
        }
    }
}
