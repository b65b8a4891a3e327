import Foundation
import PodMirrorFoundation

/// The text toolkit that every Podfile verb's editor shares: one parsed document, the `TextEdit`s decided on it
/// so far and the warnings found, with the helpers that write Ruby text the way the file already has it.
struct PodfileTextEdits {
    let doc: PodfileDocument
    var edits: [TextEdit] = []
    var warnings: [Diagnostic] = []

    var syntax: RubySyntax { doc.syntax }
    var reader: PodfileReader { doc.reader }
    var nl: String { syntax.newline }

    init(doc: PodfileDocument) {
        self.doc = doc
    }

    /// A finding about the edit, from the catalog (URLs in it redacted by the caller).
    func finding(_ severity: Diagnostic.Severity, _ code: DiagnosticCode, _ message: Message, line: Int? = nil)
        -> Diagnostic
    {
        Diagnostic(severity, code: code, message, file: doc.path, line: line)
    }

    // MARK: - Shared text helpers

    /// A Ruby string literal of `value` in the quote style of `like` (single quotes by default).
    func literal(_ value: String, like: RubyToken? = nil) -> String {
        let double =
            like.map { $0.delimiter == "\"" || $0.delimiter == "\u{201C}" || $0.delimiter == "\u{201D}" } ?? false
        if double {
            let escaped = value.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(
                of: "\"", with: "\\\""
            )
            .replacingOccurrences(of: "#{", with: "\\#{")
            return "\"\(escaped)\""
        }
        return "'" + value.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'") + "'"
    }

    /// Replacement text for a string token's content, keeping its delimiters.
    func contentEdit(_ token: RubyToken, value: String) -> TextEdit? {
        guard let content = token.contentRange, token.value != nil else { return nil }
        var escaped = value.replacingOccurrences(of: "\\", with: "\\\\")
        if token.delimiter == "\"" {
            escaped = escaped.replacingOccurrences(of: "\"", with: "\\\"").replacingOccurrences(of: "#{", with: "\\#{")
        } else if token.delimiter == "'" {
            escaped = escaped.replacingOccurrences(of: "'", with: "\\'")
        } else if escaped != value || value.contains("'") || value.contains("\"") {
            return nil
        }
        return TextEdit(range: content, replacement: escaped)
    }

    /// True when only whitespace precedes `offset` on its line.
    func startsLine(_ offset: Int) -> Bool {
        syntax.bytes[syntax.lineStart(offset)..<offset].allSatisfy { $0 == 0x20 || $0 == 0x09 }
    }

    /// True when only whitespace or a comment follows `offset` on its line.
    func endsLine(_ offset: Int) -> Bool {
        var k = offset
        while k < syntax.bytes.count, syntax.bytes[k] == 0x20 || syntax.bytes[k] == 0x09 || syntax.bytes[k] == 0x0D {
            k += 1
        }
        return k >= syntax.bytes.count || syntax.bytes[k] == 0x0A || syntax.bytes[k] == UInt8(ascii: "#")
    }

    /// Removes a statement: its whole lines when it stands alone on them, else just its text.
    func deletion(of s: RubyStatement) -> TextEdit {
        let r = syntax.range(of: s)
        if startsLine(r.lowerBound), endsLine(r.upperBound) {
            return .delete(syntax.lineStart(r.lowerBound)..<syntax.lineEnd(r.upperBound))
        }
        // `a; b` → `a`: take the separator before the statement, else the one after it.
        var start = r.lowerBound
        while start > 0, syntax.bytes[start - 1] == 0x20 || syntax.bytes[start - 1] == 0x09 { start -= 1 }
        if start > 0, syntax.bytes[start - 1] == UInt8(ascii: ";") { return .delete((start - 1)..<r.upperBound) }
        var end = r.upperBound
        while end < syntax.bytes.count, syntax.bytes[end] == 0x20 || syntax.bytes[end] == UInt8(ascii: ";") { end += 1 }
        return .delete(r.lowerBound..<end)
    }

    /// Deletes a DSL call (`source …`, `inhibit_all_warnings!`) — only when the statement is that call
    /// alone: one continued by a method chain or a block (`inhibit_all_warnings!\n.each do … end`)
    /// would take other code with it, so podmirror refuses instead.
    func callDeletion(of s: RubyStatement, takesArguments: Bool = true) throws -> TextEdit {
        var goesOn = !takesArguments && s.first != s.last
        var k = s.first
        while !goesOn, k <= s.last {
            let t = syntax.tokens[k]
            goesOn =
                RubySyntax.isSignificant(t)
                && (t.isPunct(".") || t.isPunct("&.") || t.isKeyword("do") || syntax.blockBraces.contains(k))
            if let close = syntax.match[k], !t.isKeyword("do") { k = close + 1 } else { k += 1 }
        }
        guard !goesOn else {
            throw PodfileError(
                Message(
                    "podfile.error.statement-goes-on",
                    [
                        "name": s.name ?? syntax.tokens[s.first].text,
                        "statement": String(syntax.text(of: s).prefix(60)),
                    ]),
                file: doc.path, line: s.line, remedy: Message("podfile.error.by-hand.remedy"), code: .podfileUnplaceable
            )
        }
        return deletion(of: s)
    }

    /// Root-level statements whose line a new root statement may follow.
    func isRootStatement(_ s: RubyStatement) -> Bool { syntax.statements.contains { $0.first == s.first } }

