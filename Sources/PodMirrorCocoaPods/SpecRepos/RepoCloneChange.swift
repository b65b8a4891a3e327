import Foundation
import PodMirrorFoundation
import PodMirrorTransport

extension RepoPlannerContext {
    /// A clone of `url` into `<repos>/<name>` through a temporary folder (`repo add`, and `repo use` with no
    /// repo to take over).
    func cloneChange(
        name: String, url: String, branch: String?, depth: Int?, id: String,
        adjust: (inout SpecRepoCloneFacts) -> Void = { _ in }
    ) -> Change {
        let path = repos.repoPath(name)
        var details = SpecRepoCloneFacts(name: name, url: Redaction.redactURL(url), path: path, branch: branch)
        // A clone an insteadOf rule sends to a mirror (`setup --strategy insteadof`) says so.
        let connect = network.urlRewrite.rewrite(url)
        var arguments = ["url": Redaction.redactURL(url), "path": path]
        if connect != url {
            details.via = Redaction.redactURL(connect)
            arguments["mirror"] = Redaction.redactURL(connect)
        }
        adjust(&details)
        let repos = self.repos
        let shared = self
        let via = connect != url
        let message =
            branch.map {
                Message(
                    via ? "repo.clone.summary-branch-via" : "repo.clone.summary-branch",
                    arguments.merging(["branch": $0]) { $1 })
            } ?? Message(via ? "repo.clone.summary-via" : "repo.clone.summary", arguments)
        var change = Change(
            id: id, kind: .specRepoClone, subject: name,
            summary: message.english,
            details: details, isNeeded: true,
            apply: { context in
                let staging = repos.staging.path(purpose: "tmp", name: name)
                do {
                    let repo = try GitTransfer.clone(
                        url: url, into: staging, branch: branch, depth: depth,
                        options: shared.transfer(context))
                    try context.checkCancelled()
                    guard let head = repo.headOID, let b = repo.headBranch,
                        repo.resolve("refs/remotes/origin/\(b)") != nil
                    else {
                        throw PodMirrorFailure(
                            Message("repo.error.clone-no-branch", ["url": url]), code: .repoCloneIncomplete)
                    }
                    if repo.resolve("refs/remotes/origin/HEAD") == nil {
                        try? repo.setSymbolicReference(
                            "refs/remotes/origin/HEAD", to: "refs/remotes/origin/\(b)", message: "podmirror: clone")
                    }
                    try repos.staging.rename(staging, path)
                    return SpecRepoClonedFacts(head: head, branch: b)
                } catch {
                    repos.staging.removeTree(staging)
                    throw error
                }
            },
            undo: { try repos.staging.delete(path, name: name) })
        change.message = message
        return change
    }

    /// Refuses `--depth` below 1, or any depth when the linked libgit2 cannot fetch shallow.
    static func checkDepth(_ depth: Int?, url: String) throws {
        guard let depth else { return }
        if depth < 1 {
            throw PodMirrorFailure(Message("repo.error.depth", ["depth": String(depth)]), code: .usageDepth)
        }
        if !Libgit2.supportsShallow {
            throw GitError(
                .unsupported, operation: "shallow clone of", subject: url,
                cause: Message("git.cause.depth-full", ["version": Libgit2.version]))
        }
    }
}
