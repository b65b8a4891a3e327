import Foundation
import PodMirrorFoundation
import PodMirrorTransport

/// How to take back a finished switch, and how to make it final: the old repo (or what the re-point
/// replaced in it) is kept until the plan commits.
struct SwitchOutcome: Sendable {
    /// Puts the old repo back as it was.
    var undo: @Sendable () throws -> Void
    /// Drops what was kept for `undo`; removes CocoaPods' search index (it is rebuilt from the new repo).
    var commit: @Sendable () -> Void
}

/// One `repo use` switch: the change it plans and how applying carries it out.
///
/// An existing git Specs repo is re-pointed when the new source shares its history: the delta is
/// fetched into a temporary repository that borrows the old one's objects (`objects/info/alternates`)
/// and advertises its commits, its pack moves into the old repo, then `origin` and the branch move.
/// Unrelated history (or no repo) means a fresh repository, built aside and swapped in atomically.
/// Either way the old repo is untouched until the new state is complete.
struct RepoSwitcher: Sendable {
    var shared: RepoPlannerContext
    var old: SpecRepo
    var url: String
    var finalName: String
    /// Candidate mode (`old` was not picked by URL, name or catalog): other git repos that may share the
    /// new source's history. A repo with unrelated history is then left alone, never replaced.
    var others: [SpecRepo] = []
    /// Move the repo to a source whose branch is behind its commit (`--allow-older`); else that is refused.
    var allowOlder = false

    var repos: ReposDirectory { shared.repos }
    var keepUnrelated: Bool { !others.isEmpty }

    /// The change `repo use` plans; applying it runs the switch.
    func change() -> Change {
        let switcher = self
        var details = SpecRepoSwitchFacts(
            name: finalName, previousName: old.name, url: Redaction.redactURL(url), previousURL: old.displayURL,
            branch: old.branch, oldHead: old.head, method: .repoint, path: repos.repoPath(finalName))
        let rename = finalName != old.name ? ", rename to `\(finalName)`" : ""
        // The old repo (or what the re-point replaced) is kept until the whole plan succeeded.
        let done = Handoff<SwitchOutcome>()
        let repos = self.repos
        let searchIndex = repos.searchIndexPath
        var message: Message? = Message(
            rename.isEmpty ? "repo.use.switch" : "repo.use.switch-rename",
            ["name": old.name, "url": Redaction.redactURL(url), "new": finalName])
        var summary =
            "point `\(old.name)` at \(Redaction.redactURL(url))\(rename) (re-point and fetch the delta when history "
            + "is shared, else clone and swap)"
        if !others.isEmpty {
            details.method = .repointOrClone
            details.previousName = nil
            details.previousURL = nil
            details.oldHead = nil
            details.candidates = others.map(\.name)
            let msg = Message(
                "repo.history.use",
                [
                    "url": Redaction.redactURL(url), "name": finalName,
                    "candidates": others.map { "`\($0.name)`" }.joined(separator: ", "),
                ])
            summary = msg.english
            message = msg
        }
        var change = Change(
            id: "repo.use:\(finalName)", kind: .specRepoUse, subject: finalName,
            summary: summary,
            details: details, isNeeded: true,
            apply: { context in
                let (result, outcome) = try switcher.run(context)
                done.set(outcome)
                return result
            },
            undo: { try done.take()?.undo() },
            commit: {
                guard let outcome = done.take() else { return nil }
                outcome.commit()
                return SearchIndexFacts(searchIndexRemoved: !repos.fileSystem.fileExists(searchIndex))
            })
        change.message = message
        return change
    }

