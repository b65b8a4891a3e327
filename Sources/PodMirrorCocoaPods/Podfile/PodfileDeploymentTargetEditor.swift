import Foundation
import PodMirrorFoundation

/// The post_install line that raises every pod target's deployment target on a platform to at least a version
/// (`podfile deployment-target`); podmirror's own `build_setting` line for the same key gives way to it.
struct PodfileDeploymentTargetEditor: PodfilePostInstallEditor {
    var text: PodfileTextEdits

    /// The line people copy by hand when Xcode raises its minimum: every pod target whose own deployment
    /// target is lower (or unset) gets `version`; higher ones keep theirs.
    func deploymentTargetStatement(parameter: String, key: String, version: String) -> String {
        let v = text.literal(version)
        let k = text.literal(key)
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
                Message("podfile.error.no-pods-project"), file: text.doc.path,
                remedy: Message("podfile.error.no-pods-project.remedy"), code: .podfileNoPodsProject)
        }
        let hook = try postInstallHook()
        // podmirror's own `build-setting KEY=…` line for every pod gives way: one line sets the key.
        let sites =
            text.reader.deploymentTargetSites.filter { $0.key == key }.map { ($0.statement, $0.hook) }
            + text.reader.buildSettingSites.filter { matches($0.setting, key, nil, nil) }.map {
                ($0.statement, $0.hook)
            }
        if let (statement, hookIndex) = sites.first {
            let parameter = text.reader.hooks[hookIndex].block.parameters.first ?? "installer"
            let wanted = deploymentTargetStatement(parameter: parameter, key: key, version: version)
            if text.syntax.text(of: statement) != wanted {
                text.edits.append(TextEdit(range: text.syntax.range(of: statement), replacement: wanted))
            }
            for (extra, _) in sites.dropFirst() { text.edits.append(text.deletion(of: extra)) }
            return
        }
        if let (_, site) = hook {
            let skipping =
                text.reader.buildSettingSites.map(\.statement) + text.reader.deploymentTargetSites.map(\.statement)
            if let own = text.reader.userBuildSettingAssignments(key: key, in: site, skipping: skipping).first {
                text.warnings.append(
                    Diagnostic(
                        .warning, code: .podfileDeploymentTargetOverridden,
                        Message("podfile.deployment-target.user-line", ["key": key, "line": String(own.line)]),
                        file: text.doc.path, line: own.line))
            }
        }
        let current = self
        insertIntoPostInstall(hook) { current.deploymentTargetStatement(parameter: $0, key: key, version: version) }
    }
}
