import Foundation
import PodMirrorFoundation
import PodMirrorTransport

/// Specs copies recognised by history, not by name: any git repo in the repos dir that shares history
/// with a known Specs repo (one at a catalog Specs URL, at the target URL, or the one `repo use` takes
/// over) is a copy of the same Specs repo. Private spec repos (unrelated history) are never among them.
package enum SpecRepoHistory {
    /// Git repos of `all` that share history with one of `references` (the references included).
    static func copies(of references: [SpecRepo], in all: [SpecRepo]) -> [SpecRepo] {
        let refs = references.filter { $0.kind == .git }
        guard !refs.isEmpty else { return [] }
        return all.filter { repo in
            guard repo.kind == .git else { return false }
            if refs.contains(where: { $0.path == repo.path }) { return true }
            return refs.contains { GitHistory.shareHistory($0.path, repo.path) }
        }
    }

    /// The URLs a Podfile edit to `target` should replace like an official source: those of the local
    /// Specs copies (found from the repos at `target`, at catalog Specs URLs, `takenOver`, and any repo podmirror
    /// made the Specs source, e.g. the clone of `setup --mirror URL`), and the URLs `repo use` moved those copies
    /// away from (`SpecRepoRecord`).
    package static func specsURLs(
        repos: ReposDirectory, target: String, catalog: MirrorCatalog,
        takenOver: SpecRepo? = nil
    ) -> [String] {
        let all = SpecRepo.all(in: repos).filter { $0.kind == .git }
        var references = all.filter { r in
            guard let url = r.url else { return false }
            return SpecRepoNaming.matches(local: url, wanted: target)
                || catalog.isOfficialOrMirror(url)
                || SpecRepoRecord.isSpecs(repoPath: r.path)
        }
        if let takenOver { references.append(takenOver) }
        let found = copies(of: references, in: all)
        return (found.compactMap(\.url) + found.flatMap { SpecRepoRecord.formerURLs(repoPath: $0.path) })
            .filter { !catalog.isOfficialOrMirror($0) && !SourceURL($0).isSame(as: SourceURL(target)) }
    }
}

extension MirrorCatalog {
    /// This catalog plus `urls` as Specs sources (so Podfile edits replace them like official ones).
    package func addingSpecsCopies(_ urls: [String]) -> MirrorCatalog {
        var copy = self
        for (i, url) in urls.enumerated() {
            copy.specs.append(
                Mirror(
                    name: "local-specs-copy-\(i + 1)", kind: .specsGit, url: url,
                    notes: "a local repo sharing the Specs history"))
        }
        return copy
    }
}
