import Foundation
import PodMirrorFoundation
import PodMirrorTransport

/// Plans `repo add NAME URL [--branch B] [--depth N]`: a clone built in a temporary folder, renamed into place.
package struct RepoAddPlanner: Sendable {
    package var shared: RepoPlannerContext

    package init(_ shared: RepoPlannerContext) { self.shared = shared }

    /// The plan: satisfied when the repo is already a clone of `url` (on `branch`); refused when another
    /// folder has the name.
    package func plan(name: String, url: String, branch: String?, depth: Int? = nil) throws -> Plan {
        try Self.checkNewName(name)
        try GitURL.validate(url)
        if SourceURL(url).isTrunkCDN { throw MirrorCatalog.cdnRefusal(url) }
        let repos = shared.repos
        try GitURL.checkLocalPath(url, fileSystem: repos.fileSystem)
        try RepoPlannerContext.checkDepth(depth, url: url)
        let path = repos.repoPath(name)
        let existing = SpecRepo.read(name: name, in: repos)
        // A lock in the folder already there: "already added" would hide a repo `pod repo update` then fails on.
        try SpecRepoGitLocks.refuse(existing, repos.fileSystem)
        if repos.fileSystem.fileExists(path), existing.kind == .git, let have = existing.url,
            SourceURL(have).isSameCanonical(as: SourceURL(url)), branch == nil || branch == existing.branch
        {
            // Asked again for what is there: done, like any second run.
            let msg = Message("repo.add.already", ["name": name, "url": Redaction.redactURL(url)])
            var change = Change.satisfied(
                id: "repo.add:\(name)", kind: .specRepoClone, subject: name, summary: msg.english,
                details: SpecRepoUnchangedFacts(
                    name: name, url: existing.displayURL, oldHead: existing.head, newHead: existing.head, path: path,
                    branch: NullWhenAbsent(wrappedValue: existing.branch)))
            change.message = msg
            return Plan(title: "repo add \(name)", changes: [change])
        }
        if repos.fileSystem.fileExists(path) {
            throw PodMirrorFailure(
                Message("repo.error.exists-at", ["name": name, "path": path]),
                remedy: Message("repo.error.exists-at.remedy", ["name": name]), code: .repoExists)
        }
        return Plan(
            title: "repo add \(name)",
            changes: [shared.cloneChange(name: name, url: url, branch: branch, depth: depth, id: "repo.add:\(name)")])
    }

    /// Checks the name of a repo to add before anything else: `trunk` gets the refusal `repo use trunk` gives.
    package static func checkNewName(_ name: String) throws {
        if name == "trunk" { throw MirrorCatalog.cdnRefusal(name) }
        try SpecRepoNaming.validate(name)
    }
}
