import Foundation
import PodMirrorFoundation

extension EditContext {
    /// The one-line form podmirror writes (and recognises) inside the post_install hook.
    /// With `generate_multiple_pod_projects`, pod targets live in `installer.generated_projects`.
    func buildSettingStatement(parameter: String, key: String, value: String, configuration: String?, pod: String?)
        -> String
    {
        var targets = multipleProjects ? "p.targets" : "\(parameter).pods_project.targets"
        if let pod { targets += ".select { |t| t.name == \(literal(pod)) }" }
        var configurations = "t.build_configurations"
        if let configuration { configurations += ".select { |c| c.name == \(literal(configuration)) }" }
        let line =
            "\(targets).each { |t| \(configurations).each { |c| c.build_settings[\(literal(key))] = "
            + "\(literal(value)) } }"
        return multipleProjects ? "\(parameter).generated_projects.each { |p| \(line) }" : line
    }

    var multipleProjects: Bool { installOption("generate_multiple_pod_projects") }

    /// `install! 'cocoapods', :OPTION => true` (or `OPTION: true`) at root level.
    func installOption(_ option: String) -> Bool {
        let toks = syntax.tokens
        for s in syntax.statements where s.name == "install!" {
            let sig = (s.first...s.last).filter { RubySyntax.isSignificant(toks[$0]) && toks[$0].kind != .newline }
            for (n, k) in sig.enumerated() where toks[k].value == option {
                let rest = sig.dropFirst(n + 1).prefix(2).map { toks[$0] }
                if toks[k].kind == .label, rest.first?.isKeyword("true") == true { return true }
                if toks[k].kind == .symbol, rest.count == 2, rest[0].isPunct("=>"), rest[1].isKeyword("true") {
                    return true
                }
            }
        }
        return false
    }

    func validateKey(_ key: String) throws { try BuildSettingAssignment.validate(key: key) }

    /// The single post_install hook, or nil. Throws CocoaPods' error when there are several.
    func postInstallHook() throws -> (index: Int, site: HookSite)? {
        let hooks = reader.hooks.enumerated().filter { $0.element.name == "post_install" }
        if hooks.count > 1 {
            throw PodfileError(
                Message("podfile.error.multiple-hooks"), file: doc.path,
                line: hooks[1].element.statement.line,
                remedy: Message(
                    "podfile.error.multiple-hooks.remedy",
                    [
                        "lines": hooks.map { String($0.element.statement.line) }.joined(separator: ", ")
                    ]),
                code: .podfileMultipleHooks)
        }
        return hooks.first.map { ($0.offset, $0.element) }
    }

    func matches(_ s: PodfileBuildSetting, _ key: String, _ configuration: String?, _ pod: String?) -> Bool {
        s.key == key && s.configuration == configuration && s.pod == pod
    }

    /// `build-setting KEY=VALUE [--configuration C] [--pod NAME]`.
    mutating func buildSetting(key: String, value: String, configuration: String?, pod: String?) throws {
        try validateKey(key)
        if installOption("skip_pods_project_generation") {
            throw PodfileError(
                Message("podfile.error.no-pods-project"), file: doc.path,
                remedy: Message("podfile.error.no-pods-project.remedy"), code: .podfileNoPodsProject)
        }
        let hook = try postInstallHook()
        let sites = reader.buildSettingSites.filter { matches($0.setting, key, configuration, pod) }
        // podmirror's own "raise to at least" line for the key gives way: one line sets the key for every pod.
        var raises = configuration == nil && pod == nil ? reader.deploymentTargetSites.filter { $0.key == key } : []
        let replacesRaise = sites.isEmpty && !raises.isEmpty
        if replacesRaise, let raise = raises.first {
            let parameter = reader.hooks[raise.hook].block.parameters.first ?? "installer"
            edits.append(
                TextEdit(
                    range: syntax.range(of: raise.statement),
                    replacement: buildSettingStatement(
                        parameter: parameter, key: key, value: value, configuration: nil, pod: nil)))
            raises.removeFirst()
        }
        for raise in raises { edits.append(deletion(of: raise.statement)) }
        if replacesRaise { return }
        if let site = sites.first {
            if usesGeneratedProjects(site.statement) != multipleProjects {
                // `generate_multiple_pod_projects` was turned on (or off) after podmirror wrote the line:
                // `installer.pods_project` no longer holds the pod targets, so the whole line changes form.
                let parameter = reader.hooks[site.hook].block.parameters.first ?? "installer"
                edits.append(
                    TextEdit(
                        range: syntax.range(of: site.statement),
                        replacement: buildSettingStatement(
                            parameter: parameter, key: key, value: value,
                            configuration: configuration, pod: pod)))
            } else if site.setting.value != value {
                let t = syntax.tokens[site.valueToken]
                edits.append(contentEdit(t, value: value) ?? TextEdit(range: t.range, replacement: literal(value)))
            }
            for extra in sites.dropFirst() { edits.append(deletion(of: extra.statement)) }
            return
        }
        if let (_, site) = hook {
            let own = reader.userBuildSettingAssignments(
                key: key, in: site, skipping: reader.buildSettingSites.map(\.statement))
            if let other = own.first(where: { $0.valueToken == nil || $0.conditional }) {
                // A line podmirror cannot rewrite (a condition, an expression): its own line goes after it and wins.
                warnings.append(
                    Diagnostic(
                        .note, code: .podfileBuildSettingOverrides,
                        Message(
                            "podfile.build-setting.user-expression",
                            ["key": key, "line": String(other.line), "text": other.text]),
                        file: doc.path, line: other.line))
            } else if !own.isEmpty {
                if configuration == nil, pod == nil {
                    updateInPlace(own, value: value)
                    return
                }
                warnings.append(
                    Diagnostic(
                        .note, code: .podfileBuildSettingOverrides,
                        Message("podfile.build-setting.overrides", ["key": key, "line": String(own[0].line)]),
                        file: doc.path, line: own[0].line))
            }
        }
        let current = self
        insertIntoPostInstall(hook) { parameter in
            current.buildSettingStatement(
                parameter: parameter, key: key, value: value, configuration: configuration, pod: pod)
        }
    }