    private func run(_ context: ApplyContext) throws -> (facts: SpecRepoSwitchedFacts, outcome: SwitchOutcome) {
        guard let branch = old.branch, let oldHead = old.head else {
            throw PodMirrorFailure(
                Message("repo.error.detached", ["name": old.name, "path": old.path]),
                remedy: Message("repo.error.detached.remedy"), code: .repoDetached)
        }
        let staging = repos.staging.path(purpose: "tmp", name: finalName)
        defer { repos.staging.removeTree(staging) }
        let oldRepo = try GitRepository.open(old.path)
        // 1. A temporary repo that borrows the old objects and advertises the old commits as "have"s.
        var probe = try GitRepository.initialize(staging)
        try Data((oldRepo.gitDirectory + "/objects\n").utf8)
            .write(to: URL(fileURLWithPath: probe.gitDirectory + "/objects/info/alternates"))
        // A shallow old repo: its boundary too, or the fetch would look for the parents it never had.
        if let boundary = try? repos.fileSystem.readFile(oldRepo.gitDirectory + "/shallow") {
            try repos.fileSystem.writeAtomically(boundary, to: probe.gitDirectory + "/shallow", defaultMode: 0o644)
        }
        probe = try GitRepository.open(staging)
        let bases = [oldHead] + oldRepo.references(matching: "refs/remotes/origin/*").compactMap { oldRepo.resolve($0) }
        for (i, oid) in Set(bases).sorted().enumerated() {
            try probe.setReference("refs/podmirror-base/\(i)", to: oid, message: "podmirror: base")
        }
        try probe.addRemote("origin", url: url)
        try GitTransfer.fetch(probe, options: shared.transfer(context))
        try context.checkCancelled()
        guard let newTip = probe.resolve("refs/remotes/origin/\(branch)") else {
            throw PodMirrorFailure(
                Message("repo.error.no-branch", ["url": url, "branch": branch, "name": old.name]),
                remedy: Message("repo.error.no-branch.remedy"), code: .repoNoBranch)
        }
        if let base = probe.mergeBase(oldHead, newTip) {
            // The source is behind (its tip an ancestor of the repo's commit) or has diverged (the merge base is
            // neither): either way the repo's commits the source lacks, and their specs, would go.
            let back = base != oldHead ? probe.aheadBehind(oldHead, newTip)?.ahead : nil
            if let back, !allowOlder {
                let values = [
                    "name": old.name, "head": String(oldHead.prefix(12)), "url": Redaction.redactURL(url),
                    "tip": String(newTip.prefix(12)), "count": String(back),
                ]
                throw base == newTip
                    ? PodMirrorFailure(
                        Message("repo.use.error.older", values), remedy: Message("repo.use.error.older.remedy"),
                        code: .repoOlder)
                    : PodMirrorFailure(
                        Message("repo.use.error.diverged", values), remedy: Message("repo.use.error.diverged.remedy"),
                        code: .repoDiverged)
            }
            var (facts, outcome) = try repoint(
                context, oldRepo: oldRepo, probe: probe, branch: branch, oldHead: oldHead, newTip: newTip)
            if let back {
                facts.movedBack = true
                facts.commitsBack = back
            }
            return (facts, outcome)
        }
        if keepUnrelated {
            // Unrelated to `old`: the probe holds the complete history. Another copy sharing it is
            // replaced by it (one copy, never two); with none, it becomes a new repo beside the others.
            let fresh = try GitRepository.open(staging)
            for other in others where other.path != old.path {
                guard let head = other.head, other.branch != nil, let r = try? GitRepository.open(other.path) else {
                    continue
                }
                try fresh.borrowObjects(from: r)
                if fresh.mergeBase(head, newTip) != nil {
                    var s = self
                    s.old = other
                    return try s.replace(
                        context, probe: probe, staging: staging, branch: branch, oldHead: head, newTip: newTip)
                }
            }
            return try install(context, probe: probe, staging: staging, branch: branch, newTip: newTip)
        }
        return try replace(context, probe: probe, staging: staging, branch: branch, oldHead: oldHead, newTip: newTip)
    }

