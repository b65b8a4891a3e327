import Foundation
import PodMirrorCocoaPods
import PodMirrorFoundation
import PodMirrorTransport

extension Doctor {
    /// A trunk podmirror made: where it is from, whether the mirror moved on (asked of the mirror unless
    /// `--offline`), a half-done update, files that differ from the mirror's commit, and the warning that CocoaPods'
    /// own update revalidates every index file against the CDN.
    func trunkChecks() -> [Finding] {
        let repos = ReposDirectory(environment: environment)
        let state = TrunkState.read(repos)
        guard state.origin == .podmirror, let commit = state.commit else { return [] }
        let url = state.displayURL ?? ""
        let fix = "podmirror setup --mirror \(url) --strategy trunk"
        var findings: [Finding] = []
        if let pending = state.pending {
            findings.append(
                Finding(
                    id: .trunkUnfinished, severity: .error,
                    Message("doctor.trunk.unfinished", ["path": state.path, "commit": String(pending.prefix(12))]),
                    fix: fix, subject: state.path))
        }
        if checkNetwork, let raw = state.url {
            let options = TransferOptions(network: network.probing(timeout: timeout), cancellation: cancellation)
            do {
                let refs = try GitTransfer.listRemote(url: raw, options: options)
                let tip = refs.first { $0.name == "refs/heads/\(state.branch ?? "master")" }?.oid
                if let tip, tip != commit {
                    findings.append(
                        Finding(
                            id: .trunkBehind, severity: .warning,
                            Message(
                                "doctor.trunk.behind",
                                ["url": url, "commit": String(commit.prefix(12)), "tip": String(tip.prefix(12))]),
                            fix: fix, subject: state.path))
                }
            } catch {
                findings.append(
                    Finding(
                        id: .trunkMirrorUnreachable, severity: .warning,
                        Message("doctor.trunk.unreachable", ["url": url, "reason": "\(error)"]), fix: nil,
                        subject: state.path))
            }
        }
        if let verified = try? RepoVerifier(repos: repos).verify(names: ["trunk"], deep: true, expect: nil).first,
            let first = verified.problems.first(where: { $0.code != .trunkPending })
        {
            let count = verified.problemCount - (state.pending == nil ? 0 : 1)
            findings.append(
                Finding(
                    id: .trunkDiffers, severity: .warning,
                    Message(
                        "doctor.trunk.differs",
                        ["path": state.path, "count": String(count), "example": first.path ?? ""]),
                    fix: "podmirror repo remove trunk && \(fix)", subject: state.path,
                    explanation: Message("doctor.trunk.differs.explanation")))
        }
        findings.append(
            Finding(
                id: .trunkRepoUpdate, severity: .warning,
                Message("doctor.trunk.repo-update", ["path": state.path]), fix: fix, subject: state.path,
                explanation: Message("doctor.trunk.repo-update.explanation")))
        let stats = state.stats ?? TrunkStats(pods: 0, podspecs: 0)
        findings.append(
            fine(
                .trunkMade,
                Message(
                    "doctor.trunk.made",
                    [
                        "path": state.path, "url": url, "commit": String(commit.prefix(12)),
                        "pods": String(stats.pods), "podspecs": String(stats.podspecs),
                    ]),
                subject: state.path))
        return findings
    }

    /// The strategy that reaches a mirror without changing a Podfile whose sources are `sources`: trunk when it names
    /// no source but trunk, insteadof when it names GitHub's Specs repo besides; nil when it names anything else (a
    /// mirror already, or private repos, which only editing it serves).
    static func strategyFit(sources: [String]) -> String? {
        if sources.allSatisfy({ SourceURL($0).isTrunkCDN }) { return "trunk" }
        let github = SourceURL(SpecRepoNaming.officialGitURL)
        let official = sources.allSatisfy { SourceURL($0).isTrunkCDN || SourceURL($0).isSame(as: github) }
        return official ? "insteadof" : nil
    }
}
