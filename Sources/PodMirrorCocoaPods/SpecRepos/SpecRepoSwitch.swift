import Foundation
import PodMirrorFoundation
import PodMirrorTransport

/// `repo use MIRROR|URL` and `repo reset`: make the Specs repo come from another source.
///
/// An existing git Specs repo is re-pointed when the new source shares its history: the delta is
/// fetched into a temporary repository that borrows the old one's objects (`objects/info/alternates`)
/// and advertises its commits, its pack moves into the old repo, then `origin` and the branch move.
/// Unrelated history (or no repo) means a fresh repository, built aside and swapped in atomically.
/// Either way the old repo is untouched until the new state is complete.
extension SpecRepoService {
    /// Plans `repo use`. `name` overrides CocoaPods' own name for the URL. A source whose branch is behind the
    /// repo's commit is refused when applying (`repo.older`), unless `allowOlder`: then the report says it.
    public func usePlan(
        url: String, name requestedName: String?, depth: Int? = nil, title: String? = nil, allowOlder: Bool = false
    ) throws -> Plan {
        try GitURL.validate(url)
        if let requestedName { try SpecRepoNaming.validate(requestedName) }
        if SourceURL(url).isTrunkCDN {
            throw PodMirrorFailure(
                Message("repo.error.cdn-url", ["url": url]), remedy: Message("repo.error.cdn-url.remedy"),
                code: .repoCDNURL)
        }
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
            try Self.checkDepth(depth, url: url)
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
                for candidate in candidates { try refuseGitLocks(candidate) }
                plan.warnings.removeAll { $0.code == .repoOtherSpecs }
                plan.changes.append(
                    switchChange(first, url: url, finalName: target, others: candidates, allowOlder: allowOlder))
                return plan
            }
            plan.changes.append(
                cloneChange(
                    name: target, url: url, branch: nil, depth: depth, id: "repo.use:\(target)",
                    extra: ["oldHead": .null, "previousName": .null, "previousURL": .null]))
            return plan
        }
        // The folder name it ends up with: keep it when it already has the wanted one.
        var finalName = existing.name
        if existing.name != desired {
            let taken: (String) -> Bool = { n in
                n != existing.name && self.repos.fileSystem.fileExists(self.repos.repoPath(n))
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
                        details: [
                            "name": .string(existing.name), "url": .string(existing.displayURL), "method": "none",
                            "oldHead": .string(existing.head), "newHead": .string(existing.head),
                        ]
                    ).localized(same)
                ],
                warnings: plan.warnings)
        }
        try refuseGitLocks(existing)
        plan.changes.append(switchChange(existing, url: url, finalName: finalName, allowOlder: allowOlder))
        return plan
    }

    /// `repo reset`: back to the official GitHub Specs repo (CocoaPods names its clone `cocoapods`).
    public func resetPlan(name: String?) throws -> Plan {
        try usePlan(url: SpecRepoNaming.officialGitURL, name: name, title: "repo reset")
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

    func switchChange(
        _ old: SpecRepo, url: String, finalName: String, others: [SpecRepo] = [], allowOlder: Bool = false
    ) -> Change {
        let service = self
        var details: [String: JSONValue] = [
            "name": .string(finalName), "previousName": .string(old.name), "url": .string(Redaction.redactURL(url)),
            "previousURL": .string(old.displayURL), "branch": .string(old.branch), "oldHead": .string(old.head),
            "method": "repoint", "path": .string(repos.repoPath(finalName)),
        ]
        let rename = finalName != old.name ? ", rename to `\(finalName)`" : ""
        // The old repo (or what the re-point replaced) is kept until the whole plan succeeded.
        let done = Handoff<SwitchOutcome>()
        let searchIndex = repos.searchIndexPath
        var message: Message? = Message(
            rename.isEmpty ? "repo.use.switch" : "repo.use.switch-rename",
            ["name": old.name, "url": Redaction.redactURL(url), "new": finalName])
        var summary =
            "point `\(old.name)` at \(Redaction.redactURL(url))\(rename) (re-point and fetch the delta when history "
            + "is shared, else clone and swap)"
        if !others.isEmpty {
            details["method"] = "repoint-or-clone"
            details["previousName"] = .null
            details["previousURL"] = .null
            details["oldHead"] = .null
            details["candidates"] = .array(others.map { .string($0.name) })
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
            details: .object(details), isNeeded: true,
            apply: { context in
                let (result, outcome) = try RepoSwitcher(
                    service: service, old: old, url: url, finalName: finalName,
                    context: context, others: others, keepUnrelated: !others.isEmpty, allowOlder: allowOlder
                ).run()
                done.set(outcome)
                return result
            },
            undo: { try done.take()?.undo() },
            commit: {
                guard let outcome = done.take() else { return nil }
                outcome.commit()
                return ["searchIndexRemoved": .bool(!repos.fileSystem.fileExists(searchIndex))]
            })
        change.message = message
        return change
    }
}

extension SpecRepoService {
    /// A `repo use --allow-older` that moved a repo back: the report says so with a `repo.moved-back` warning
    /// naming both commits and the count (the change's details carry `movedBack` and `commitsBack`).
    public static func reportingMovedBack(_ report: PlanReport) -> PlanReport {
        var report = report
        for change in report.changes where change.kind == .specRepoUse && change.applied {
            guard case .object(let d) = change.details, d["movedBack"] == true, case .int(let count)? = d["commitsBack"]
            else { continue }
            report.warnings.append(
                Diagnostic(
                    .warning, code: .repoMovedBack,
                    Message(
                        "repo.use.moved-back",
                        [
                            "name": d["name"]?.stringValue ?? change.subject, "count": String(count),
                            "old": String((d["oldHead"]?.stringValue ?? "").prefix(12)),
                            "new": String((d["newHead"]?.stringValue ?? "").prefix(12)),
                        ])))
        }
        return report
    }
}
