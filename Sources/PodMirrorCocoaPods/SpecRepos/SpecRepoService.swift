import Foundation
import PodMirrorFoundation
import PodMirrorTransport

/// Plans for the `repo` commands (add, remove, update; use/reset in SpecRepoSwitch.swift), and
/// running them under CocoaPods' `Spec_Lock`.
public struct SpecRepoService: Sendable {
    public var repos: ReposDirectory
    /// Seconds without data from a server before a transfer is aborted.
    public var stallTimeout: TimeInterval
    /// Seconds to wait for `Spec_Lock`.
    public var lockTimeout: TimeInterval
    /// The setting that decided `stallTimeout` and the proxy configuration (from `NetworkSettings`).
    public var stallTimeoutSetting = NetworkSettings.timeoutSettingNames
    public var proxy: ProxySettings?
    /// git's insteadOf rules every transfer follows (`NetworkSettings.urlRewrite`).
    public var urlRewrite: SourceMirrorRules?
    /// The slowest a transfer may go (`NetworkSettings.minimumRate`).
    public var minimumRate = MinimumRate.default

    public init(
        repos: ReposDirectory, stallTimeout: TimeInterval = TransferOptions.defaultStallTimeout,
        lockTimeout: TimeInterval = 60
    ) {
        self.repos = repos
        self.stallTimeout = stallTimeout
        self.lockTimeout = lockTimeout
    }

    /// A service whose transfers and lock follow `network`.
    public init(repos: ReposDirectory, network: NetworkSettings) {
        self.init(repos: repos, stallTimeout: network.stallTimeout, lockTimeout: network.lockTimeout)
        stallTimeoutSetting = network.stallTimeoutSetting
        proxy = network.proxy
        urlRewrite = network.urlRewrite
        minimumRate = network.minimumRate
    }

    func transfer(_ context: ApplyContext) -> TransferOptions {
        TransferOptions(
            stallTimeout: stallTimeout, progress: context.progress, cancellation: context.cancellation,
            proxy: proxy, stallTimeoutSetting: stallTimeoutSetting, urlRewrite: urlRewrite, minimumRate: minimumRate)
    }

    /// The lock every plan of this service needs while it is made and applied.
    public var specLock: SpecLockRequirement { SpecLockRequirement(repos: repos, timeout: lockTimeout) }

    /// A job whose plan changes spec repos: made and applied under `Spec_Lock`.
    /// A dry run or check also reports the changes a killed podmirror left half-done (applying finished
    /// them when it took the lock).
    public func job(purpose: String, _ makePlan: @escaping (ApplyContext) throws -> Plan) -> PlanJob {
        let repos = self.repos
        return PlanJob(purpose: purpose, lock: specLock) { context in
            var plan = try makePlan(context)
            plan.changes.insert(
                contentsOf: repos.unfinishedChanges().map { repos.finishChange($0.repo, $0.journal) }, at: 0)
            return plan
        }
    }

    /// Plans and runs under `Spec_Lock` when applying (dry run and check only read, without the lock).
    public func perform(
        mode: RunMode, context: ApplyContext, purpose: String,
        _ makePlan: () throws -> Plan
    ) throws -> PlanReport {
        try withoutActuallyEscaping(makePlan) { makePlan in
            try PlanRunner(context: context).run(job(purpose: purpose) { _ in try makePlan() }, mode: mode)
        }
    }

    // MARK: add

    /// `repo add NAME URL [--branch B]`: a full clone built in a temporary folder, renamed into place.
    public func addPlan(name: String, url: String, branch: String?, depth: Int? = nil) throws -> Plan {
        try Self.checkNewName(name)
        try GitURL.validate(url)
        if SourceURL(url).isTrunkCDN { throw MirrorCatalog.cdnRefusal(url) }
        try GitURL.checkLocalPath(url, fileSystem: repos.fileSystem)
        try Self.checkDepth(depth, url: url)
        let path = repos.repoPath(name)
        let existing = SpecRepo.read(name: name, in: repos)
        if repos.fileSystem.fileExists(path), existing.kind == .git, let have = existing.url,
            SourceURL(have).isSameCanonical(as: SourceURL(url)), branch == nil || branch == existing.branch
        {
            // Asked again for what is there: done, like any second run.
            let msg = Message("repo.add.already", ["name": name, "url": Redaction.redactURL(url)])
            var change = Change.satisfied(
                id: "repo.add:\(name)", kind: .specRepoClone, subject: name, summary: msg.english,
                details: [
                    "name": .string(name), "url": .string(existing.displayURL), "path": .string(path),
                    "branch": .string(existing.branch), "method": "none",
                    "oldHead": .string(existing.head), "newHead": .string(existing.head),
                ])
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
            changes: [cloneChange(name: name, url: url, branch: branch, depth: depth, id: "repo.add:\(name)")])
    }

