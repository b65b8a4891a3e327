import Foundation
import PodMirrorFoundation

extension RepoUsePlanner {
    /// What a `repo use` report must say besides its changes: a `repo.renamed` note when the repo it re-pointed
    /// (or replaced) took the new source's folder name, and a `repo.podfile-old-source` warning for each of
    /// `podfiles` that still names the URL the repo came from (`pod install` would clone it again), suggesting
    /// `podfile source use SOURCE` (`source` as the user gave it).
    package static func reportingSwitch(
        _ report: PlanReport, podfiles: [String], source: String, fileSystem: any FileSystem
    ) -> PlanReport {
        var report = report
        for change in report.changes where change.kind == .specRepoUse && change.changed {
            guard let planned = change.facts(SpecRepoSwitchFacts.self) else { continue }
            let done = change.facts(SpecRepoSwitchedFacts.self)
            let name = planned.name
            guard let previousName = done.map({ $0.previousName }) ?? planned.previousName else { continue }
            if change.applied, previousName != name {
                report.warnings.append(
                    Diagnostic(
                        .note, code: .repoRenamed,
                        Message("repo.use.renamed", ["old": previousName, "name": name])))
            }
            guard let previousURL = done.map({ $0.previousURL }) ?? planned.previousURL else { continue }
            let url = planned.url
            for podfile in podfiles {
                guard let doc = try? PodfileDocument.load(path: podfile, fs: fileSystem) else { continue }
                let names = doc.model.sourceURLs.map { SourceURL(Redaction.redactURL($0)) }
                guard names.contains(where: { $0.isSame(as: SourceURL(previousURL)) }),
                    !names.contains(where: { $0.isSame(as: SourceURL(url)) })
                else { continue }
                let command = CommandLineDisplay.render([
                    "podmirror", "podfile", "source", "use", source, "--podfile", podfile,
                ])
                report.warnings.append(
                    Diagnostic(
                        .warning, code: .repoPodfileOldSource,
                        Message(
                            "repo.use.podfile-old-source",
                            [
                                "podfile": podfile, "old": previousURL, "name": name,
                                "command": command,
                            ]), file: podfile))
            }
        }
        return report
    }
}
