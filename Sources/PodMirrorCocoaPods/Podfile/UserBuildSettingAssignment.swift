import Foundation

/// A build setting assignment the user wrote in a hook (`config.build_settings['KEY'] = '12.0'`), in any
/// loop form; podmirror's own one-line form is a `BuildSettingSite`.
struct UserBuildSettingAssignment {
    var key: String
    var line: Int
    /// The statement's text, for messages.
    var text: String
    /// The value's string token when the statement is exactly `….build_settings['KEY'] = 'literal'`.
    var valueToken: Int?
    /// Inside an `if`/`unless`/`case`/loop, or with a modifier (`… if cond`): it may not apply to every target.
    var conditional: Bool
}

extension PodfileReader {
    /// The plain, unconditional assignments of every post_install hook, for the model.
    var hookAssignments: [PodfileBuildSetting] {
        let skipping = buildSettingSites.map(\.statement)
        return hooks.filter { $0.name == "post_install" }.flatMap { hook in
            userBuildSettingAssignments(key: nil, in: hook, skipping: skipping).compactMap { a in
                guard let k = a.valueToken, !a.conditional, let value = syntax.tokens[k].value else { return nil }
                return PodfileBuildSetting(key: a.key, value: value, line: a.line)
            }
        }
    }

    /// Every assignment to `build_settings['KEY']` (any key when nil) inside the hook, outside the statements in
    /// `skipping`.
    func userBuildSettingAssignments(key: String?, in hook: HookSite, skipping: [RubyStatement])
        -> [UserBuildSettingAssignment]
    {
        let skipped = Set(skipping.map(\.first))
        var out: [UserBuildSettingAssignment] = []
        func visit(_ statements: [RubyStatement], conditional: Bool) {
            for s in statements where !skipped.contains(s.first) {
                if let c = s.compound {
                    visit(s.children, conditional: conditional || c != "begin")
                    continue
                }
                scan(s, conditional: conditional)
                for b in s.blocks { visit(b.body, conditional: conditional) }
            }
        }
        func scan(_ s: RubyStatement, conditional: Bool) {
            let toks = syntax.tokens
            // The statement's own tokens: not those of its blocks.
            let inBlocks = s.blocks.map { $0.opener...$0.closer }
            let own = (s.first...s.last).filter { k in
                RubySyntax.isSignificant(toks[k]) && toks[k].kind != .newline && !inBlocks.contains { $0.contains(k) }
            }
            for (n, k) in own.enumerated() where toks[k].isIdentifier("build_settings") && n + 4 < own.count {
                guard toks[own[n + 1]].isPunct("["), toks[own[n + 2]].kind == .string,
                    let found = toks[own[n + 2]].value,
                    key == nil || found == key,
                    toks[own[n + 3]].isPunct("]"), toks[own[n + 4]].isPunct("=")
                else { continue }
                let valueIndex = n + 5
                let hasModifier = own.contains { toks[$0].isKeyword("if") || toks[$0].isKeyword("unless") }
                var plain: Int?
                if valueIndex == own.count - 1, toks[own[valueIndex]].kind == .string,
                    let v = toks[own[valueIndex]].value,
                    !v.contains("\n"), toks[own[valueIndex]].contentRange != nil
                {
                    plain = own[valueIndex]
                }
                out.append(
                    UserBuildSettingAssignment(
                        key: found, line: toks[k].line, text: text(Array(s.first...s.last)), valueToken: plain,
                        conditional: conditional || hasModifier))
            }
        }
        visit(hook.block.body, conditional: hook.conditional)
        return out
    }
}
