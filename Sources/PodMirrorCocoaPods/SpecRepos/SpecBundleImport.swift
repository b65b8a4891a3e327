import Foundation
import PodMirrorFoundation
import PodMirrorTransport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What `repo import` is asked to do.
package struct SpecBundleImportRequest: Sendable {
    /// A local path, a `file://` URL or an `http(s)://` URL of a git bundle (downloaded with resume).
    var source: String
    /// Folder name; nil follows CocoaPods' naming for `origin`.
    package var name: String?
    /// The URL the new repo's `origin` gets (what `repo update` fetches from).
    package var origin: String
    /// Refuse a bundle whose tip is not this commit (full id or a prefix of at least 7 hex digits).
    var expect: String?
    /// Clone from `origin` when the bundle cannot be used.
    var fallbackClone: Bool

    package init(
        source: String, name: String? = nil, origin: String = SpecRepoNaming.officialGitURL,
        expect: String? = nil, fallbackClone: Bool = false
    ) {
        self.source = source
        self.name = name
        self.origin = origin
        self.expect = expect
        self.fallbackClone = fallbackClone
    }

    /// True for `http://` and `https://` sources (downloaded first).
    var isRemote: Bool {
        let s = source.lowercased()
        return s.hasPrefix("http://") || s.hasPrefix("https://")
    }

    /// The local path of a path or `file://` source.
    var localPath: String {
        if source.lowercased().hasPrefix("file://") {
            return URL(string: source)?.path ?? String(source.dropFirst(7))
        }
        return source
    }
}

/// Plans `repo import BUNDLE` (`SpecBundleImporter` carries it out).
package struct RepoImportPlanner: Sendable {
    package var shared: RepoPlannerContext

    package init(_ shared: RepoPlannerContext) { self.shared = shared }

    var repos: ReposDirectory { shared.repos }

    /// Plans `repo import`: seeds a spec repo from a git bundle. The pack is indexed by libgit2 into a
    /// new repository in a temporary folder, which gets the branch, `origin` and its tracking refs, is
    /// checked out and checked like a clone, then renamed into place. A repo already at the bundle's
    /// tip makes the plan satisfied.
    package func plan(_ request: SpecBundleImportRequest) throws -> Plan {
        try GitURL.validate(request.origin)
        if let expect = request.expect {
            guard expect.count >= 7, expect.count <= 40, expect.allSatisfy(\.isHexDigit) else {
                throw PodMirrorFailure(Message("bundle.error.bad-expect", ["value": expect]), code: .bundleBadExpect)
            }
        }
        if let name = request.name { try SpecRepoNaming.validate(name) }
        let name = request.name ?? SpecRepoNaming.name(forURL: request.origin)
        try SpecRepoNaming.validate(name)
        var plan = Plan(title: "repo import \(Redaction.redactURL(request.source))")
        let shownSource = Redaction.redactURL(request.source)
        // The bundle's header: refs, tip, prerequisites.
        var header: SpecBundleHeader?
        var headerError: (any Error)?
        // A remote bundle's header is read after its download.
        if !request.isRemote {
            do { header = try Self.readHeader(request.localPath, source: shownSource) } catch { headerError = error }
        }
        var target: (name: String, tip: String)?
        if let header {
            target = try header.branch(nil, source: shownSource)
            if !header.prerequisites.isEmpty {
                headerError = PodMirrorFailure(
                    Message(
                        "bundle.error.incremental",
                        [
                            "source": shownSource,
                            "count": String(header.prerequisites.count),
                        ]),
                    code: .bundleIncremental)
                target = nil
            }
        }
        if let target, let expect = request.expect, !target.tip.hasPrefix(expect.lowercased()) {
            throw PodMirrorFailure(
                Message("bundle.error.expect", ["source": shownSource, "tip": target.tip, "expect": expect]),
                code: .bundleExpectMismatch)
        }
        if let headerError, !request.fallbackClone { throw headerError }
        // An existing repo: the same tip is a no-op; anything else is refused (one copy, never two).
        let all = SpecRepo.all(in: repos)
        let sameName = all.first { $0.name == name }
        let sameURL =
            request.name == nil
            ? all.first {
                $0.kind == .git && $0.url.map { SpecRepoNaming.matches(local: $0, wanted: request.origin) } ?? false
            } : nil
        if let existing = sameName ?? sameURL {
            if let tip = target?.tip, existing.head == tip {
                plan.changes.append(
                    .satisfied(
                        id: "repo.import:\(existing.name)", kind: .specRepoImport, subject: existing.name,
                        summary: Message(
                            "bundle.import.already", ["name": existing.name, "tip": String(tip.prefix(12))]
                        ).english,
                        details: SpecRepoUnchangedFacts(
                            name: existing.name, url: existing.displayURL, oldHead: existing.head,
                            newHead: existing.head, path: existing.path,
                            branch: NullWhenAbsent(wrappedValue: existing.branch), tip: tip)))
                plan.changes[0].message = Message(
                    "bundle.import.already", ["name": existing.name, "tip": String(tip.prefix(12))])
                return plan
            }
            throw PodMirrorFailure(
                Message(
                    "bundle.error.exists",
                    [
                        "name": existing.name, "path": existing.path,
                        "head": existing.head.map { String($0.prefix(12)) } ?? "none",
                    ]),
                remedy: Message("bundle.error.exists.remedy", ["name": existing.name]), code: .repoExists)
        }
        if let headerError {
            plan.warnings.append(
                Diagnostic(
                    .warning, code: .bundleFallbackClone,
                    Message(
                        "bundle.import.fallback",
                        [
                            "reason": Self.describe(headerError),
                            "url": Redaction.redactURL(request.origin),
                        ])))
            plan.changes.append(
                shared.cloneChange(
                    name: name, url: request.origin, branch: nil, depth: nil, id: "repo.import:\(name)",
                    adjust: { $0.bundleError = Self.describe(headerError) }))
            return plan
        }
        plan.changes.append(importChange(request, name: name, header: header, branch: target))
        return plan
    }

    static func describe(_ error: any Error) -> String {
        (error as? any PodMirrorError)?.message ?? "\(error)"
    }

    /// Reads and parses the header at the start of a bundle file.
    static func readHeader(_ path: String, source: String) throws -> SpecBundleHeader {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw PodMirrorFailure(
                Message("bundle.error.read", ["source": source], parts: ["reason": SystemReason.message(errno: errno)]),
                code: .bundleRead)
        }
        defer { try? handle.close() }
        let start = (try? handle.read(upToCount: 1 << 20)) ?? Data()
        return try SpecBundleHeader.parse(start, source: source)
    }

    func importChange(
        _ request: SpecBundleImportRequest, name: String, header: SpecBundleHeader?,
        branch: (name: String, tip: String)?
    ) -> Change {
        let path = repos.repoPath(name)
        let shownSource = Redaction.redactURL(request.source)
        let msg = Message(
            "bundle.import.summary", ["source": shownSource, "path": path, "url": Redaction.redactURL(request.origin)])
        var change = Change(
            id: "repo.import:\(name)", kind: .specRepoImport, subject: name, summary: msg.english,
            details: SpecBundleImportFacts(
                name: name, url: Redaction.redactURL(request.origin), path: path, bundle: shownSource,
                branch: branch?.name, tip: branch?.tip),
            isNeeded: true,
            apply: { [self] context in
                do {
                    return try SpecBundleImporter(shared: shared, request: request, name: name, context: context).run()
                } catch let error
                    where request.fallbackClone && !(error is InterruptedError) && !(error is SpecBundleExpectError)
                {
                    let clone = shared.cloneChange(
                        name: name, url: request.origin, branch: nil, depth: nil, id: "repo.import:\(name)")
                    guard var cloned = try clone.apply(context) as? SpecRepoClonedFacts else { return nil }
                    cloned.method = .clone
                    cloned.bundleError = Self.describe(error)
                    return cloned
                }
            },
            undo: { [repos] in try repos.staging.delete(path, name: name) })
        change.message = msg
        return change
    }
}

