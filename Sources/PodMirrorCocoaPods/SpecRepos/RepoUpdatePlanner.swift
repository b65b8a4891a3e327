import Foundation
import PodMirrorFoundation
import PodMirrorTransport

/// Plans `repo update [NAME...]`: fetch origin, then move the branch and working tree to `origin/<branch>`.
package struct RepoUpdatePlanner: Sendable {
    package var shared: RepoPlannerContext

    package init(_ shared: RepoPlannerContext) { self.shared = shared }

    /// `repo update [NAME...]`: fetch origin, then move the branch and working tree to
    /// `origin/<branch>` (what `pod repo update` does). Planning asks each server for its refs, so a
    /// repo already at the server's tip is reported unchanged and `--check` can tell drift. Each repo is
    /// independent: one whose origin is down (a `repo.unreachable` warning while planning, its error when
    /// applying) keeps the others from nothing; the plan fails at the end.
    package func plan(names: [String], context: ApplyContext = ApplyContext()) throws -> Plan {
        var plan = Plan(title: names.isEmpty ? "repo update" : "repo update \(names.joined(separator: " "))")
        let repos = shared.repos
        let selected = names.isEmpty ? SpecRepo.all(in: repos) : try repos.existingRepos(names)
        for repo in selected {
            switch repo.kind {
            case .cdn:
                plan.warnings.append(
                    Diagnostic(
                        .note, code: .repoSkipCDN, Message("repo.update.skip-cdn", ["name": repo.name])))
            case .dir:
                plan.warnings.append(
                    Diagnostic(
                        .note, code: .repoSkipDir, Message("repo.update.skip-dir", ["name": repo.name])))
            case .git:
                var change = try change(repo, context: context, warnings: &plan.warnings)
                change.isIndependent = true
                plan.changes.append(change)
            }
        }
        return plan
    }

    private func change(_ info: SpecRepo, context: ApplyContext, warnings: inout [Diagnostic]) throws -> Change {
        try SpecRepoGitLocks.refuse(info, shared.repos.fileSystem)
        guard let branch = info.branch else {
            throw PodMirrorFailure(
                Message("repo.error.detached-update", ["name": info.name, "path": info.path]),
                remedy: Message("repo.error.detached-update.remedy"), code: .repoDetached)
        }
        let url = info.url ?? ""
        let repo = try GitRepository.open(info.path)
        let remoteTip: String?
        var unknown: GitError?
        do {
            remoteTip = try GitTransfer.listRemote(repo: repo, options: shared.transfer(context))
                .first { $0.name == "refs/heads/\(branch)" }?.oid
        } catch let error as GitError where error.kind == .transport || error.kind == .timeout {
            // Unknown until the fetch: the update is tried when applying and fails alone.
            warnings.append(
                Diagnostic(
                    .warning, code: .repoUnreachable,
                    Message("repo.update.unreachable", ["name": info.name, "error": error.message])))
            remoteTip = nil
            unknown = error
        }
        let tracking = repo.resolve("refs/remotes/origin/\(branch)")
        let head = info.head
        var details = SpecRepoUpdateFacts(
            name: info.name, url: info.displayURL, branch: branch, oldHead: head, remoteHead: remoteTip)
        if let remoteTip, remoteTip == tracking, remoteTip == head {
            details.newHead = head
            let current = Message("repo.update.current", ["name": info.name, "head": String(head!.prefix(12))])
            return Change.satisfied(
                id: "repo.update:\(info.name)", kind: .specRepoUpdate, subject: info.name,
                summary: current.english, details: details
            ).said(current)
        }
        let shared = self.shared
        let repos = shared.repos
        let searchIndex = repos.searchIndexPath
        // HEAD already at the server's tip (only origin/<branch> is behind): no "a → a" for people.
        let summary: Message
        if let head, let remoteTip, head == remoteTip {
            summary = Message(
                "repo.update.tracking-only",
                [
                    "name": info.name, "url": Redaction.redactURL(url), "branch": branch,
                    "head": String(head.prefix(12)),
                ])
        } else {
            summary = Message(
                "repo.update.move",
                [
                    "name": info.name, "url": Redaction.redactURL(url),
                    "old": head.map { String($0.prefix(12)) } ?? "none",
                    "new": remoteTip.map { String($0.prefix(12)) } ?? "origin/\(branch)",
                ])
        }
        var change = Change(
            id: "repo.update:\(info.name)", kind: .specRepoUpdate, subject: info.name,
            summary: summary.english,
            details: details, isNeeded: true,
            apply: { context in
                let repo = try GitRepository.open(info.path)
                let snapshot = SpecRepoStaging.FetchSnapshot(gitDir: repo.gitDirectory, fileSystem: repos.fileSystem)
                do {
                    try GitTransfer.fetch(repo, options: shared.transfer(context))
                    try context.checkCancelled()
                } catch {
                    snapshot.restore()
                    throw error
                }
                guard let target = repo.resolve("refs/remotes/origin/\(branch)") else {
                    throw PodMirrorFailure(
                        Message("repo.error.no-origin-branch", ["name": info.name, "branch": branch, "url": url]),
                        remedy: Message("repo.error.no-origin-branch.remedy", ["branch": branch]),
                        code: .repoNoTrackingRef)
                }
                // A kill from here on leaves the journal, and the next run finishes the checkout.
                let journal = SpecRepoJournal(
                    operation: .update, branch: branch, oldHead: repo.headOID ?? target, newHead: target)
                try journal.write(gitDir: repo.gitDirectory, fileSystem: repos.fileSystem)
                let changed = try GitCheckout.resetHard(
                    repo, branch: branch, to: target, options: shared.transfer(context),
                    message: "podmirror repo update: reset to origin/\(branch)")
                try SpecRepoJournal.remove(gitDir: repo.gitDirectory, fileSystem: repos.fileSystem)
                let removedIndex = (try? repos.fileSystem.removeItem(searchIndex)) != nil
                return SpecRepoUpdatedFacts(newHead: target, changedPaths: changed, searchIndexRemoved: removedIndex)
            })
        change.message = summary
        change.unknown = unknown
        return change
    }
}
