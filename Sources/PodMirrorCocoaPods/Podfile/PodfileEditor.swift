import Foundation
import PodMirrorFoundation

/// One requested change to a Podfile.
package enum PodfileEdit: Sendable, Equatable {
    /// Use this Specs mirror (catalog name or URL) in place of official/catalog sources.
    case useSource(String)
    case addSource(String, first: Bool)
    case removeSource(String)
    case setSources([String])
    /// `platform :NAME, 'VERSION'` at root (target nil) or in a target's block.
    case platform(PlatformVersion, target: String? = nil, force: Bool = false)
    case inhibitWarnings(Bool)
    case buildSetting(key: String, value: String, configuration: String? = nil, pod: String? = nil)
    case unsetBuildSetting(key: String, configuration: String? = nil, pod: String? = nil)
    /// Raise every pod target's deployment target on `platform` to at least `version` (post_install).
    case deploymentTarget(PlatformVersion)

    /// One line for a person (URL credentials redacted).
    package var summary: String { Redaction.redactText(rawSummary) }

    var rawSummary: String { message(in: .english) }

    /// The edit as a sentence in `language` (credentials not yet redacted).
    func message(in language: Language) -> String {
        func t(_ key: String, _ args: [String: String] = [:]) -> String {
            Message(key, args).text(in: language)
        }
        func scope(_ configuration: String?, _ pod: String?) -> String {
            [
                configuration.map { t("podfile.edit.scope.configuration", ["configuration": $0]) },
                pod.map { t("podfile.edit.scope.pod", ["pod": $0]) },
            ].compactMap { $0 }.map { " " + $0 }.joined()
        }
        switch self {
        case .useSource(let m): return t("podfile.edit.use-source", ["source": m])
        case .addSource(let u, let first):
            return t(first ? "podfile.edit.add-source-first" : "podfile.edit.add-source", ["url": u])
        case .removeSource(let u): return t("podfile.edit.remove-source", ["url": u])
        case .setSources(let l): return t("podfile.edit.set-sources", ["urls": l.joined(separator: ", ")])
        case .platform(let p, let target, _):
            let (n, v) = (p.platform.rawValue, p.version)
            return target.map { t("podfile.edit.platform-in-target", ["name": n, "version": v, "target": $0]) }
                ?? t("podfile.edit.platform", ["name": n, "version": v])
        case .inhibitWarnings(let on): return t(on ? "podfile.edit.inhibit-on" : "podfile.edit.inhibit-off")
        case .buildSetting(let k, let v, let c, let p):
            return t("podfile.edit.build-setting", ["key": k, "value": v]) + scope(c, p)
        case .unsetBuildSetting(let k, let c, let p):
            return t("podfile.edit.unset-build-setting", ["key": k]) + scope(c, p)
        case .deploymentTarget(let p):
            return t("podfile.edit.deployment-target", ["platform": p.platform.rawValue, "version": p.version])
        }
    }
}

/// The result of applying edits to a Podfile's bytes.
package struct PodfileEditResult: Sendable {
    package var old: [UInt8]
    package var new: [UInt8]
    package var warnings: [Diagnostic]
    package var changed: Bool { old != new }
}

