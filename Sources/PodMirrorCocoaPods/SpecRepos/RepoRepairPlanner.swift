import Foundation
import PodMirrorFoundation
import PodMirrorTransport

/// Plans `repo repair NAME`.
package struct RepoRepairPlanner: Sendable {
    package var shared: RepoPlannerContext

    package init(_ shared: RepoPlannerContext) { self.shared = shared }

    /// `repo repair NAME`: puts a git spec repo back in the state `pod repo update` expects, without the
    /// network: its branch (the one checked out, else origin's default) at `origin/<branch>`, checked out,
    /// local changes to tracked files discarded (`git reset --hard`). The dry run shows the diff it discards.
    package func plan(name: String) throws -> Plan {
        try SpecRepoNaming.validate(name)
        let repos = shared.repos
        let path = repos.repoPath(name)
        guard let info = SpecRepo.all(in: repos).first(where: { $0.name == name }), info.kind == .git else {
            throw PodMirrorFailure(Message("repo.repair.not-git", ["name": name, "path": path]), code: .repoNotFound)
        }
        try SpecRepoGitLocks.refuse(info, repos.fileSystem)
        let repo = try GitRepository.open(path)
        guard let branch = info.branch ?? Self.defaultBranch(repo),
            let target = repo.resolve("refs/remotes/origin/\(branch)")
        else {
            throw PodMirrorFailure(
                Message("repo.repair.no-tracking-ref", ["name": name]),
                remedy: Message("repo.repair.no-tracking-ref.remedy", ["name": name]), code: .repoNoTrackingRef)
        }
        let discarded = try Self.localDiff(repo)
        let untracked = try info.head.map { try Self.untrackedPaths(repo, commit: $0) } ?? []
        var kept: [Diagnostic] = []
        if !untracked.isEmpty {
            let shown = untracked.prefix(10).joined(separator: ", ") + (untracked.count > 10 ? ", …" : "")
            kept.append(
                Diagnostic(
                    .note, code: .repoRepairRemovesUntracked,
                    Message(
                        "repo.repair.removes-untracked",
                        ["name": name, "count": String(untracked.count), "files": shown]),
                    file: path))
        }
        let attached = info.branch == branch
        var details = SpecRepoRepairFacts(
            name: name, branch: branch, oldHead: info.head, newHead: target, wasDetached: info.branch == nil)
        if attached, info.head == target, discarded.isEmpty, untracked.isEmpty {
            let message = Message("repo.repair.ok", ["name": name, "branch": branch])
            var change = Change.satisfied(
                id: "repo.repair:\(name)", kind: .specRepoRepair, subject: name,
                summary: message.english, details: details)
            change.message = message
            return Plan(title: "repo repair \(name)", changes: [change], warnings: kept)
        }
        details.discardsChanges = !discarded.isEmpty || !untracked.isEmpty
        details.untrackedRemoved = untracked.count
        let message = Message(
            "repo.repair.change",
            ["name": name, "branch": branch, "commit": String(target.prefix(12))])
        let options = TransferOptions(network: shared.network)
        let fs = repos.fileSystem
        var change = Change(
            id: "repo.repair:\(name)", kind: .specRepoRepair, subject: name, summary: message.english,
            diff: discarded.isEmpty ? nil : discarded, details: details, isNeeded: true,
            apply: { _ in
                let repo = try GitRepository.open(path)
                try repo.checkoutForced(commit: target, options: options)
                try repo.setReference(
                    "refs/heads/\(branch)", to: target,
                    message: "podmirror repo repair: origin/\(branch)")
                try repo.setSymbolicReference("HEAD", to: "refs/heads/\(branch)", message: "podmirror repo repair")
                try Self.removeUntracked(repo, commit: target, fileSystem: fs)
                return SpecRepoHeadFacts(newHead: target)
            })
        change.message = message
        return Plan(title: "repo repair \(name)", changes: [change], warnings: kept)
    }

    /// origin's default branch (`GitRepository.originDefaultBranch`).
    static func defaultBranch(_ repo: GitRepository) -> String? { repo.originDefaultBranch() }

    /// Files of the work tree that `commit` does not have (what a killed checkout leaves), as `repo verify`
    /// finds them.
    static func untrackedPaths(_ repo: GitRepository, commit: String) throws -> [String] {
        try repo.statusScan(commit: commit, deep: false, cancellation: CancellationToken())
            .filter { $0.kind == .added }.map(\.path)
    }

    /// Removes the untracked files (`git clean -fd`, ignored files kept) and the folders they leave empty.
    static func removeUntracked(_ repo: GitRepository, commit: String, fileSystem fs: any FileSystem) throws {
        for rel in try untrackedPaths(repo, commit: commit) {
            try fs.removeItem(repo.path + "/" + rel)
            var folder = (rel as NSString).deletingLastPathComponent
            while !folder.isEmpty, (try? fs.contentsOfDirectory(repo.path + "/" + folder))?.isEmpty == true {
                try fs.removeItem(repo.path + "/" + folder)
                folder = (folder as NSString).deletingLastPathComponent
            }
        }
    }

    /// The unified diff of the working tree's changes to tracked files against HEAD ("" when clean).
    static func localDiff(_ repo: GitRepository) throws -> String { try repo.workingTreeDiff() }
}
