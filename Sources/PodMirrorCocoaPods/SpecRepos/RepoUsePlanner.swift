import Foundation
import PodMirrorFoundation
import PodMirrorTransport

/// Plans `repo use MIRROR|URL`: make the Specs repo come from another source (`RepoSwitcher` carries it out).
package struct RepoUsePlanner: Sendable {
    package var shared: RepoPlannerContext

    package init(_ shared: RepoPlannerContext) { self.shared = shared }

    /// The plan. `name` overrides CocoaPods' own name for the URL. A source whose branch is behind the
    /// repo's commit is refused when applying (`repo.older`), unless `allowOlder`: then the report says it.
    package func plan(
        url: String, name requestedName: String?, depth: Int? = nil, title: String? = nil, allowOlder: Bool = false
    ) throws -> Plan {
        var plan = try switchPlan(
            url: url, name: requestedName, depth: depth, title: title, allowOlder: allowOlder)
        // The repo it ends up as is the Specs source podmirror set up: a Podfile edit replaces its URL later.
        for i in plan.changes.indices where plan.changes[i].isNeeded {
            let details = plan.changes[i].details
            guard let name = (details as? SpecRepoSwitchFacts)?.name ?? (details as? SpecRepoCloneFacts)?.name
            else { continue }
            let path = shared.repos.repoPath(name)
            let commit = plan.changes[i].commit
            plan.changes[i].commit = { () throws(LeftoverKept) -> (any ChangeFacts)? in
                defer { SpecRepoRecord.markSpecs(repoPath: path) }
                return try commit?()
            }
        }
        return plan
    }

    private func switchPlan(
        url: String, name requestedName: String?, depth: Int?, title: String?, allowOlder: Bool
    ) throws -> Plan {
        try GitURL.validate(url)
        if let requestedName { try SpecRepoNaming.validate(requestedName) }
        if SourceURL(url).isTrunkCDN {
            throw PodMirrorFailure(
                Message("repo.error.cdn-url", ["url": url]), remedy: Message("repo.error.cdn-url.remedy"),
                code: .repoCDNURL)
        }
        let repos = shared.repos
        try GitURL.checkLocalPath(url, fileSystem: repos.fileSystem)
        let all = SpecRepo.all(in: repos)
        let gitRepos = all.filter { $0.kind == .git }
        let defaultName = SpecRepoNaming.name(forURL: url)
        let desired = requestedName ?? defaultName
        let existing = Self.pickExisting(gitRepos, url: url, desiredName: desired)
        var plan = Plan(title: title ?? "repo use \(Redaction.redactURL(url))")
        for other in gitRepos where other.name != existing?.name && Self.isSpecsSource(other.url) {
            plan.warnings.append(
                Diagnostic(
                    .note, code: .repoOtherSpecs,
                    Message("repo.use.other-specs", ["name": other.name, "url": other.displayURL ?? ""])))
        }
        guard let existing else {
            try RepoPlannerContext.checkDepth(depth, url: url)
            let target = SpecRepoNaming.uniqueName(desired) { n in
                all.contains { $0.name == n } || repos.fileSystem.fileExists(repos.repoPath(n))
            }
            if requestedName != nil, target != desired {
                throw PodMirrorFailure(
                    Message("repo.error.name-taken", ["name": desired]),
                    remedy: Message("repo.error.name-taken.remedy"),
                    code: .repoExists)
            }
            // Any other git repo may be a copy of the same Specs under another URL: the fetch tells
            // (shared history re-points it; unrelated history leaves it alone and clones beside it).
            let candidates = gitRepos.filter { $0.branch != nil && $0.head != nil }
            if depth == nil, let first = candidates.first {
                for candidate in candidates { try SpecRepoGitLocks.refuse(candidate, repos.fileSystem) }
                plan.warnings.removeAll { $0.code == .repoOtherSpecs }
                let switcher = RepoSwitcher(
                    shared: shared, old: first, url: url, finalName: target, others: candidates, allowOlder: allowOlder)
                plan.changes.append(switcher.change())
                return plan
            }
            plan.changes.append(
                shared.cloneChange(
                    name: target, url: url, branch: nil, depth: depth, id: "repo.use:\(target)",
                    adjust: { $0.replacesNothing = true }))
            return plan
        }
        // The folder name it ends up with: keep it when it already has the wanted one.
        var finalName = existing.name
        if existing.name != desired {
            let taken: (String) -> Bool = { n in
                n != existing.name && repos.fileSystem.fileExists(repos.repoPath(n))
            }
            if requestedName != nil, taken(desired) {
                // The URL is already served by `existing`; `--name` asks to rename it onto another repo.
                let msg = Message(
                    "repo.use.name-taken",
                    ["existing": existing.name, "url": Redaction.redactURL(url), "name": desired])
                let remedy = Message("repo.use.name-taken.remedy", ["existing": existing.name, "name": desired])
                throw PodMirrorFailure(msg, remedy: remedy, code: .repoExists)
            }
            finalName = SpecRepoNaming.uniqueName(desired, taken: taken)
        }
        let sameURL = existing.url == url
        if sameURL && (requestedName == nil || finalName == existing.name) {
            let same = Message("repo.use.already", ["name": existing.name, "url": Redaction.redactURL(url)])
            return Plan(
                title: plan.title,
                changes: [
                    Change.satisfied(
                        id: "repo.use:\(existing.name)", kind: .specRepoUse, subject: existing.name,
                        summary: same.english,
                        details: SpecRepoUnchangedFacts(
                            name: existing.name, url: existing.displayURL, oldHead: existing.head,
                            newHead: existing.head)
                    ).said(same)
                ],
                warnings: plan.warnings)
        }
        try SpecRepoGitLocks.refuse(existing, repos.fileSystem)
        let switcher = RepoSwitcher(
            shared: shared, old: existing, url: url, finalName: finalName, allowOlder: allowOlder)
        plan.changes.append(switcher.change())
        return plan
    }

    /// The repo `repo use` takes over: one already at the URL, one with the wanted name, `master`,
    /// or any clone of an official or catalog Specs source.
    package static func pickExisting(_ repos: [SpecRepo], url: String, desiredName: String) -> SpecRepo? {
        repos.first { $0.url.map { SpecRepoNaming.matches(local: $0, wanted: url) } ?? false }
            ?? repos.first { $0.name == desiredName }
            ?? repos.first { $0.name == "master" }
            ?? repos.first { isSpecsSource($0.url) }
    }

    static func isSpecsSource(_ url: String?) -> Bool {
        guard let url else { return false }
        let catalog = (try? MirrorCatalog.bundled())?.specs ?? []
        return catalog.contains { m in
            ([m.url] + m.aliases).contains {
                SourceURL(url).isSame(as: SourceURL($0))
            }
        }
    }
}

extension RepoUsePlanner {
    /// A `repo use --allow-older` that moved a repo back: the report says so with a `repo.moved-back` warning
    /// naming both commits and the count (the change's details carry `movedBack` and `commitsBack`).
    package static func reportingMovedBack(_ report: PlanReport) -> PlanReport {
        var report = report
        for change in report.changes where change.kind == .specRepoUse && change.applied {
            guard let done = change.facts(SpecRepoSwitchedFacts.self), done.movedBack == true,
                let count = done.commitsBack
            else { continue }
            report.warnings.append(
                Diagnostic(
                    .warning, code: .repoMovedBack,
                    Message(
                        "repo.use.moved-back",
                        [
                            "name": change.facts(SpecRepoSwitchFacts.self)?.name ?? change.subject,
                            "count": String(count), "old": String((done.oldHead ?? "").prefix(12)),
                            "new": String(done.newHead.prefix(12)),
                        ])))
        }
        return report
    }
}