/// A bundle whose tip is not the `--expect`ed commit (never a reason to fall back to a clone).
struct SpecBundleExpectError: PodMirrorError {
    var inner: PodMirrorFailure
    var message: String { inner.message }
    var text: Message? { inner.text }
    var code: ErrorCode { inner.code }
}

/// Carries out one import into a temporary folder, then renames it into place.
struct SpecBundleImporter {
    var shared: RepoPlannerContext
    var request: SpecBundleImportRequest
    var name: String
    var context: ApplyContext

    func run() throws -> SpecRepoClonedFacts {
        let repos = shared.repos
        let staging = repos.staging.path(purpose: "tmp", name: name)
        let shownSource = Redaction.redactURL(request.source)
        defer { repos.staging.removeTree(staging) }
        let (repo, branch, tip) = try indexPack(into: staging)
        let url = request.origin
        let message = "podmirror repo import: \(shownSource)"
        try repo.setReference("refs/heads/\(branch)", to: tip, message: message)
        try repo.setSymbolicReference("HEAD", to: "refs/heads/\(branch)", message: message)
        try repo.addRemote("origin", url: url)
        try repo.setReference("refs/remotes/origin/\(branch)", to: tip, message: message)
        try repo.setSymbolicReference("refs/remotes/origin/HEAD", to: "refs/remotes/origin/\(branch)", message: message)
        try repo.setConfig("branch.\(branch).remote", "origin")
        try repo.setConfig("branch.\(branch).merge", "refs/heads/\(branch)")
        // From here on the pack and refs are complete: a kill is finished by the next run (SpecRepoJournal).
        try SpecRepoJournal(operation: .import, branch: branch, oldHead: "", newHead: tip, finalName: name)
            .write(gitDir: repo.gitDirectory, fileSystem: repos.fileSystem)
        try GitCheckout.checkoutFresh(repo, commit: tip, options: shared.transfer(context))
        try context.checkCancelled()
        // The same acceptance as a clone: a checked-out branch whose origin branch is there.
        guard repo.headOID == tip, repo.headBranch == branch, repo.resolve("refs/remotes/origin/\(branch)") == tip
        else {
            throw PodMirrorFailure(
                Message("bundle.error.incomplete", ["source": shownSource]), code: .repoCloneIncomplete)
        }
        try repos.staging.rename(staging, repos.repoPath(name))
        try SpecRepoJournal.remove(gitDir: repos.repoPath(name) + "/.git", fileSystem: repos.fileSystem)
        return SpecRepoClonedFacts(head: tip, branch: branch, method: .bundle)
    }

