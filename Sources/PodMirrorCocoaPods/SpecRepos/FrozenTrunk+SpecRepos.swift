import Foundation
import PodMirrorTransport

extension FrozenTrunk {
    /// Local Specs copies (at catalog Specs URLs, or sharing their history) whose HEAD is not the final
    /// commit and does not descend from it: behind the frozen trunk.
    package static func behind(repos: [SpecRepo], catalog: MirrorCatalog) -> [(repo: SpecRepo, final: String)] {
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
