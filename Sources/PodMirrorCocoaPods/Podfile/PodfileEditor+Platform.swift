import Foundation
import PodMirrorFoundation

extension EditContext {
    /// The scope of target `name` (nil: root). Throws when there is no such target or it is ambiguous.
    func scope(named name: String?) throws -> PodfileScope {
        guard let name else { return reader.root }
        var found: [PodfileScope] = []
        func visit(_ s: PodfileScope) {
            if s.statement != nil, s.name == name { found.append(s) }
            s.children.forEach(visit)
        }
        visit(reader.root)
        guard found.count == 1 else {
            throw PodfileError(
                found.isEmpty
                    ? Message("podfile.error.no-target", ["name": name])
                    : Message("podfile.error.target-twice", ["name": name, "count": String(found.count)]),
                file: doc.path, remedy: Message("podfile.error.target.remedy"), code: .podfileTarget)
        }
        return found[0]
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

    /// `platform NAME VERSION [--target T] [--force]`.
    mutating func platform(_ platform: PlatformVersion, target: String?, force: Bool) throws {
        let name = platform.platform.rawValue
        let version = platform.version
        let scope = try scope(named: target)
        if scope.statement != nil, scope.block == nil {
            throw PodfileError(
                Message("podfile.error.target-no-block", ["name": scope.name]), file: doc.path, line: scope.line,
                remedy: Message("podfile.error.target-no-block.remedy"), code: .podfileTarget)
        }
        let line = "platform :\(name), \(literal(version, like: nil))"
        if let existing = scope.platforms.first(where: { !$0.conditional }) ?? scope.platforms.first {
            try rewritePlatform(existing.statement, name: name, version: version, force: force)
            if existing.conditional {
                warnings.append(
                    finding(
                        .warning, .podfilePlatformConditional,
                        Message("podfile.platform.in-condition", ["line": String(existing.statement.line)]),
                        line: existing.statement.line))
            }
            if scope.platforms.count > 1 {
                warnings.append(
                    finding(
                        .warning, .podfilePlatformSeveral,
                        Message(
                            "podfile.platform.several",
                            ["target": scope.label, "count": String(scope.platforms.count)]),
                        line: existing.statement.line))
            }
            return
        }
        if let comment = commentedLine(in: scope, matching: #"^#\s*platform\s+:[a-z]+\s*(,\s*\S+\s*)?$"#) {
            edits.append(TextEdit(range: comment.range, replacement: line))
            return
        }
        if let block = scope.block {
            edits.append(insertionAtBodyStart(block, line))
        } else if let last = reader.sources.last(where: { isRootStatement($0.statement) }) {
            edits.append(insertion(after: last.statement, line))
        } else {
            edits.append(topInsertion([line]))
        }
    }

    mutating func rewritePlatform(_ s: RubyStatement, name: String, version: String, force: Bool) throws {
        let args = syntax.arguments(of: s)
        guard let nameArg = args.first, nameArg.count == 1, syntax.tokens[nameArg[0]].kind == .symbol else {
            guard force else {
                throw PodfileError(
                    Message("podfile.error.platform-expression", ["expression": syntax.text(of: s)]),
                    file: doc.path, line: s.line,
                    remedy: Message("podfile.error.platform-expression.remedy", ["name": name, "version": version]),
                    code: .podfilePlatformExpression)
            }
            edits.append(TextEdit(range: syntax.range(of: s), replacement: "platform :\(name), \(literal(version))"))
            return
        }
        let nameToken = syntax.tokens[nameArg[0]]
        let normalized = { (n: String) in n == "macos" ? "osx" : n }
        if normalized(nameToken.value ?? "") != normalized(name) {
            edits.append(TextEdit(range: nameToken.range, replacement: ":" + name))
        }
        guard args.count >= 2 else {
            edits.append(.insert(", " + literal(version), at: nameToken.range.upperBound))
            return
        }
        let versionArg = args[1]
        // A string spanning lines is not a version anyone wrote: replacing it would rewrite the lines it covers.
        if args.count == 2, versionArg.count == 1, syntax.tokens[versionArg[0]].kind == .string,
            let v = syntax.tokens[versionArg[0]].value,
            !v.contains("\n")
        {
            if v != version {
                let t = syntax.tokens[versionArg[0]]
                edits.append(contentEdit(t, value: version) ?? TextEdit(range: t.range, replacement: literal(version)))
            }
            return
        }
        let first = syntax.tokens[versionArg[0]].range.lowerBound
        let last = syntax.tokens[args.last!.last!].range.upperBound
        let expression = String(decoding: syntax.bytes[first..<last], as: UTF8.self)
        guard force else {
            throw PodfileError(
                Message("podfile.error.version-expression", ["expression": expression]), file: doc.path, line: s.line,
                remedy: Message("podfile.error.version-expression.remedy", ["version": version]),
                code: .podfilePlatformExpression)
        }
        edits.append(TextEdit(range: first..<last, replacement: literal(version)))
    }

    /// Inserts a line as the first statement of a block body.
    func insertionAtBodyStart(_ block: RubyBlock, _ line: String) -> TextEdit {
        let opener = syntax.tokens[block.opener]
        let paramsEnd =
            block.bodyStart > block.opener + 1
            ? syntax.tokens[block.bodyStart - 1].range.upperBound : opener.range.upperBound
        let indent = bodyIndent(block)
        let at = syntax.insertionLineEnd(paramsEnd)
        if syntax.tokens[block.closer].range.lowerBound < at {
            // One-line block: `target 'A' do end`.
            return .insert(" " + line + ";", at: paramsEnd)
        }
        return .insert(indent + line + nl, at: at)
    }

    /// `inhibit-warnings on|off` at root level.
    mutating func inhibitWarnings(_ on: Bool) throws {
        let root = reader.root
        if !on {
            for s in root.inhibits { edits.append(try callDeletion(of: s, takesArguments: false)) }
            var inTargets: [String] = []
            func visit(_ s: PodfileScope) {
                if !s.inhibits.isEmpty, s.statement != nil { inTargets.append(s.name) }; s.children.forEach(visit)
            }
            visit(root)
            if !inTargets.isEmpty {
                warnings.append(
                    finding(
                        .note, .podfileInhibitInTargets,
                        Message("podfile.inhibit.stays-in-targets", ["targets": inTargets.joined(separator: ", ")])))
            }
            return
        }
        guard root.inhibits.isEmpty else { return }
        if let comment = commentedLine(in: root, matching: #"^#\s*inhibit_all_warnings!\s*$"#) {
            edits.append(TextEdit(range: comment.range, replacement: "inhibit_all_warnings!"))
        } else if let p = root.platforms.first(where: { isRootStatement($0.statement) }) {
            edits.append(insertion(after: p.statement, "inhibit_all_warnings!"))
        } else if let last = reader.sources.last(where: { isRootStatement($0.statement) }) {
            edits.append(insertion(after: last.statement, "inhibit_all_warnings!"))
        } else {
            edits.append(topInsertion(["inhibit_all_warnings!"]))
        }
    }
}
