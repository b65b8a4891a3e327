import Foundation
import PodMirrorFoundation

/// `platform :NAME, 'VERSION'` at root or in a target's block: rewrites the one there, uncomments
/// `pod init`'s line, or inserts one.
struct PodfilePlatformEditor: PodfileVerbEditor {
    var text: PodfileTextEdits

    /// The scope of target `name` (nil: root). Throws when there is no such target or it is ambiguous.
    func scope(named name: String?) throws -> PodfileScope {
        guard let name else { return text.reader.root }
        var found: [PodfileScope] = []
        func visit(_ s: PodfileScope) {
            if s.statement != nil, s.name == name { found.append(s) }
            s.children.forEach(visit)
        }
        visit(text.reader.root)
        guard found.count == 1 else {
            throw PodfileError(
                found.isEmpty
                    ? Message("podfile.error.no-target", ["name": name])
                    : Message("podfile.error.target-twice", ["name": name, "count": String(found.count)]),
                file: text.doc.path, remedy: Message("podfile.error.target.remedy"), code: .podfileTarget)
        }
        return found[0]
    }

    /// `platform NAME VERSION [--target T] [--force]`.
    mutating func platform(_ platform: PlatformVersion, target: String?, force: Bool) throws {
        let name = platform.platform.rawValue
        let version = platform.version
        let scope = try scope(named: target)
        if scope.statement != nil, scope.block == nil {
            throw PodfileError(
                Message("podfile.error.target-no-block", ["name": scope.name]), file: text.doc.path, line: scope.line,
                remedy: Message("podfile.error.target-no-block.remedy"), code: .podfileTarget)
        }
        let line = "platform :\(name), \(text.literal(version, like: nil))"
        if let existing = scope.platforms.first(where: { !$0.conditional }) ?? scope.platforms.first {
            try rewritePlatform(existing.statement, name: name, version: version, force: force)
            if existing.conditional {
                text.warnings.append(
                    text.finding(
                        .warning, .podfilePlatformConditional,
                        Message("podfile.platform.in-condition", ["line": String(existing.statement.line)]),
                        line: existing.statement.line))
            }
            if scope.platforms.count > 1 {
                text.warnings.append(
                    text.finding(
                        .warning, .podfilePlatformSeveral,
                        Message(
                            "podfile.platform.several",
                            ["target": scope.label, "count": String(scope.platforms.count)]),
                        line: existing.statement.line))
            }
            return
        }
        if let comment = text.commentedLine(in: scope, matching: #"^#\s*platform\s+:[a-z]+\s*(,\s*\S+\s*)?$"#) {
            text.edits.append(TextEdit(range: comment.range, replacement: line))
            return
        }
        if let block = scope.block {
            text.edits.append(insertionAtBodyStart(block, line))
        } else if let last = text.reader.sources.last(where: { text.isRootStatement($0.statement) }) {
            text.edits.append(text.insertion(after: last.statement, line))
        } else {
            text.edits.append(text.topInsertion([line]))
        }
    }

    mutating func rewritePlatform(_ s: RubyStatement, name: String, version: String, force: Bool) throws {
        let args = text.syntax.arguments(of: s)
        guard let nameArg = args.first, nameArg.count == 1, text.syntax.tokens[nameArg[0]].kind == .symbol else {
            guard force else {
                throw PodfileError(
                    Message("podfile.error.platform-expression", ["expression": text.syntax.text(of: s)]),
                    file: text.doc.path, line: s.line,
                    remedy: Message("podfile.error.platform-expression.remedy", ["name": name, "version": version]),
                    code: .podfilePlatformExpression)
            }
            text.edits.append(
                TextEdit(range: text.syntax.range(of: s), replacement: "platform :\(name), \(text.literal(version))"))
            return
        }
        let nameToken = text.syntax.tokens[nameArg[0]]
        let normalized = { (n: String) in n == "macos" ? "osx" : n }
        if normalized(nameToken.value ?? "") != normalized(name) {
            text.edits.append(TextEdit(range: nameToken.range, replacement: ":" + name))
        }
        guard args.count >= 2 else {
            text.edits.append(.insert(", " + text.literal(version), at: nameToken.range.upperBound))
            return
        }
        let versionArg = args[1]
        // A string spanning lines is not a version anyone wrote: replacing it would rewrite the lines it covers.
        if args.count == 2, versionArg.count == 1, text.syntax.tokens[versionArg[0]].kind == .string,
            let v = text.syntax.tokens[versionArg[0]].value,
            !v.contains("\n")
        {
            if v != version {
                let t = text.syntax.tokens[versionArg[0]]
                text.edits.append(
                    text.contentEdit(t, value: version) ?? TextEdit(range: t.range, replacement: text.literal(version)))
            }
            return
        }
        let first = text.syntax.tokens[versionArg[0]].range.lowerBound
        let last = text.syntax.tokens[args.last!.last!].range.upperBound
        let expression = String(decoding: text.syntax.bytes[first..<last], as: UTF8.self)
        guard force else {
            throw PodfileError(
                Message("podfile.error.version-expression", ["expression": expression]), file: text.doc.path,
                line: s.line,
                remedy: Message("podfile.error.version-expression.remedy", ["version": version]),
                code: .podfilePlatformExpression)
        }
        text.edits.append(TextEdit(range: first..<last, replacement: text.literal(version)))
    }

    /// Inserts a line as the first statement of a block body.
    func insertionAtBodyStart(_ block: RubyBlock, _ line: String) -> TextEdit {
        let opener = text.syntax.tokens[block.opener]
        let paramsEnd =
            block.bodyStart > block.opener + 1
            ? text.syntax.tokens[block.bodyStart - 1].range.upperBound : opener.range.upperBound
        let indent = text.bodyIndent(block)
        let at = text.syntax.insertionLineEnd(paramsEnd)
        if text.syntax.tokens[block.closer].range.lowerBound < at {
            // One-line block: `target 'A' do end`.
            return .insert(" " + line + ";", at: paramsEnd)
        }
        return .insert(indent + line + text.nl, at: at)
    }
}