    /// Checks the name of a repo to add before anything else: `trunk` gets the refusal `repo use trunk` gives.
    public static func checkNewName(_ name: String) throws {
        if name == "trunk" { throw MirrorCatalog.cdnRefusal(name) }
        try SpecRepoNaming.validate(name)
    }

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

    /// A clone of `url` into `<repos>/<name>` through a temporary folder.
    func cloneChange(
        name: String, url: String, branch: String?, depth: Int?, id: String,
        extra: [String: JSONValue] = [:]
    ) -> Change {
        let path = repos.repoPath(name)
        var details: [String: JSONValue] = [
            "name": .string(name), "url": .string(Redaction.redactURL(url)),
            "path": .string(path), "branch": .string(branch), "method": "clone",
        ]
        for (k, v) in extra { details[k] = v }
        let repos = self.repos
        let service = self
        let message =
            branch.map {
                Message("repo.clone.summary-branch", ["url": Redaction.redactURL(url), "branch": $0, "path": path])
            } ?? Message("repo.clone.summary", ["url": Redaction.redactURL(url), "path": path])
        var change = Change(
            id: id, kind: .specRepoClone, subject: name,
            summary: message.english,
            details: .object(details), isNeeded: true,
            apply: { context in
                let staging = repos.staging.path(purpose: "tmp", name: name)
                do {
                    let repo = try GitTransfer.clone(
                        url: url, into: staging, branch: branch, depth: depth,
                        options: service.transfer(context))
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
                    return ["head": .string(head), "newHead": .string(head), "branch": .string(b)]
                } catch {
                    repos.staging.removeTree(staging)
                    throw error
                }
            },
            undo: { try repos.staging.delete(path, name: name) })
        change.message = message
        return change
    }

    // MARK: remove

    /// `repo remove NAME`: deletes the folder (any type, like `pod repo remove`).
    public func removePlan(name: String) throws -> Plan {
        if name.isEmpty || name.contains("/") || name == "." || name == ".." {
            throw PodMirrorFailure.badName(name, Message("repo.error.bad-name.not-a-name"))
        }
        let path = repos.repoPath(name)
        guard repos.fileSystem.fileExists(path) else { throw PodMirrorFailure.notFound(name, in: repos.path) }
        guard access(path, W_OK) == 0 else {
            throw PodMirrorFailure(
                Message("repo.error.permission", ["name": name, "path": path]), code: .repoPermission)
        }
        let repo = SpecRepo.read(name: name, in: repos)
        let repos = self.repos
        // The repo waits aside (a hidden folder in the repos dir) until the plan succeeded.
        let aside = Handoff<String>()
        let removal = Message("repo.remove.summary", ["path": path])
        return Plan(
            title: "repo remove \(name)",
            changes: [
                Change(
                    id: "repo.remove:\(name)", kind: .specRepoRemove, subject: name, summary: removal.english,
                    details: [
                        "name": .string(name), "path": .string(path), "type": .string(repo.kind.rawValue),
                        "url": .string(repo.displayURL),
                    ],
                    isNeeded: true,
                    apply: { _ in
                        aside.set(try repos.staging.moveAside(path, name: name)); return nil
                    },
                    undo: { if let kept = aside.take() { try repos.staging.rename(kept, path) } },
                    commit: {
                        if let kept = aside.take() { repos.staging.removeTree(kept) }
                        return nil
                    }
                ).localized(removal)
            ])
    }

