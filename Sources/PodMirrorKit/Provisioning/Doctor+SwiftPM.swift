import Foundation
import PodMirrorCocoaPods
import PodMirrorFoundation
import PodMirrorTransport

extension Doctor {
    /// For each SwiftPM project (`swiftPMProjects`): packages that still go to GitHub, a project `mirrors.json`
    /// that hides the user's, binary targets downloading from GitHub, and (online) mirrors with no such
    /// repository.
    func swiftPMChecks() -> [Finding] {
        var findings: [Finding] = []
        let rules = network.urlRewrite
        for path in swiftPMProjects {
            let survey: SwiftPMSurvey
            do {
                let project = try SwiftPMProject.locate(path, environment: environment)
                survey = try SwiftPMSurvey.survey(project, rules: rules, environment: environment)
            } catch {
                let text = (error as? any PodMirrorError)?.message ?? "\(error)"
                findings.append(
                    Finding(
                        id: .swiftpmUnreadable, severity: .error,
                        Message("doctor.swiftpm.unreadable", ["reason": text]),
                        fix: nil, subject: path))
                continue
            }
            findings += swiftPMFindings(survey)
        }
        return findings
    }

    func swiftPMFindings(_ survey: SwiftPMSurvey) -> [Finding] {
        var findings: [Finding] = []
        let project = survey.project.path
        let quoted = CommandLineDisplay.quote(project)
        if let hidden = survey.hiddenUserFile {
            findings.append(
                Finding(
                    id: .swiftpmUserHidden, severity: .warning,
                    Message("doctor.swiftpm.user-hidden", ["file": survey.mirrorsFile, "user": hidden]),
                    fix: nil, subject: survey.mirrorsFile,
                    explanation: Message("doctor.swiftpm.user-hidden.explanation")))
        }
        let github = survey.routes.filter(\.goesToGitHub)
        if !github.isEmpty {
            let covered = github.contains { $0.reason == .noEntry }
            findings.append(
                Finding(
                    id: .swiftpmGitHub, severity: .warning,
                    Message(
                        "doctor.swiftpm.github",
                        [
                            "project": project, "count": "\(github.count)",
                            "packages": github.map { Redaction.redactURL($0.url) }.joined(separator: ", "),
                        ]),
                    fix: covered ? "podmirror swiftpm use \(quoted)" : nil, subject: project,
                    explanation: covered ? nil : Message("doctor.swiftpm.github.no-rule")))
        }
        let binaries = survey.gitHubBinaryTargets
        if !binaries.isEmpty {
            findings.append(
                Finding(
                    id: .swiftpmBinaryGitHub, severity: .warning,
                    Message(
                        "doctor.swiftpm.binary-github",
                        [
                            "project": project,
                            "urls": binaries.map { Redaction.redactURL($0.url) }.joined(separator: ", "),
                        ]),
                    fix: nil, subject: project, explanation: Message("doctor.swiftpm.binary-github.explanation")))
        }
        let missing = checkNetwork ? missingMirrors(survey) : []
        if !missing.isEmpty {
            findings.append(
                Finding(
                    id: .swiftpmMirrorMissing, severity: .error,
                    Message(
                        "doctor.swiftpm.mirror-missing",
                        [
                            "file": survey.mirrorsFile,
                            "mirrors": missing.map(Redaction.redactURL).joined(separator: ", "),
                        ]),
                    fix: nil, subject: survey.mirrorsFile,
                    explanation: Message("doctor.swiftpm.mirror-missing.explanation")))
        }
        // A project that names no package (yet) has nothing to say.
        if findings.isEmpty, !survey.routes.isEmpty {
            findings.append(
                fine(
                    .swiftpmFine,
                    Message("doctor.swiftpm.fine", ["project": project, "count": "\(survey.routes.count)"]),
                    subject: project))
        }
        return findings
    }

    /// The mirrors the project's packages are fetched from that do not answer as git repositories (a probe, as
    /// `mirror test` does: `info/refs` over http(s), ls-remote otherwise).
    func missingMirrors(_ survey: SwiftPMSurvey) -> [String] {
        let urls = Array(Set(survey.routes.compactMap(\.mirror))).sorted()
        guard !urls.isEmpty else { return [] }
        let probe = MirrorProbe(network: network, timeout: timeout, cancellation: cancellation)
        let results = probe.run(urls.map { Mirror(name: $0, kind: .specsGit, url: $0) })
        return urls.filter { url in !(results.first { $0.url == url }?.healthy ?? false) }
    }
}
