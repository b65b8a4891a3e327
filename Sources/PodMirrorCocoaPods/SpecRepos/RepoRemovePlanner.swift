import Foundation
import PodMirrorFoundation

/// Plans `repo remove NAME`: deletes the folder (any type, like `pod repo remove`).
package struct RepoRemovePlanner: Sendable {
    package var shared: RepoPlannerContext

    package init(_ shared: RepoPlannerContext) { self.shared = shared }

    /// The plan: the repo is moved aside when applied and deleted once the whole plan succeeded.
    package func plan(name: String) throws -> Plan {
        if name.isEmpty || name.contains("/") || name == "." || name == ".." {
            throw PodMirrorFailure.badName(name, Message("repo.error.bad-name.not-a-name"))
        }
        let repos = shared.repos
        let path = repos.repoPath(name)
        guard repos.fileSystem.fileExists(path) else { throw PodMirrorFailure.notFound(name, in: repos.path) }
        guard access(path, W_OK) == 0 else {
            throw PodMirrorFailure(
                Message("repo.error.permission", ["name": name, "path": path]), code: .repoPermission)
        }
        let repo = SpecRepo.read(name: name, in: repos)
        // A lock may be a running git or `pod` in the repo: never pull the folder from under it.
        try SpecRepoGitLocks.refuse(repo, repos.fileSystem)
        // The repo waits aside (a hidden folder in the repos dir) until the plan succeeded.
        let aside = Handoff<String>()
        let removal = Message("repo.remove.summary", ["path": path])
        return Plan(
            title: "repo remove \(name)",
            changes: [
                Change(
                    id: "repo.remove:\(name)", kind: .specRepoRemove, subject: name, summary: removal.english,
                    details: SpecRepoRemoveFacts(
                        name: name, path: path, type: repo.kind.rawValue, url: repo.displayURL),
                    isNeeded: true,
                    apply: { _ in
                        aside.set(try repos.staging.moveAside(path, name: name)); return nil
                    },
                    undo: { if let kept = aside.take() { try repos.staging.rename(kept, path) } },
                    commit: {
                        if let kept = aside.take() { repos.staging.removeTree(kept) }
                        return nil
                    }
                ).said(removal)
            ])
    }
}