    /// A comment line in `scope` (outside nested statements) matching `pattern`, e.g. `# platform :ios, '9.0'`.
    func commentedLine(in scope: PodfileScope, matching pattern: String) -> RubyToken? {
        let bodyRange: Range<Int>
        let statements: [RubyStatement]
        if let block = scope.block {
            bodyRange = syntax.tokens[block.opener].range.upperBound..<syntax.tokens[block.closer].range.lowerBound
            statements = block.body
        } else {
            bodyRange = 0..<(syntax.dataStart ?? syntax.bytes.count)
            statements = syntax.statements
        }
        let occupied = statements.map { syntax.range(of: $0) }
        return syntax.tokens.first { t in
            t.kind == .comment && bodyRange.contains(t.range.lowerBound) && startsLine(t.range.lowerBound)
                && !occupied.contains { $0.contains(t.range.lowerBound) }
                && t.text.range(of: pattern, options: .regularExpression) != nil
        }
    }

    /// Inserts `line` (without newline) on a new line after the statement, with its indentation.
    func insertion(after s: RubyStatement, _ line: String) -> TextEdit {
        let r = syntax.range(of: s)
        let indent = syntax.indentation(at: r.lowerBound)
        let end = syntax.insertionLineEnd(r.upperBound)
        if end == syntax.bytes.count, syntax.bytes.last != 0x0A {
            return .insert(lineBreak(endingLineAt: end) + indent + line, at: end)
        }
        return .insert(indent + line + nl, at: end)
    }

    /// What ends the unterminated line before `offset`: the file's newline, or only `\n` after a
    /// bare `\r` (which would otherwise stay as a stray character at the end of that line).
    func lineBreak(endingLineAt offset: Int) -> String {
        offset > 0 && syntax.bytes[offset - 1] == 0x0D ? "\n" : nl
    }

    /// The indentation of a block's body: its first statement's, else the opener line's plus one level.
    func bodyIndent(_ block: RubyBlock) -> String {
        let opener = syntax.tokens[block.opener]
        // The first statement on a line of its own (not `do x = 1`) sets the body's indentation.
        if let first = block.body.map({ syntax.tokens[$0.first] }).first(where: { $0.line > opener.line }) {
            return syntax.indentation(at: first.range.lowerBound)
        }
        let base = syntax.indentation(at: syntax.tokens[block.opener].range.lowerBound)
        return base + (base.hasPrefix("\t") ? "\t" : "  ")
    }

    /// Where a new top-of-file statement goes: after only the file's header — the BOM, a shebang and magic
    /// comments, and comment blocks that a blank line separates from what follows and that hold no
    /// commented-out Podfile code. A comment block right above code, or one holding code to uncomment
    /// (`pod init`'s `# platform :ios, '9.0'`), belongs to that code, so the new line goes before it.
    var topInsertionOffset: Int {
        let b = syntax.bytes
        var k = b.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        var header = k
        var magicOpen = true
        var block: (end: Int, hasCode: Bool)?
        while k < b.count {
            let lineEnd = syntax.lineEnd(k)
            let text = String(decoding: b[k..<lineEnd], as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            if text.isEmpty {
                if let open = block {
                    if open.hasCode { break }
                    header = open.end
                    block = nil
                }
                magicOpen = false
            } else if text.hasPrefix("#") {
                if magicOpen, block == nil, Self.isMagicComment(text) {
                    header = lineEnd
                } else {
                    magicOpen = false
                    block = (lineEnd, (block?.hasCode ?? false) || Self.isCommentedCode(text))
                }
            } else {
                break
            }
            k = lineEnd
        }
        // A file of comments only: new lines go after them, unless they hold code to uncomment.
        if k >= b.count, let open = block, !open.hasCode { return open.end }
        // After a header and its blank lines, the new line starts the next paragraph.
        var p = header
        while p < b.count {
            let lineEnd = syntax.lineEnd(p)
            guard b[p..<lineEnd].allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D || $0 == 0x0A }) else { break }
            p = lineEnd
        }
        return p < b.count && header > 0 ? p : header
    }

    static func isMagicComment(_ text: String) -> Bool {
        let lower = text.lowercased()
        return lower.hasPrefix("#!") || lower.contains("frozen_string_literal") || lower.contains("coding:")
            || lower.contains("-*-")
    }

    /// A comment that is a Podfile statement commented out (`# platform :ios, '9.0'`, `# pod 'A'`).
    static func isCommentedCode(_ text: String) -> Bool {
        let pattern =
            #"^#+\s*(platform\s+:|source\s+['"]|pod\s+['"]|target\s+['"]|abstract_target\s|project\s+['"]|"#
            + #"workspace\s+['"]|use_frameworks!|use_modular_headers!|inhibit_all_warnings!|install!|plugin\s|"#
            + #"post_install\s|pre_install\s)"#
        return text.range(of: pattern, options: .regularExpression) != nil
    }

    /// Inserts lines at the top insertion point, followed by a blank line when code follows directly.
    func topInsertion(_ lines: [String]) -> TextEdit {
        let at = topInsertionOffset
        var text = lines.map { $0 + nl }.joined()
        let b = syntax.bytes
        if at > 0, b[at - 1] != 0x0A { text = lineBreak(endingLineAt: at) + text }
        if at < b.count, b[at] != 0x0A, b[at] != 0x0D { text += nl }
        return .insert(text, at: at)
    }
}