    /// Shared history: move the fetched pack into the old repo, then re-point origin and the branch.
    private func repoint(
        _ context: ApplyContext, oldRepo: GitRepository, probe: GitRepository, branch: String, oldHead: String,
        newTip: String
    ) throws -> (facts: SpecRepoSwitchedFacts, outcome: SwitchOutcome) {
        let fs = repos.fileSystem
        let packDir = probe.gitDirectory + "/objects/pack"
        let destDir = oldRepo.gitDirectory + "/objects/pack"
        var moved: [String] = []
        let newRefs = probe.references(matching: "refs/remotes/origin/*").compactMap { r in
            probe.resolve(r).map { (r, $0) }
        }
        let oldRefs = oldRepo.references(matching: "refs/remotes/origin/*").compactMap { r in
            oldRepo.resolve(r).map { (r, $0) }
        }
        // Everything the re-point writes in .git (refs, logs, config, index, new packs), byte for byte.
        let snapshot = SpecRepoStaging.FetchSnapshot(
            gitDir: oldRepo.gitDirectory, fileSystem: fs, folders: SpecRepoStaging.FetchSnapshot.repointFolders,
            files: SpecRepoStaging.FetchSnapshot.repointFiles)
        let outcome = repointOutcome(snapshot: snapshot, branch: branch, oldHead: oldHead)
        let journal = SpecRepoJournal(
            operation: .repoint, branch: branch, oldHead: oldHead, newHead: newTip, url: Redaction.redactURL(url),
            refs: Dictionary(newRefs, uniquingKeysWith: { a, _ in a }), finalName: finalName)
        do {
            // A kill from here on leaves the journal, and the next run finishes (or drops) the re-point.
            try journal.write(gitDir: oldRepo.gitDirectory, fileSystem: fs)
            // .idx last: a pack becomes visible to git only once its index is in place.
            let files = ((try? fs.contentsOfDirectory(packDir)) ?? []).sorted { a, _ in !a.hasSuffix(".idx") }
            for f in files where !fs.fileExists(destDir + "/" + f) {
                try repos.staging.rename(packDir + "/" + f, destDir + "/" + f)
                moved.append(destDir + "/" + f)
            }
            let repo = try GitRepository.open(old.path)  // re-open: sees the new pack
            try repo.setRemoteURL("origin", url)
            for (r, _) in oldRefs where !newRefs.contains(where: { $0.0 == r }) { repo.deleteReference(r) }
            for (r, oid) in newRefs {
                try repo.setReference(r, to: oid, message: "podmirror repo use: fetch \(Redaction.redactURL(url))")
            }
            try context.checkCancelled()
            let changed = try GitCheckout.resetHard(
                repo, branch: branch, to: newTip, options: shared.transfer(context),
                message: "podmirror repo use: reset to origin/\(branch)")
            // The last step that can fail: when it throws, the repo is still at its old path.
            if finalName != old.name { try repos.staging.rename(old.path, repos.repoPath(finalName)) }
            try SpecRepoJournal.remove(gitDir: repos.repoPath(finalName) + "/.git", fileSystem: fs)
            let facts = SpecRepoSwitchedFacts(
                method: .repoint, oldHead: oldHead, newHead: newTip, previousName: old.name,
                previousURL: old.displayURL, changedPaths: changed,
                packsMoved: moved.filter { $0.hasSuffix(".pack") }.count)
            return (facts, outcome)
        } catch {
            try? outcome.undo()
            try? SpecRepoJournal.remove(gitDir: oldRepo.gitDirectory, fileSystem: fs)
            throw error
        }
    }

    /// Undoing a re-point: the folder's old name, the old commit's files, then every byte the
    /// re-point wrote in .git (refs, logs, config, index; the moved packs removed).
    private func repointOutcome(snapshot: SpecRepoStaging.FetchSnapshot, branch: String, oldHead: String)
        -> SwitchOutcome
    {
        let oldPath = old.path
        let oldURL = old.url
        let newPath = repos.repoPath(finalName)
        let searchIndex = repos.searchIndexPath
        return SwitchOutcome(
            undo: {
                if oldPath != newPath, !repos.fileSystem.fileExists(oldPath),
                    repos.fileSystem.fileExists(newPath)
                {
                    try repos.staging.rename(newPath, oldPath)
                }
                // The files first (a failed forward reset may have changed some without moving HEAD).
                let repo = try GitRepository.open(oldPath)
                _ = try GitCheckout.resetHard(
                    repo, branch: branch, to: oldHead, options: .local(), message: "podmirror: rollback")
                snapshot.restore()
            },
            commit: {
                try? repos.fileSystem.removeItem(searchIndex)
                SpecRepoRecord.record(oldURL, repoPath: newPath)
            })
    }