    /// A new repository at `staging` holding the bundle's pack (downloaded first when remote), checked: no
    /// prerequisites, the `--expect`ed tip, the tip's commit present. No ref is written.
    func indexPack(into staging: String) throws -> (repo: GitRepository, branch: String, tip: String) {
        let repos = shared.repos
        let shownSource = Redaction.redactURL(request.source)
        var file = request.localPath
        var download: String?
        defer { if let download { repos.staging.removeTree(download) } }
        if request.isRemote {
            let partial = repos.staging.path(purpose: "tmp", name: "download") + ".bundle"
            download = partial
            try SpecBundleDownload.fetch(
                request.source, to: partial, options: shared.transfer(context),
                environment: shared.network.proxy.environment)
            try context.checkCancelled()
            file = partial
        }
        let header = try RepoImportPlanner.readHeader(file, source: shownSource)
        let (branch, tip) = try header.branch(nil, source: shownSource)
        if !header.prerequisites.isEmpty {
            throw PodMirrorFailure(
                Message(
                    "bundle.error.incremental", ["source": shownSource, "count": String(header.prerequisites.count)]),
                code: .bundleIncremental)
        }
        if let expect = request.expect, !tip.hasPrefix(expect.lowercased()) {
            throw SpecBundleExpectError(
                inner: PodMirrorFailure(
                    Message("bundle.error.expect", ["source": shownSource, "tip": tip, "expect": expect]),
                    code: .bundleExpectMismatch))
        }
        let fd = open(file, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else {
            throw PodMirrorFailure(
                Message(
                    "bundle.error.read", ["source": shownSource],
                    parts: ["reason": SystemReason.message(errno: errno)]),
                code: .bundleRead)
        }
        defer { close(fd) }
        lseek(fd, off_t(header.packOffset), SEEK_SET)
        var repo = try GitRepository.initialize(staging)
        do {
            _ = try GitPack.index(
                into: repo.gitDirectory + "/objects/pack", subject: shownSource, options: shared.transfer(context)
            ) { buf in
                while true {
                    let n = read(fd, buf.baseAddress, buf.count)
                    if n >= 0 { return n }
                    if errno != EINTR {
                        throw PodMirrorFailure(
                            Message(
                                "bundle.error.read", ["source": shownSource],
                                parts: ["reason": SystemReason.message(errno: errno)]),
                            code: .bundleRead)
                    }
                }
            }
        } catch let error as GitError {
            throw PodMirrorFailure(
                Message("bundle.error.corrupt", ["source": shownSource, "reason": error.cause]), code: .bundleCorrupt)
        }
        try context.checkCancelled()
        repo = try GitRepository.open(staging)  // re-open: sees the new pack
        guard repo.hasCommit(tip) else {
            throw PodMirrorFailure(
                Message("bundle.error.missing-tip", ["source": shownSource, "tip": tip]), code: .bundleCorrupt)
        }
        return (repo, branch, tip)
    }
}

extension RepoImportPlanner {
    /// An applied import that fell back to a clone while applying (the bundle's header was fine, its pack was
    /// not): the report says so as planning would have, with the `bundle.fallback-clone` warning and the
    /// clone's summary instead of the import's.
    package static func reportingFallback(_ report: PlanReport, origin: String) -> PlanReport {
        var report = report
        for i in report.changes.indices where report.changes[i].kind == .specRepoImport && report.changes[i].applied {
            guard let done = report.changes[i].facts(SpecRepoClonedFacts.self), done.method == .clone,
                let reason = done.bundleError, let path = report.changes[i].facts(SpecBundleImportFacts.self)?.path
            else { continue }
            if !report.warnings.contains(where: { $0.code == .bundleFallbackClone }) {
                report.warnings.append(
                    Diagnostic(
                        .warning, code: .bundleFallbackClone,
                        Message("bundle.import.fallback", ["reason": reason, "url": Redaction.redactURL(origin)])))
            }
            let summary = Message("repo.clone.summary", ["url": Redaction.redactURL(origin), "path": path])
            report.changes[i].summary = summary.english
            report.changes[i].summaryText = summary
        }
        return report
    }
}
