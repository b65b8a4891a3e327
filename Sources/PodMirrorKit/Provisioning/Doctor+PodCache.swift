import Foundation
import PodMirrorCocoaPods
import PodMirrorFoundation
import PodMirrorTransport

extension Doctor {
    /// Pods of the projects' Podfile.lock files that CocoaPods' download cache lacks, and the source-mirror
    /// rules (`url.<base>.insteadOf`) `pods fetch` applies, when there are any.
    func podCacheChecks() -> [Finding] {
        var findings: [Finding] = []
        let rules = network.urlRewrite.rules
        // A rule that rewrites only the Specs repo (`setup --strategy insteadof`: its prefix reaches into
        // `CocoaPods/Specs`) is not a source mirror for pods; one for all of github.com is.
        let specs = SpecRepoNaming.officialGitURL.lowercased()
        let owner = "https://github.com/cocoapods/".count
        let podRules = rules.filter { r in
            let prefix = r.insteadOf.lowercased()
            return !(specs.hasPrefix(prefix) && prefix.count > owner)
        }
        if !podRules.isEmpty {
            let list = podRules.map { "\(Redaction.redactURL($0.insteadOf)) → \(Redaction.redactURL($0.base))" }
            findings.append(
                Finding(
                    id: .podsSourceMirrors, severity: .note,
                    Message("doctor.pods.source-mirrors", ["rules": list.joined(separator: ", ")]),
                    fix: nil, subject: nil))
        } else {
            findings.append(fine(.podsNoSourceMirrors, Message("doctor.pods.no-source-mirrors"), subject: nil))
        }
        let lockfiles = Set(podfiles.map { PodfileLock.path(inFolder: ($0 as NSString).deletingLastPathComponent) })
            .sorted()
        for lockfile in lockfiles where environment.fileSystem.fileExists(lockfile) {
            let request = PodsFetchRequest(
                lockfilePath: lockfile, jobs: 1, network: network, environment: environment)
            guard let report = try? PodsFetcher(request: request).list(cancellation: CancellationToken())
            else { continue }
            let missing = report.pods.filter { $0.status == .missing || $0.status == .failed }.map(\.name)
            let project = (lockfile as NSString).deletingLastPathComponent
            if missing.isEmpty {
                findings.append(
                    Finding(
                        id: .podsCached, severity: .note,
                        Message("doctor.pods.cached", ["path": lockfile]),
                        fix: nil, subject: lockfile))
            } else {
                findings.append(
                    Finding(
                        id: .podsNotCached, severity: .warning,
                        Message(
                            "doctor.pods.not-cached",
                            [
                                "path": lockfile, "count": String(missing.count),
                                "pods": missing.joined(separator: ", "),
                            ]),
                        fix: "podmirror pods fetch --project \(project)", subject: lockfile))
            }
        }
        return findings
    }
}