    /// True when the statement reaches pod targets through `installer.generated_projects`.
    func usesGeneratedProjects(_ s: RubyStatement) -> Bool {
        (s.first...s.last).contains { syntax.tokens[$0].isIdentifier("generated_projects") }
    }

    /// The user's own plain `….build_settings['KEY'] = '…'` lines in the hook, updated in place.
    mutating func updateInPlace(_ assignments: [UserBuildSettingAssignment], value: String) {
        for a in assignments {
            guard let index = a.valueToken, syntax.tokens[index].value != value else { continue }
            let t = syntax.tokens[index]
            edits.append(contentEdit(t, value: value) ?? TextEdit(range: t.range, replacement: literal(value)))
        }
    }

    /// Inserts a statement (made for the hook's block parameter) at the end of the post_install hook,
    /// giving a parameter-less hook `|installer|`; without a hook, appends one.
    mutating func insertIntoPostInstall(_ hook: (index: Int, site: HookSite)?, _ statement: (String) -> String) {
        guard let (_, site) = hook else {
            appendHook(statement("installer"))
            return
        }
        let block = site.block
        var parameter = block.parameters.first ?? "installer"
        if block.parameters.isEmpty {
            parameter = "installer"
            edits.append(.insert(" |installer|", at: syntax.tokens[block.opener].range.upperBound))
        }
        let line = statement(parameter)
        let closer = syntax.tokens[block.closer]
        if startsLine(closer.range.lowerBound) {
            edits.append(.insert(bodyIndent(block) + line + nl, at: syntax.lineStart(closer.range.lowerBound)))
        } else if let last = block.body.last {
            edits.append(.insert("; " + line, at: syntax.range(of: last).upperBound))
        } else {
            edits.append(.insert(" " + line, at: syntax.tokens[block.bodyStart - 1].range.upperBound))
        }
    }

    /// Appends a new top-level post_install hook (before `__END__` when present).
    mutating func appendHook(_ statement: String) {
        let b = syntax.bytes
        let at = syntax.dataStart ?? b.count
        var text = ""
        if at > 0, b[at - 1] != 0x0A { text += lineBreak(endingLineAt: at) }
        if at > 0 { text += nl }
        text += "post_install do |installer|" + nl + "  " + statement + nl + "end" + nl
        edits.append(.insert(text, at: at))
    }

    /// `build-setting --unset KEY [--configuration C] [--pod NAME]`: removes what podmirror wrote. A hook
    /// left empty that podmirror appended (top level, no comments) is removed with it.
    mutating func unsetBuildSetting(key: String, configuration: String?, pod: String?) throws {
        try validateKey(key)
        let hook = try postInstallHook()
        let sites = reader.buildSettingSites.filter { matches($0.setting, key, configuration, pod) }
        guard !sites.isEmpty else { return }
        if let (_, h) = hook, h.target == nil, isRootStatement(h.statement),
            h.block.body.allSatisfy({ s in sites.contains { $0.statement.first == s.first } }),
            !syntax.tokens[h.block.opener...h.block.closer].contains(where: { $0.kind == .comment })
        {
            var removal = deletion(of: h.statement)
            // Drop the blank line podmirror put before an appended hook.
            let start = removal.range.lowerBound
            if start >= 2, syntax.bytes[start - 1] == 0x0A,
                syntax.lineStart(start - 1) == start - 1
                    || (start >= 3 && syntax.bytes[start - 2] == 0x0D && syntax.lineStart(start - 2) == start - 2),
                removal.range.upperBound == (syntax.dataStart ?? syntax.bytes.count)
            {
                let blankStart = syntax.lineStart(start - 1)
                removal = .delete(blankStart..<removal.range.upperBound)
            }
            edits.append(removal)
            return
        }
        for site in sites { edits.append(deletion(of: site.statement)) }
    }
}
