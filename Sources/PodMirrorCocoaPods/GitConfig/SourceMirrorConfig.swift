import Foundation
import PodMirrorFoundation
import PodMirrorTransport

/// `gitconfig insteadof add|remove|list` and `setup --source-mirror`: the user's source mirrors, kept as
/// git's own global `url.<mirror>.insteadOf = <prefix>` rules so that CocoaPods' `git` and podmirror's
/// `pods fetch` (git and http sources) follow the same configuration.
///
/// Every rule podmirror writes is recorded beside it as `podmirror.sourceMirror = "<prefix> <mirror>"`,
/// so `remove` and `gitconfig insteadof reset` take out only podmirror's rules and never one the user
/// wrote by hand.
package struct SourceMirrorConfig: Sendable {
    static let recordKey = "podmirror.sourceMirror"

    package var environment: RuntimeEnvironment
    package var catalog: MirrorCatalog

    package init(environment: RuntimeEnvironment, catalog: MirrorCatalog) {
        self.environment = environment
        self.catalog = catalog
    }

    var configFiles: GitConfigFiles { GitConfigFiles(environment: environment) }

    /// Every insteadOf rule in the files git reads (the system file, then the global ones, the write target first).
    package func rules() throws -> [InsteadOfRule.InFile] {
        try InsteadOfRule.InFile.read(configFiles.readFiles, fileSystem: environment.fileSystem) { config, rule in
            try config.entries(matching: #"^podmirror\.sourcemirror$"#).contains { $0.value == Self.record(rule) }
        }
    }

    static func record(_ rule: InsteadOfRule) -> String { rule.insteadOf + " " + rule.base }

    /// Parses `PREFIX=MIRROR_PREFIX` (`setup --source-mirror`).
    package static func parsePair(_ text: String) throws -> InsteadOfRule {
        guard let eq = text.range(of: "=") else {
            throw PodMirrorFailure(
                Message("gitconfig.source-mirror.bad-pair", ["value": Redaction.redactText(text)]),
                code: .gitconfigSourceMirror)
        }
        let pair = InsteadOfRule(base: String(text[eq.upperBound...]), insteadOf: String(text[..<eq.lowerBound]))
        try validate(pair)
        return pair
    }

    /// Both halves must be URL prefixes (`scheme://…` or scp-like `user@host:`) without blanks.
    package static func validate(_ pair: InsteadOfRule) throws {
        for value in [pair.insteadOf, pair.base] {
            let scpLike = value.contains("@") && value.contains(":") && !value.contains("://")
            let ok =
                !value.isEmpty && !value.contains(where: { $0.isWhitespace || $0.isNewline })
                && (value.range(of: #"^[A-Za-z][A-Za-z0-9+.-]*://."#, options: .regularExpression) != nil || scpLike)
            guard ok else {
                throw PodMirrorFailure(
                    Message("gitconfig.source-mirror.bad-url", ["value": Redaction.redactURL(value)]),
                    code: .gitconfigSourceMirror)
            }
        }
        if pair.insteadOf == pair.base {
            throw PodMirrorFailure(
                Message("gitconfig.source-mirror.same", ["value": Redaction.redactURL(pair.insteadOf)]),
                code: .gitconfigSourceMirror)
        }
    }

    /// The plan that makes every pair a rule in the global file (replacing podmirror's own rules for the
    /// same prefix); a prefix already sent elsewhere by a rule podmirror did not write is an error.
    package func addPlan(_ pairs: [InsteadOfRule]) throws -> Plan {
        var plan = Plan(title: "gitconfig insteadof add")
        let existing = try rules()
        try check(pairs, existing: existing)
        let configFiles = configFiles
        let target = configFiles.globalFile
        for file in configFiles.globalFiles {
            let stale = stale(pairs, existing: existing, file: file)
            var sim = try GitConfigFile.simulate(file: file, fileSystem: environment.fileSystem) { config in
                try edit(config, adding: file == target ? pairs : [], removing: stale, existing: existing)
            }
            sim.new = try GitConfigFile.removingEmptySections(sim.new, headers: InsteadOfRule.InFile.headers(stale))
            let shown = (file == target ? pairs.map(Self.arrow) : [])
            let message =
                file == target
                ? Message(
                    "gitconfig.source-mirror.add-summary", ["file": file, "rules": shown.joined(separator: ", ")])
                : Message("gitconfig.source-mirror.remove-summary", ["file": file, "count": "\(stale.count)"])
            plan.changes.append(
                change(
                    file: file, sim, message,
                    details: GitconfigEditFacts(
                        file: file, added: shown, removed: stale.map { Self.arrow($0.rule) })))
        }
        return plan
    }

    /// The plan that removes podmirror's rules for `prefix`; rules the user wrote are kept, with a warning.
    package func removePlan(prefix: String) throws -> Plan {
        var plan = Plan(title: "gitconfig insteadof remove")
        let existing = try rules()
        let matching = existing.filter { $0.rule.insteadOf == prefix }
        for file in configFiles.globalFiles {
            let managed = matching.filter { $0.file == file && $0.managed }
            guard environment.fileSystem.fileExists(file), !managed.isEmpty else {
                let message = Message(
                    "gitconfig.source-mirror.none",
                    ["file": file, "prefix": Redaction.redactURL(prefix)])
                var c = Change.satisfied(
                    id: "gitconfig.insteadof:\(file)", kind: .gitconfigEdit, subject: file,
                    summary: message.english)
                c.message = message
                plan.changes.append(c)
                continue
            }
            var sim = try GitConfigFile.simulate(file: file, fileSystem: environment.fileSystem) { config in
                try edit(config, adding: [], removing: managed, existing: existing)
            }
            sim.new = try GitConfigFile.removingEmptySections(sim.new, headers: InsteadOfRule.InFile.headers(managed))
            let message = Message(
                "gitconfig.source-mirror.remove-summary", ["file": file, "count": "\(managed.count)"])
            plan.changes.append(
                change(
                    file: file, sim, message,
                    details: GitconfigEditFacts(
                        file: file, added: [], removed: managed.map { Self.arrow($0.rule) })))
        }
        for r in matching where !r.managed {
            let message = Message(
                "gitconfig.source-mirror.kept",
                ["rule": Self.arrow(r.rule), "file": r.file])
            plan.warnings.append(Diagnostic(.warning, code: .gitconfigKeptRule, message, file: r.file))
        }
        return plan
    }

    // MARK: shared with `gitconfig insteadof use` and `reset`

    /// Refuses a pair whose prefix a rule podmirror did not write already sends to another mirror.
    func check(_ pairs: [InsteadOfRule], existing: [InsteadOfRule.InFile]) throws {
        for pair in pairs {
            try Self.validate(pair)
            let foreign = existing.first {
                $0.rule.insteadOf == pair.insteadOf && $0.rule.base != pair.base && !$0.managed
            }
            if let foreign {
                throw PodMirrorFailure(
                    Message(
                        "gitconfig.source-mirror.taken",
                        [
                            "prefix": Redaction.redactURL(pair.insteadOf),
                            "mirror": Redaction.redactURL(foreign.rule.base),
                            "file": foreign.file,
                        ]), remedy: Message("gitconfig.source-mirror.taken.remedy"),
                    code: .gitconfigSourceMirrorTaken)
            }
        }
    }

    /// podmirror's rules in `file` that the pairs replace (same prefix, other mirror).
    func stale(_ pairs: [InsteadOfRule], existing: [InsteadOfRule.InFile], file: String) -> [InsteadOfRule.InFile] {
        existing.filter { r in
            r.file == file && r.managed
                && pairs.contains { $0.insteadOf == r.rule.insteadOf && $0.base != r.rule.base }
        }
    }

    /// Adds `pairs` (rule and record; a rule already there as the user wrote it is left unrecorded) and
    /// removes `removing` with their records.
    func edit(
        _ config: GitConfigFile, adding pairs: [InsteadOfRule], removing: [InsteadOfRule.InFile],
        existing: [InsteadOfRule.InFile]
    ) throws {
        for r in removing {
            try config.remove("url.\(r.rule.base).insteadOf", value: r.rule.insteadOf)
            try config.remove(Self.recordKey, value: Self.record(r.rule))
        }
        for pair in pairs {
            if let present = existing.first(where: { $0.rule == pair }), !present.managed { continue }
            try config.add("url.\(pair.base).insteadOf", value: pair.insteadOf)
            try config.add(Self.recordKey, value: Self.record(pair))
        }
    }

    /// `prefix → mirror`, credentials redacted.
    static func arrow(_ rule: InsteadOfRule) -> String {
        "\(Redaction.redactURL(rule.insteadOf)) → \(Redaction.redactURL(rule.base))"
    }

    func change(file: String, _ sim: (old: [UInt8]?, new: [UInt8]), _ message: Message, details: GitconfigEditFacts)
        -> Change
    {
        var c = InsteadOfRules(environment: environment, catalog: catalog).change(
            file: file, sim, summary: message.english, details: details)
        c.message = message
        return c
    }
}
