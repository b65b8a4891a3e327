import Foundation
import PodMirrorFoundation
import PodMirrorTransport

/// `gitconfig insteadof use|reset`: global `url.<mirror>.insteadOf` rules that send the GitHub Specs
/// URL spellings CocoaPods users write to a Specs mirror, so Podfiles need no edit.
///
/// Rules podmirror wrote are recognised by both halves: the key is a catalog Specs mirror (or the
/// mirror podmirror recorded in `podmirror.insteadOfMirror`) and the value is one of `specsSpellings`.
/// `reset` removes only those.
package struct InsteadOfRules: Sendable {
    /// Spellings of the official Specs repo seen in Podfiles and guides. git applies the longest
    /// matching prefix, so `…/Specs.git` and `…/Specs/` win over `…/Specs` for their own URLs.
    static let specsSpellings = [
        "https://github.com/CocoaPods/Specs.git",
        "https://github.com/CocoaPods/Specs",
        "https://github.com/CocoaPods/Specs/",
        "https://github.com/cocoapods/specs.git",
        "https://github.com/cocoapods/specs",
        "https://github.com/Cocoapods/Specs.git",
        "https://github.com/CocoaPods/specs.git",
        "git@github.com:CocoaPods/Specs.git",
        "git@github.com:CocoaPods/Specs",
    ]
    static let recordKey = "podmirror.insteadOfMirror"

    package var environment: RuntimeEnvironment
    package var catalog: MirrorCatalog

    package init(environment: RuntimeEnvironment, catalog: MirrorCatalog) {
        self.environment = environment
        self.catalog = catalog
    }

    /// The config files git reads, for this environment.
    var configFiles: GitConfigFiles { GitConfigFiles(environment: environment) }

    /// The insteadOf rules for Specs spellings in every file git reads (the system file too; only global
    /// files are written).
    package func rules() throws -> [InsteadOfRule.InFile] {
        let official = SourceURL("https://github.com/CocoaPods/Specs.git")
        return try InsteadOfRule.InFile.read(configFiles.readFiles, fileSystem: environment.fileSystem) {
            config, rule in
            isManaged(rule, recorded: config.string(Self.recordKey))
        }.filter {
            Self.specsSpellings.contains($0.rule.insteadOf)
                || SourceURL($0.rule.insteadOf).isSameCanonical(as: official)
        }
    }

    /// Every rule that rewrites a Specs spelling, in every file git reads: the Specs rules of `rules()` and the
    /// broader ones (`https://github.com/`, often in the system file) that send the Specs repo along with
    /// everything else under their prefix.
    package func rulesRewritingSpecs() throws -> [InsteadOfRule.InFile] {
        let own = try rules()
        let broader = try SourceMirrorConfig(environment: environment, catalog: catalog).rules().filter { found in
            !found.rule.insteadOf.isEmpty && !own.contains { $0.file == found.file && $0.rule == found.rule }
                && Self.specsSpellings.contains { $0.hasPrefix(found.rule.insteadOf) }
        }
        return own + broader
    }

    func isManaged(_ rule: InsteadOfRule, recorded: String?) -> Bool {
        guard Self.specsSpellings.contains(rule.insteadOf) else { return false }
        if rule.base == recorded { return true }
        return catalog.specs.contains { !$0.official && $0.url == rule.base }
    }

    /// The plan that adds rules sending every Specs spelling to `mirror` (and drops podmirror's rules
    /// for other mirrors).
    ///
    /// `sourceMirrors` (from `setup --source-mirror`) are written in the same edit of the global file, so
    /// one plan never holds two edits of one file.
    package func usePlan(_ mirror: Mirror, sourceMirrors: [InsteadOfRule] = []) throws -> Plan {
        guard mirror.kind == .specsGit, !mirror.official else {
            let known = catalog.specs.filter { $0.kind == .specsGit && !$0.official }.map(\.name)
            throw PodMirrorFailure(
                Message(
                    "gitconfig.error.not-a-git-mirror",
                    ["mirror": mirror.name.isEmpty ? Redaction.redactURL(mirror.url) : mirror.name]),
                remedy: Message("gitconfig.error.not-a-git-mirror.remedy", ["mirrors": known.joined(separator: ", ")]),
                code: .gitconfigNotAGitMirror)
        }
        let base = mirror.url
        var plan = Plan(
            title: "gitconfig insteadof use \(mirror.name.isEmpty ? Redaction.redactURL(base) : mirror.name)")
        plan.warnings.append(
            Diagnostic(
                .warning, code: .gitconfigGithubPrecheck, Message("gitconfig.insteadof.github-precheck")))
        let existing = try rules()
        let sources = SourceMirrorConfig(environment: environment, catalog: catalog)
        let sourceRules = sourceMirrors.isEmpty ? [] : try sources.rules()
        try sources.check(sourceMirrors, existing: sourceRules)
        for r in existing where !r.managed && r.rule.base != base {
            plan.warnings.append(
                Diagnostic(
                    .warning, code: .gitconfigForeignRule,
                    Message(
                        "gitconfig.insteadof.foreign-rule",
                        ["file": r.file, "prefix": r.rule.insteadOf, "mirror": Redaction.redactURL(r.rule.base)]),
                    file: r.file))
        }
        let configFiles = configFiles
        for file in configFiles.globalFiles {
            let target = file == configFiles.globalFile
            let stale = existing.filter { $0.file == file && $0.managed && $0.rule.base != base }
            let staleSources = sources.stale(sourceMirrors, existing: sourceRules, file: file)
            var sim = try GitConfigFile.simulate(file: file, fileSystem: environment.fileSystem) { config in
                try sources.edit(
                    config, adding: target ? sourceMirrors : [], removing: staleSources, existing: sourceRules)
                for r in stale { try config.remove("url.\(r.rule.base).insteadOf", value: r.rule.insteadOf) }
                if target {
                    for spelling in Self.specsSpellings { try config.add("url.\(base).insteadOf", value: spelling) }
                    try config.set(Self.recordKey, value: base)
                } else if !stale.isEmpty, config.string(Self.recordKey) != nil {
                    try config.unset(Self.recordKey)
                }
            }
            sim.new = try GitConfigFile.removingEmptySections(
                sim.new,
                headers: InsteadOfRule.InFile.headers(stale + staleSources))
            let summary =
                target
                ? Message(
                    "gitconfig.insteadof.summary-use",
                    [
                        "file": file, "count": String(Self.specsSpellings.count),
                        "mirror": Redaction.redactURL(base),
                    ])
                : Message("gitconfig.insteadof.summary-remove-others", ["file": file])
            plan.changes.append(
                change(
                    file: file, sim, summary: summary,
                    details: GitconfigEditFacts(
                        file: file, mirror: Redaction.redactURL(base), insteadOf: target ? Self.specsSpellings : [],
                        removed: stale.map { Self.backArrow($0.rule) })))
        }
        plan.removingLeftovers(beside: configFiles.globalFiles, fileSystem: environment.fileSystem)
        return plan
    }

    /// The plan that removes only the Specs rules `use` wrote; pod-source rules (`add`, `setup --source-mirror`)
    /// are kept, with a note: `remove PREFIX` takes them out.
    package func resetPlan() throws -> Plan {
        var plan = Plan(title: "gitconfig insteadof reset")
        let existing = try rules()
        for file in configFiles.globalFiles {
            let managed = existing.filter { $0.file == file && $0.managed }
            if !environment.fileSystem.fileExists(file) {
                let summary = Message("gitconfig.insteadof.summary-none", ["file": file])
                plan.changes.append(
                    .satisfied(
                        id: "gitconfig.insteadof:\(file)", kind: .gitconfigEdit, subject: file,
                        summary: summary.english
                    ).said(summary))
                continue
            }
            var sim = try GitConfigFile.simulate(file: file, fileSystem: environment.fileSystem) { config in
                for r in managed { try config.remove("url.\(r.rule.base).insteadOf", value: r.rule.insteadOf) }
                if config.string(Self.recordKey) != nil { try config.unset(Self.recordKey) }
            }
            sim.new = try GitConfigFile.removingEmptySections(sim.new, headers: InsteadOfRule.InFile.headers(managed))
            let removed = managed.map { Self.backArrow($0.rule) }
            plan.changes.append(
                change(
                    file: file, sim,
                    summary: Message(
                        "gitconfig.insteadof.summary-reset", ["file": file, "count": String(removed.count)]),
                    details: GitconfigEditFacts(file: file, removed: removed)))
        }
        let sourceRules = try SourceMirrorConfig(environment: environment, catalog: catalog).rules()
        for r in existing where !r.managed {
            plan.warnings.append(
                Diagnostic(
                    .note, code: .gitconfigKeptRule,
                    Message(
                        "gitconfig.source-mirror.kept",
                        ["rule": "\(r.rule.insteadOf) → \(Redaction.redactURL(r.rule.base))", "file": r.file]),
                    file: r.file))
        }
        plan.removingLeftovers(beside: configFiles.globalFiles, fileSystem: environment.fileSystem)
        for r in sourceRules where r.managed && !existing.contains(where: { $0.rule == r.rule }) {
            plan.warnings.append(
                Diagnostic(
                    .note, code: .gitconfigKeptRule,
                    Message(
                        "gitconfig.insteadof.kept-source-rule",
                        ["prefix": Redaction.redactURL(r.rule.insteadOf), "mirror": Redaction.redactURL(r.rule.base)]),
                    file: r.file))
        }
        return plan
    }

    /// `base ← insteadOf` as the plans' `removed` details list a rule (the Specs spelling shown as written).
    static func backArrow(_ rule: InsteadOfRule) -> String {
        "\(Redaction.redactURL(rule.base)) ← \(Redaction.redactURL(rule.insteadOf))"
    }

    func change(file: String, _ sim: (old: [UInt8]?, new: [UInt8]), summary: Message, details: GitconfigEditFacts)
        -> Change
    {
        change(file: file, sim, summary: summary.english, details: details).said(summary)
    }

    func change(file: String, _ sim: (old: [UInt8]?, new: [UInt8]), summary: String, details: GitconfigEditFacts)
        -> Change
    {
        if sim.old == nil && sim.new.isEmpty {
            return .satisfied(
                id: "gitconfig.insteadof:\(file)", kind: .gitconfigEdit, subject: file, summary: summary,
                details: details)
        }
        let fs = environment.fileSystem
        return Change.fileEdit(
            id: "gitconfig.insteadof:\(file)", kind: .gitconfigEdit, path: file, old: sim.old, new: sim.new,
            summary: summary, details: details, fileSystem: fs
        ).creatingParentFolder(of: file, fileSystem: fs)
    }
}

extension NetworkSettings {
    /// These settings with every spelling of the GitHub Specs URL sent to `mirror` (the rules
    /// `gitconfig insteadof use` writes), ahead of the files' rules for the same spellings.
    package func sendingSpecs(to mirror: String) -> NetworkSettings {
        var copy = self
        let others = urlRewrite.rules.filter { !InsteadOfRules.specsSpellings.contains($0.insteadOf) }
        copy.urlRewrite = SourceMirrorRules(
            rules: InsteadOfRules.specsSpellings.map { InsteadOfRule(base: mirror, insteadOf: $0) } + others)
        return copy
    }
}
