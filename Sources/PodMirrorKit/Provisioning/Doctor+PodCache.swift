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
            // A pod whose lookup failed is not fetched by `pods fetch` either: it gets its own finding.
            let missing = report.pods.filter { $0.status == .missing }.map(\.name)
            let failed = report.pods.filter { $0.status == .failed }
            let project = (lockfile as NSString).deletingLastPathComponent
            if !failed.isEmpty { findings.append(lookupFailed(failed, lockfile: lockfile, project: project)) }
            if missing.isEmpty, !failed.isEmpty { continue }
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

    /// Pods of `lockfile` that cannot be looked up (their version missing from a spec repo, a podspec that is not
    /// the one the lock records): the fix updates the repos named, when every failure names one; otherwise
    /// `pods list` says why for each pod.
    func lookupFailed(_ failed: [PodFetchResult], lockfile: String, project: String) -> Finding {
        let repoFailures: Set<ErrorCode> = [.podsSpecMissing, .podsSpecChecksum]
        let repos = failed.compactMap { $0.errorCode.map(repoFailures.contains) == true ? $0.specRepo : nil }
        let allInRepos = repos.count == failed.count
        var names: [String] = []
        for r in repos where !names.contains(r) { names.append(r) }
        return Finding(
            id: .podsLookupFailed, severity: .warning,
            Message(
                "doctor.pods.lookup-failed",
                [
                    "path": lockfile, "count": String(failed.count),
                    "pods": failed.map { "\($0.name) \($0.version)" }.joined(separator: ", "),
                ]),
            fix: allInRepos ? SpecLookup.updateCommand(names) : nil, subject: lockfile,
            explanation: Message(
                allInRepos ? "doctor.pods.lookup-failed.repos" : "doctor.pods.lookup-failed.list",
                ["command": "podmirror pods list --project \(project)"]))
    }
}