    // MARK: update

    /// `repo update [NAME...]`: fetch origin, then move the branch and working tree to
    /// `origin/<branch>` (what `pod repo update` does). Planning asks each server for its refs, so a
    /// repo already at the server's tip is reported unchanged and `--check` can tell drift. Each repo is
    /// independent: one whose origin is down (a `repo.unreachable` warning while planning, its error when
    /// applying) keeps the others from nothing; the plan fails at the end.
    public func updatePlan(names: [String], context: ApplyContext = ApplyContext()) throws -> Plan {
        var plan = Plan(title: names.isEmpty ? "repo update" : "repo update \(names.joined(separator: " "))")
        let selected = names.isEmpty ? SpecRepo.all(in: repos) : try existingRepos(names)
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
                var change = try updateChange(repo, context: context, warnings: &plan.warnings)
                change.isIndependent = true
                plan.changes.append(change)
            }
        }
        return plan
    }

    func updateChange(_ info: SpecRepo, context: ApplyContext, warnings: inout [Diagnostic]) throws -> Change {
        try refuseGitLocks(info)
        guard let branch = info.branch else {
            throw PodMirrorFailure(
                Message("repo.error.detached-update", ["name": info.name, "path": info.path]),
                remedy: Message("repo.error.detached-update.remedy"), code: .repoDetached)
        }
        let url = info.url ?? ""
        let repo = try GitRepository.open(info.path)
        let remoteTip: String?
        do {
            remoteTip = try GitTransfer.listRemote(repo: repo, options: transfer(context))
                .first { $0.name == "refs/heads/\(branch)" }?.oid
        } catch let error as GitError where error.kind == .transport || error.kind == .timeout {
            // Unknown until the fetch: the update is tried when applying and fails alone.
            warnings.append(
                Diagnostic(
                    .warning, code: .repoUnreachable,
                    Message("repo.update.unreachable", ["name": info.name, "error": error.message])))
            remoteTip = nil
        }
        let tracking = repo.resolve("refs/remotes/origin/\(branch)")
        let head = info.head
        var details: [String: JSONValue] = [
            "name": .string(info.name), "url": .string(info.displayURL), "branch": .string(branch),
            "oldHead": .string(head), "remoteHead": .string(remoteTip),
        ]
        if let remoteTip, remoteTip == tracking, remoteTip == head {
            details["newHead"] = .string(head)
            let current = Message("repo.update.current", ["name": info.name, "head": String(head!.prefix(12))])
            return Change.satisfied(
                id: "repo.update:\(info.name)", kind: .specRepoUpdate, subject: info.name,
                summary: current.english, details: .object(details)
            ).localized(current)
        }
        let service = self
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
            details: .object(details), isNeeded: true,
            apply: { context in
                let repo = try GitRepository.open(info.path)
                let snapshot = SpecRepoStaging.FetchSnapshot(gitDir: repo.gitDirectory, fileSystem: repos.fileSystem)
                do {
                    try GitTransfer.fetch(repo, options: service.transfer(context))
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
                    repo, branch: branch, to: target, options: service.transfer(context),
                    message: "podmirror repo update: reset to origin/\(branch)")
                try SpecRepoJournal.remove(gitDir: repo.gitDirectory, fileSystem: repos.fileSystem)
                let removedIndex = (try? repos.fileSystem.removeItem(searchIndex)) != nil
                return [
                    "newHead": .string(target), "changedPaths": .int(changed),
                    "searchIndexRemoved": .bool(removedIndex),
                ]
            })
        change.message = summary
        return change
    }
}

extension SpecRepoService {
    /// The repos named on the command line, each of which must exist; `.`, `..` and hidden folders
    /// (podmirror's staging) are never repos.
    func existingRepos(_ names: [String]) throws -> [SpecRepo] {
        try names.map { name in
            guard !name.isEmpty, !name.contains("/"), !name.hasPrefix("."),
                repos.fileSystem.fileExists(repos.repoPath(name))
            else {
                throw PodMirrorFailure.notFound(name, in: repos.path)
            }
            return SpecRepo.read(name: name, in: repos)
        }
    }
}