    /// Unrelated history: the probe already holds the complete new history (no common commit means
    /// the server sent everything). Make it a standalone clone and swap it in.
    private func replace(
        _ context: ApplyContext, probe: GitRepository, staging: String, branch: String, oldHead: String,
        newTip: String
    ) throws -> (facts: SpecRepoSwitchedFacts, outcome: SwitchOutcome) {
        try standalone(context, probe: probe, staging: staging, branch: branch, newTip: newTip)
        // Swap: old aside, new into place. The old one waits aside until the plan commits; a failure
        // in between puts it back.
        let aside = repos.staging.path(purpose: "trash", name: old.name)
        try repos.staging.rename(old.path, aside)
        let newPath = repos.repoPath(finalName)
        do {
            try repos.staging.rename(staging, newPath)
        } catch {
            try? repos.staging.rename(aside, old.path)
            throw error
        }
        let oldPath = old.path
        let oldURL = old.url
        let repos = self.repos
        let name = finalName
        let searchIndex = repos.searchIndexPath
        let outcome = SwitchOutcome(
            undo: {
                let trash = repos.staging.path(purpose: "trash", name: name)
                try repos.staging.rename(newPath, trash)
                try repos.staging.rename(aside, oldPath)
                repos.staging.removeTree(trash)
            },
            commit: {
                repos.staging.removeTree(aside)
                try? repos.fileSystem.removeItem(searchIndex)
                SpecRepoRecord.record(oldURL, repoPath: newPath)
            })
        let facts = SpecRepoSwitchedFacts(
            method: .clone, oldHead: oldHead, newHead: newTip, previousName: old.name, previousURL: old.displayURL)
        return (facts, outcome)
    }

    /// Unrelated to every repo: the probe becomes a standalone clone renamed into place; no repo is touched.
    private func install(
        _ context: ApplyContext, probe: GitRepository, staging: String, branch: String,
        newTip: String
    ) throws -> (facts: SpecRepoSwitchedFacts, outcome: SwitchOutcome) {
        try standalone(context, probe: probe, staging: staging, branch: branch, newTip: newTip)
        let newPath = repos.repoPath(finalName)
        try repos.staging.rename(staging, newPath)
        let repos = self.repos
        let name = finalName
        let searchIndex = repos.searchIndexPath
        let outcome = SwitchOutcome(
            undo: { try repos.staging.delete(newPath, name: name) },
            commit: { try? repos.fileSystem.removeItem(searchIndex) })
        let facts = SpecRepoSwitchedFacts(
            method: .clone, oldHead: nil, newHead: newTip, previousName: nil, previousURL: nil)
        return (facts, outcome)
    }

    /// Drops the borrowed objects and base refs, sets the branch and its tracking refs, checks it out.
    private func standalone(
        _ context: ApplyContext, probe: GitRepository, staging: String, branch: String, newTip: String
    ) throws {
        try repos.fileSystem.removeItem(probe.gitDirectory + "/objects/info/alternates")
        // Unrelated history came whole: the old repo's shallow boundary (copied for the fetch) is not its own.
        if repos.fileSystem.fileExists(probe.gitDirectory + "/shallow") {
            try repos.fileSystem.removeItem(probe.gitDirectory + "/shallow")
        }
        let repo = try GitRepository.open(staging)
        for r in repo.references(matching: "refs/podmirror-base/*") { repo.deleteReference(r) }
        guard repo.hasCommit(newTip) else {
            throw PodMirrorFailure(Message("repo.error.incomplete", ["url": url]), code: .repoIncomplete)
        }
        try repo.setReference(
            "refs/heads/\(branch)", to: newTip, message: "podmirror repo use: clone \(Redaction.redactURL(url))")
        try repo.setSymbolicReference("HEAD", to: "refs/heads/\(branch)", message: "podmirror repo use")
        try repo.setConfig("branch.\(branch).remote", "origin")
        try repo.setConfig("branch.\(branch).merge", "refs/heads/\(branch)")
        if repo.resolve("refs/remotes/origin/HEAD") == nil {
            try? repo.setSymbolicReference(
                "refs/remotes/origin/HEAD", to: "refs/remotes/origin/\(branch)",
                message: "podmirror repo use")
        }
        try GitCheckout.checkoutFresh(repo, commit: newTip, options: shared.transfer(context))
        try context.checkCancelled()
    }
}
