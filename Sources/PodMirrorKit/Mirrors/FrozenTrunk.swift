import Foundation

/// CocoaPods trunk is read-only from 2026-12-02: the Specs repo ends at one final commit, the catalog's
/// `finalTrunkCommit` once known. A mirror at it is complete; a local copy at it is complete forever.
public enum FrozenTrunk {
    /// With the final commit known it is the reference: a healthy Specs git mirror not at it is stale.
    static func judge(_ results: inout [MirrorProbe.Result], final: String) {
        for i in results.indices where results[i].kind == .specsGit && results[i].healthy {
            guard let head = results[i].head else { continue }
            let reached = head == final
            results[i].reachedFinalCommit = reached
            if !reached {
                results[i].stale = true
                results[i].setProblem(
                    Message(
                        "freeze.mirror.not-final", ["head": String(head.prefix(12)), "final": String(final.prefix(12))])
                )
            }
        }
    }

    /// Local Specs copies (at catalog Specs URLs, or sharing their history) whose HEAD is not the final
    /// commit and does not descend from it: behind the frozen trunk.
    public static func behind(repos: [SpecRepo], catalog: MirrorCatalog) -> [(repo: SpecRepo, final: String)] {
        guard let final = catalog.finalTrunkCommit else { return [] }
        let git = repos.filter { $0.kind == .git }
        let references = git.filter { r in
            r.url.map { catalog.isOfficialOrMirror($0) } ?? false
        }
        return SpecRepoHistory.copies(of: references, in: git).compactMap { r in
            guard let head = r.head, head != final, let repo = try? GitRepository.open(r.path) else { return nil }
            if repo.hasCommit(final), repo.mergeBase(head, final) == final { return nil }
            return (r, final)
        }
    }
}
