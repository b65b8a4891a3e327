import Foundation
import PodMirrorFoundation
import PodMirrorTransport

/// What podmirror remembers about a spec repo it made the Specs source, in the repo's own git config (CocoaPods
/// ignores it): `podmirror.specs = true` once `repo use` or `setup --mirror` made it the Specs repo, and
/// `podmirror.formerURLs`, the URLs `repo use` moved it away from (space-separated, newest last, credentials
/// removed). So a Podfile edit replaces what podmirror itself put there (a mirror given as a URL) like an official
/// source, and a Podfile still naming a former URL is told to follow the switch instead of switching back.
package enum SpecRepoRecord {
    static let specsKey = "podmirror.specs"
    static let formerKey = "podmirror.formerURLs"
    static let limit = 10

    /// Marks the repo at `repoPath` as the Specs source podmirror set up; best effort.
    static func markSpecs(repoPath: String) {
        guard let repo = try? GitRepository.open(repoPath) else { return }
        try? repo.setConfig(specsKey, "true")
    }

    /// True when podmirror made the repo at `repoPath` the Specs source (`markSpecs`).
    static func isSpecs(repoPath: String) -> Bool {
        (try? GitRepository.open(repoPath))?.configString(specsKey) == "true"
    }

    /// Adds `url` (redacted) to the repo's former URLs; best effort: a failure leaves the record as it was.
    static func record(_ url: String?, repoPath: String) {
        guard let url, let repo = try? GitRepository.open(repoPath) else { return }
        let shown = Redaction.redactURL(url)
        let current = repo.remoteURL().map(Redaction.redactURL)
        var list = formerURLs(repo).filter { $0 != shown && $0 != current }
        if shown != current { list.append(shown) }
        try? repo.setConfig(formerKey, list.suffix(limit).joined(separator: " "))
    }

    /// The recorded former URLs of the repo at `repoPath`, oldest first.
    static func formerURLs(repoPath: String) -> [String] {
        (try? GitRepository.open(repoPath)).map(formerURLs) ?? []
    }

    static func formerURLs(_ repo: GitRepository) -> [String] {
        (repo.configString(formerKey) ?? "").split(separator: " ").map(String.init)
    }

    /// The repo among `repos` that `source` names by a former URL (compared without credentials).
    package static func repo(formerlyAt source: String, in repos: [SpecRepo]) -> SpecRepo? {
        let wanted = SourceURL(Redaction.redactURL(source))
        return repos.first { r in
            r.kind == .git && formerURLs(repoPath: r.path).contains { SourceURL($0).isSame(as: wanted) }
        }
    }
}
