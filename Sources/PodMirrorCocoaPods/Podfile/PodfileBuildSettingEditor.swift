import Foundation
import PodMirrorFoundation

/// `build_setting` lines in the post_install hook: sets a key for every pod target (or one configuration, one
/// pod), updating the user's own plain line or podmirror's, and `--unset` removes what podmirror wrote.
struct PodfileBuildSettingEditor: PodfilePostInstallEditor {
    var text: PodfileTextEdits

    /// The one-line form podmirror writes (and recognises) inside the post_install hook.
    /// With `generate_multiple_pod_projects`, pod targets live in `installer.generated_projects`.
    func buildSettingStatement(parameter: String, key: String, value: String, configuration: String?, pod: String?)
        -> String
    {
        var targets = multipleProjects ? "p.targets" : "\(parameter).pods_project.targets"
        if let pod { targets += ".select { |t| t.name == \(text.literal(pod)) }" }
        var configurations = "t.build_configurations"
        if let configuration { configurations += ".select { |c| c.name == \(text.literal(configuration)) }" }
        let line =
            "\(targets).each { |t| \(configurations).each { |c| c.build_settings[\(text.literal(key))] = "
            + "\(text.literal(value)) } }"
        return multipleProjects ? "\(parameter).generated_projects.each { |p| \(line) }" : line
    }

    func validateKey(_ key: String) throws { try BuildSettingAssignment.validate(key: key) }

    /// `build-setting KEY=VALUE [--configuration C] [--pod NAME]`.
    mutating func buildSetting(key: String, value: String, configuration: String?, pod: String?) throws {
        try validateKey(key)
        if installOption("skip_pods_project_generation") {
            throw PodfileError(
                Message("podfile.error.no-pods-project"), file: text.doc.path,
                remedy: Message("podfile.error.no-pods-project.remedy"), code: .podfileNoPodsProject)
        }
        let hook = try postInstallHook()
        let sites = text.reader.buildSettingSites.filter { matches($0.setting, key, configuration, pod) }
        // podmirror's own "raise to at least" line for the key gives way: one line sets the key for every pod.
        var raises =
            configuration == nil && pod == nil ? text.reader.deploymentTargetSites.filter { $0.key == key } : []
        let replacesRaise = sites.isEmpty && !raises.isEmpty
        if replacesRaise, let raise = raises.first {
            let parameter = text.reader.hooks[raise.hook].block.parameters.first ?? "installer"
            text.edits.append(
                TextEdit(
                    range: text.syntax.range(of: raise.statement),
                    replacement: buildSettingStatement(
                        parameter: parameter, key: key, value: value, configuration: nil, pod: nil)))
            raises.removeFirst()
        }
        for raise in raises { text.edits.append(text.deletion(of: raise.statement)) }
        if replacesRaise { return }
        if let site = sites.first {
            if usesGeneratedProjects(site.statement) != multipleProjects {
                // `generate_multiple_pod_projects` was turned on (or off) after podmirror wrote the line:
                // `installer.pods_project` no longer holds the pod targets, so the whole line changes form.
                let parameter = text.reader.hooks[site.hook].block.parameters.first ?? "installer"
                text.edits.append(
                    TextEdit(
                        range: text.syntax.range(of: site.statement),
                        replacement: buildSettingStatement(
                            parameter: parameter, key: key, value: value,
                            configuration: configuration, pod: pod)))
            } else if site.setting.value != value {
                let t = text.syntax.tokens[site.valueToken]
                text.edits.append(
                    text.contentEdit(t, value: value) ?? TextEdit(range: t.range, replacement: text.literal(value)))
            }
            for extra in sites.dropFirst() { text.edits.append(text.deletion(of: extra.statement)) }
            return
        }
        if let (_, site) = hook {
            let own = text.reader.userBuildSettingAssignments(
                key: key, in: site, skipping: text.reader.buildSettingSites.map(\.statement))
            if let other = own.first(where: { $0.valueToken == nil || $0.conditional }) {
                // A line podmirror cannot rewrite (a condition, an expression): its own line goes after it and wins.
                text.warnings.append(
                    Diagnostic(
                        .note, code: .podfileBuildSettingOverrides,
                        Message(
                            "podfile.build-setting.user-expression",
                            ["key": key, "line": String(other.line), "text": other.text]),
                        file: text.doc.path, line: other.line))
            } else if !own.isEmpty {
                if configuration == nil, pod == nil {
                    updateInPlace(own, value: value)
                    return
                }
                text.warnings.append(
                    Diagnostic(
                        .note, code: .podfileBuildSettingOverrides,
                        Message("podfile.build-setting.overrides", ["key": key, "line": String(own[0].line)]),
                        file: text.doc.path, line: own[0].line))
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
        (s.first...s.last).contains { text.syntax.tokens[$0].isIdentifier("generated_projects") }
    }

    /// The user's own plain `….build_settings['KEY'] = '…'` lines in the hook, updated in place.
    mutating func updateInPlace(_ assignments: [UserBuildSettingAssignment], value: String) {
        for a in assignments {
            guard let index = a.valueToken, text.syntax.tokens[index].value != value else { continue }
            let t = text.syntax.tokens[index]
            text.edits.append(
                text.contentEdit(t, value: value) ?? TextEdit(range: t.range, replacement: text.literal(value)))
        }
    }

    /// `build-setting --unset KEY [--configuration C] [--pod NAME]`: removes what podmirror wrote. A hook
    /// left empty that podmirror appended (top level, no comments) is removed with it.
    mutating func unsetBuildSetting(key: String, configuration: String?, pod: String?) throws {
        try validateKey(key)
        let hook = try postInstallHook()
        let sites = text.reader.buildSettingSites.filter { matches($0.setting, key, configuration, pod) }
        guard !sites.isEmpty else { return }
        if let (_, h) = hook, h.target == nil, text.isRootStatement(h.statement),
            h.block.body.allSatisfy({ s in sites.contains { $0.statement.first == s.first } }),
            !text.syntax.tokens[h.block.opener...h.block.closer].contains(where: { $0.kind == .comment })
        {
            var removal = text.deletion(of: h.statement)
            // Drop the blank line podmirror put before an appended hook.
            let start = removal.range.lowerBound
            if start >= 2, text.syntax.bytes[start - 1] == 0x0A,
                text.syntax.lineStart(start - 1) == start - 1
                    || (start >= 3 && text.syntax.bytes[start - 2] == 0x0D
                        && text.syntax.lineStart(start - 2) == start - 2),
                removal.range.upperBound == (text.syntax.dataStart ?? text.syntax.bytes.count)
            {
                let blankStart = text.syntax.lineStart(start - 1)
                removal = .delete(blankStart..<removal.range.upperBound)
            }
            text.edits.append(removal)
            return
        }
        for site in sites { text.edits.append(text.deletion(of: site.statement)) }
    }
}
