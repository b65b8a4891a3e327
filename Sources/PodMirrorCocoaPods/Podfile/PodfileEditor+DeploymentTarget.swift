import Foundation
import PodMirrorFoundation

/// A "raise to at least" line podmirror wrote in the post_install hook.
struct DeploymentTargetSite {
    var key: String
    var value: String
    var statement: RubyStatement
    var hook: Int
}

extension PodfileReader {
    static let deploymentTargetKeys = Set(PodPlatform.allCases.map(\.deploymentTargetSetting))

    /// Recognises the one-line form `deploymentTargetStatement` writes (either project form).
    var deploymentTargetSites: [DeploymentTargetSite] {
        var out: [DeploymentTargetSite] = []
        let toks = syntax.tokens
        for (h, hook) in hooks.enumerated() where hook.name == "post_install" {
            guard let param = hook.block.parameters.first else { continue }
            for s in hook.block.body where toks[s.first].isIdentifier(param) && s.name == nil {
                guard !syntax.bytes[syntax.range(of: s)].contains(0x0A) else { continue }
                let sig = (s.first...s.last).filter { RubySyntax.isSignificant(toks[$0]) && toks[$0].kind != .newline }
                guard sig.contains(where: { toks[$0].kind == .constant && toks[$0].text == "Version" }),
                    sig.contains(where: { toks[$0].isKeyword("if") })
                else { continue }
                for (n, k) in sig.enumerated() where toks[k].isIdentifier("build_settings") && n + 5 < sig.count {
                    guard toks[sig[n + 1]].isPunct("["), let key = toks[sig[n + 2]].value,
                        Self.deploymentTargetKeys.contains(key),
                        toks[sig[n + 3]].isPunct("]"), toks[sig[n + 4]].isPunct("="), toks[sig[n + 5]].kind == .string,
                        let value = toks[sig[n + 5]].value
                    else { continue }
                    out.append(DeploymentTargetSite(key: key, value: value, statement: s, hook: h))
                    break
                }
            }
        }
        return out
    }
}

extension EditContext {
    /// The line people copy by hand when Xcode raises its minimum: every pod target whose own deployment
    /// target is lower (or unset) gets `version`; higher ones keep theirs.
    func deploymentTargetStatement(parameter: String, key: String, version: String) -> String {
        let v = literal(version)
        let k = literal(key)
        let current = "c.build_settings[\(k)].to_s[/\\A\\d+(\\.\\d+)*/] || '0'"
        let body =
            "t.build_configurations.each { |c| c.build_settings[\(k)] = \(v) if Gem::Version.new(\(current)) < "
            + "Gem::Version.new(\(v)) }"
        if multipleProjects {
            return "\(parameter).generated_projects.each { |p| p.targets.each { |t| \(body) } }"
        }
        return "\(parameter).pods_project.targets.each { |t| \(body) }"
    }

    /// `podfile deployment-target PLATFORM VERSION`.
    mutating func deploymentTarget(_ target: PlatformVersion) throws {
        let (platform, version) = (target.platform, target.version)
        let key = platform.deploymentTargetSetting
        if installOption("skip_pods_project_generation") {
            throw PodfileError(
                Message("podfile.error.no-pods-project"), file: doc.path,
                remedy: Message("podfile.error.no-pods-project.remedy"), code: .podfileNoPodsProject)
        }
        let hook = try postInstallHook()
        // podmirror's own `build-setting KEY=…` line for every pod gives way: one line sets the key.
        let sites =
            reader.deploymentTargetSites.filter { $0.key == key }.map { ($0.statement, $0.hook) }
            + reader.buildSettingSites.filter { matches($0.setting, key, nil, nil) }.map { ($0.statement, $0.hook) }
        if let (statement, hookIndex) = sites.first {
            let parameter = reader.hooks[hookIndex].block.parameters.first ?? "installer"
            let wanted = deploymentTargetStatement(parameter: parameter, key: key, version: version)
            if syntax.text(of: statement) != wanted {
                edits.append(TextEdit(range: syntax.range(of: statement), replacement: wanted))
            }
            for (extra, _) in sites.dropFirst() { edits.append(deletion(of: extra)) }
            return
        }
        if let (_, site) = hook {
            let skipping = reader.buildSettingSites.map(\.statement) + reader.deploymentTargetSites.map(\.statement)
            if let own = reader.userBuildSettingAssignments(key: key, in: site, skipping: skipping).first {
                warnings.append(
                    Diagnostic(
                        .warning, code: .podfileDeploymentTargetOverridden,
                        Message("podfile.deployment-target.user-line", ["key": key, "line": String(own.line)]),
                        file: doc.path, line: own.line))
            }
        }
        let current = self
        insertIntoPostInstall(hook) { current.deploymentTargetStatement(parameter: $0, key: key, version: version) }
    }
}