/// Turns `PodfileEdit`s into byte patches and plans. Each edit is decided on the parsed tree of the
/// bytes produced by the previous one, so a list of edits composes into one file change.
package enum PodfileEditor {
    /// Applies edits in order to a document's bytes. Throws `PodfileError` for requests that cannot be
    /// done (unknown target, platform expression without force, two post_install hooks). The result is
    /// checked to parse again before it is returned.
    package static func apply(
        _ edits: [PodfileEdit], to document: PodfileDocument,
        catalog: MirrorCatalog
    ) throws -> PodfileEditResult {
        var doc = document
        var warnings: [Diagnostic] = []
        for edit in edits {
            var ctx = EditContext(doc: doc, catalog: catalog)
            try ctx.decide(edit)
            warnings += ctx.warnings
            guard !ctx.edits.isEmpty else { continue }
            let bytes = try doc.bytes.applying(ctx.edits)
            if bytes == doc.bytes { continue }
            let next: PodfileDocument
            do {
                next = try PodfileDocument(bytes: bytes, path: doc.path)
            } catch {
                throw PodfileError(
                    Message(
                        "podfile.error.internal", ["edit": edit.summary, "reason": String(describing: error)]),
                    file: document.path, code: .podfileInternal)
            }
            // Self-check: the same edit on the result must change nothing. Where the file's structure
            // defeats that (text that only continues the line above, literals spanning lines), refuse
            // rather than write a file that the next run would change again.
            var again = EditContext(doc: next, catalog: catalog)
            let settled =
                (try? again.decide(edit)) != nil
                && (again.edits.isEmpty || (try? next.bytes.applying(again.edits)) == next.bytes)
            if !settled {
                let line = ctx.edits.map { doc.bytes.lineNumber(at: $0.range.lowerBound) }.min()
                throw PodfileError(
                    Message("podfile.error.unplaceable", ["edit": edit.summary]), file: document.path, line: line,
                    remedy: Message("podfile.error.by-hand.remedy"), code: .podfileUnplaceable)
            }
            doc = next
        }
        return PodfileEditResult(old: document.bytes, new: doc.bytes, warnings: warnings)
    }

    /// One `podfile-edit` change for the file at `path`, combining all edits; `isNeeded` is false when the
    /// Podfile is already as asked.
    package static func change(
        _ edits: [PodfileEdit], document: PodfileDocument, catalog: MirrorCatalog,
        fs: any FileSystem, displayPath: String? = nil
    ) throws -> (Change, [Diagnostic]) {
        let result = try apply(edits, to: document, catalog: catalog)
        let after = try PodfileDocument(bytes: result.new, path: document.path)
        let summary = edits.map(\.summary).joined(separator: "; ") + " in \(displayPath ?? document.path)"
        let details: JSONValue = .object([
            "edits": .array(edits.map { .string($0.summary) }), "podfile": .string(document.path),
            "after": after.model.json,
        ])
        var change = Change.fileEdit(
            id: "podfile.edit:\(document.path)", kind: .podfileEdit, path: document.path,
            displayPath: displayPath, old: result.old, new: result.new, summary: summary,
            details: details, fileSystem: fs)
        // The edits are phrased in this run's language here, as the catalog cannot nest messages;
        // `summary` above stays the English JSON carries.
        let language = Messages.language
        change.message = Message(
            "podfile.edit.summary",
            [
                "edits": edits.map { Redaction.redactText($0.message(in: language)) }
                    .joined(separator: Message("podfile.edit.separator").text(in: language)),
                "path": displayPath ?? document.path,
            ])
        return (change, result.warnings)
    }

    /// A plan with one change for the Podfile at `path`.
    package static func plan(
        _ edits: [PodfileEdit], podfile path: String, fs: any FileSystem,
        catalog: MirrorCatalog, displayPath: String? = nil
    ) throws -> Plan {
        let doc = try PodfileDocument.load(path: path, fs: fs)
        let (change, warnings) = try change(edits, document: doc, catalog: catalog, fs: fs, displayPath: displayPath)
        var plan = Plan(title: "podfile", changes: [change], warnings: warnings)
        plan.removingLeftovers(beside: [path], fileSystem: fs)
        return plan
    }
}

/// Decides the `TextEdit`s for one edit on one parsed document.
struct EditContext {
    let doc: PodfileDocument
    let catalog: MirrorCatalog
    var edits: [TextEdit] = []
    var warnings: [Diagnostic] = []

    var syntax: RubySyntax { doc.syntax }
    var reader: PodfileReader { doc.reader }
    var nl: String { syntax.newline }

    init(doc: PodfileDocument, catalog: MirrorCatalog) {
        self.doc = doc
        self.catalog = catalog
    }

    mutating func decide(_ edit: PodfileEdit) throws {
        switch edit {
        case .useSource(let m): try useSource(m)
        case .addSource(let u, let first): try addSource(u, first: first)
        case .removeSource(let u): try removeSource(u)
        case .setSources(let l): try setSources(l)
        case .platform(let p, let t, let f): try platform(p, target: t, force: f)
        case .inhibitWarnings(let on): try inhibitWarnings(on)
        case .buildSetting(let k, let v, let c, let p): try buildSetting(key: k, value: v, configuration: c, pod: p)
        case .unsetBuildSetting(let k, let c, let p): try unsetBuildSetting(key: k, configuration: c, pod: p)
        case .deploymentTarget(let p): try deploymentTarget(p)
        }
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
