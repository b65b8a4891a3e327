import Foundation
import PodMirrorCocoaPods
import PodMirrorFoundation
import PodMirrorTransport
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `doctor`: is this machine's CocoaPods set-up right? Read-only; every finding names its fix.
package struct Doctor: Sendable {
    /// One finding: a stable id, a severity, what was found and the command that fixes it.
    package struct Finding: Codable, Sendable, Equatable {
        package var id: DoctorFindingID
        package var severity: Diagnostic.Severity
        package var message: String
        /// A command that runs as written (`sh`) and fixes the finding; nil when no command can.
        package var fix: String?
        /// The file, repo or tool concerned.
        package var subject: String?
        /// What to know about the fix, or what to do when there is no command; nil when the fix says it all.
        package var explanation: String?
        /// `message` and `explanation` in the catalog, for text output in the user's language (not in JSON).
        package var text: Message? = nil
        package var explanationText: Message? = nil

        enum CodingKeys: String, CodingKey { case id, severity, message, fix, subject, explanation }

        init(
            id: DoctorFindingID, severity: Diagnostic.Severity, message: String, fix: String?, subject: String?,
            explanation: String? = nil
        ) {
            self.id = id
            self.severity = severity
            self.message = message
            self.fix = fix
            self.subject = subject
            self.explanation = explanation
        }

        /// A finding written in the catalog: `message`/`explanation` in English, the texts for people.
        init(
            id: DoctorFindingID, severity: Diagnostic.Severity, _ message: Message, fix: String?, subject: String?,
            explanation: Message? = nil
        ) {
            self.init(
                id: id, severity: severity, message: message.english, fix: fix, subject: subject,
                explanation: explanation?.english)
            self.text = message
            self.explanationText = explanation
        }

        package func encode(to encoder: any Encoder) throws {
            // Absent values are null in JSON, not missing keys.
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(id, forKey: .id)
            try c.encode(severity, forKey: .severity)
            try c.encode(message, forKey: .message)
            try c.encode(fix, forKey: .fix)
            try c.encode(subject, forKey: .subject)
            try c.encode(explanation, forKey: .explanation)
        }
    }

    package struct Report: Codable, Sendable {
        package var findings: [Finding]
        package var errors: Int { findings.filter { $0.severity == .error }.count }
        package var warnings: Int { findings.filter { $0.severity == .warning }.count }
    }

    package var environment: RuntimeEnvironment
    package var catalog: MirrorCatalog
    /// Podfiles whose `source` lines are checked against the local repos.
    var podfiles: [String]
    /// SwiftPM projects (packages, `.xcodeproj`s, `.xcworkspace`s) whose packages are checked.
    package var swiftPMProjects: [String] = []
    /// Probe the gem sources over the network.
    var checkNetwork: Bool
    package var timeout: Double
    /// The run's network settings (proxies, insteadOf rules).
    package var network: NetworkSettings
    /// Network checks stop when it fires (the caller then reports the interruption).
    package var cancellation = CancellationToken()

    /// `network` nil: what can be read (`NetworkSettings.readable`).
    package init(
        environment: RuntimeEnvironment, catalog: MirrorCatalog, podfiles: [String] = [],
        checkNetwork: Bool = true, timeout: Double = 10, network: NetworkSettings? = nil
    ) {
        self.network = network ?? NetworkSettings.readable(runtime: environment)
        self.environment = environment
        self.catalog = catalog
        self.podfiles = podfiles
        self.checkNetwork = checkNetwork
        self.timeout = timeout
    }

    /// The findings in the order their fixes depend on each other: the locale and the tools CocoaPods runs on,
    /// the gem sources (installing CocoaPods needs one that answers), CocoaPods itself, then the spec repos,
    /// the Podfiles that name them, and the pod sources. Every area that is fine says so in one line.
    package func run() -> Report {
        var findings: [Finding] = []
        findings += locale()
        let tools = tools()
        let isPod = { (f: Finding) in f.subject.map { ($0 as NSString).lastPathComponent == "pod" } ?? false }
        findings += tools.filter { !isPod($0) }
        findings += gemChecks()
        findings += tools.filter(isPod)
        let repos = reposChecks()
        findings += repos.findings
        findings += trunkChecks()
        findings += podfileChecks(repos: repos.repos)
        findings += podCacheChecks()
        findings += swiftPMChecks()
        return Report(findings: findings)
    }

    /// The one line an area that is fine gets.
    func fine(_ id: DoctorFindingID, _ message: Message, subject: String?) -> Finding {
        Finding(id: id, severity: .note, message, fix: nil, subject: subject)
    }

    func tools() -> [Finding] {
        let probe = ToolVersion(environment: environment)
        let explanations = [
            "git": Message("doctor.tool.git.install"), "ruby": Message("doctor.tool.ruby.install"),
            "gem": Message("doctor.tool.gem.install"), "pod": Message("doctor.tool.pod.install"),
        ]
        let hasGem = probe.locate("gem") != nil
        return DoctorFindingID.Tool.allCases.map { tool in
            let name = tool.rawValue
            // Only podmirror's own fix is a command; it needs gem.
            let fix = name == "pod" && hasGem ? "podmirror setup --install-cocoapods" : nil
            let explanation = name == "pod" && !hasGem ? Message("doctor.tool.pod.needs-gem") : explanations[name]
            guard let path = probe.locate(name) else {
                return Finding(
                    id: .tool(tool, .missing), severity: .warning,
                    Message("doctor.tool.missing", ["tool": name]), fix: fix, subject: name, explanation: explanation)
            }
            guard let version = probe.version(of: path) else {
                var finding = Finding(
                    id: .tool(tool, .broken), severity: .error,
                    Message("doctor.tool.broken", ["path": path]), fix: nil, subject: path)
                // The reinstall hint nests the install hint: English for JSON, the run's language for people.
                let reinstall = Message("doctor.tool.reinstall").filling("how", with: explanations[name], or: "")
                finding.explanation = reinstall.english
                finding.explanationText = reinstall
                return finding
            }
            return Finding(
                id: .tool(tool, .found), severity: .note,
                Message("doctor.tool.found", ["tool": name, "version": version, "path": path]), fix: nil, subject: path)
        }
    }

    /// CocoaPods needs a UTF-8 locale: the effective LC_ALL, else LC_CTYPE, else LANG.
    func locale() -> [Finding] {
        let v = environment.variables
        let names = ["LC_ALL", "LC_CTYPE", "LANG"]
        let deciding = names.first { !(v[$0] ?? "").isEmpty }
        let effective = deciding.flatMap { v[$0] }
        if let effective, ToolVersion.isUTF8(effective) { return [] }
        // The variable that decides is the one to set: LANG does nothing under a non-UTF-8 LC_ALL.
        let variable = deciding ?? "LANG"
        let message =
            effective.map { Message("doctor.locale.not-utf8", ["locale": $0]) }
            ?? Message("doctor.locale.unset")
        return [
            Finding(
                id: .localeNotUTF8, severity: .error, message,
                fix: "export \(variable)=en_US.UTF-8", subject: effective,
                explanation: Message("doctor.locale.explanation"))
        ]
    }

    func reposChecks() -> (repos: [SpecRepo], findings: [Finding]) {
        let fs = environment.fileSystem
        let dir = ReposDirectory(environment: environment)
        guard fs.isDirectory(dir.path) else {
            return (
                [],
                [
                    Finding(
                        id: .reposMissing, severity: .note, Message("doctor.repos.missing", ["path": dir.path]),
                        fix: nil, subject: dir.path, explanation: Message("doctor.repos.missing.explanation"))
                ]
            )
        }
        var findings: [Finding] = []
        if SpecLock.isHeld(reposDir: dir) {
            // No command fixes a lock a running process holds: waiting does. podmirror names itself as the holder.
            let holder = SpecLock.holder(lockPath: dir.lockPath)
            findings.append(
                Finding(
                    id: .repoLockHeld, severity: .warning,
                    holder.map {
                        Message(
                            "doctor.repos.lock-held.holder",
                            ["path": dir.lockPath, "pid": String($0.pid), "command": $0.command])
                    } ?? Message("doctor.repos.lock-held", ["path": dir.lockPath]),
                    fix: nil, subject: dir.lockPath,
                    explanation: Message(
                        holder == nil
                            ? "doctor.repos.lock-held.explanation" : "doctor.repos.lock-held.holder.explanation"
                    )))
        }
        guard (try? fs.contentsOfDirectory(dir.path)) != nil else {
            return (
                [],
                findings + [
                    Finding(
                        id: .reposUnreadable, severity: .error,
                        Message("doctor.repos.unreadable", ["path": dir.path]), fix: nil,
                        subject: dir.path, explanation: Message("doctor.repos.unreadable.explanation"))
                ]
            )
        }
        let repos = SpecRepo.all(in: dir)
        // Before the repos' other findings; an import killed before its rename is only in a staging folder.
        for (r, journal) in dir.unfinishedChanges() {
            let name = journal.repoName(folder: r.name)
            findings.append(
                Finding(
                    id: .repoUnfinished, severity: .error,
                    Message(
                        "doctor.repo.unfinished",
                        [
                            "name": name, "operation": journal.operation.rawValue,
                            "head": String(journal.newHead.prefix(12)),
                        ]),
                    fix: "podmirror repo repair \(name)", subject: name,
                    explanation: Message("doctor.repo.unfinished.explanation")))
        }
        for r in repos where r.kind == .git {
            let updateFix = "podmirror repo update \(r.name)"
            for lock in SpecRepoGitLocks.find(r.path + "/.git", fs) {
                findings.append(
                    Finding(
                        id: .repoStaleGitLock, severity: .error,
                        Message("doctor.repo.stale-git-lock", ["name": r.name, "path": lock]),
                        fix: "rm \(lock)", subject: r.name,
                        explanation: Message("doctor.repo.stale-git-lock.explanation")))
            }
            let git = try? GitRepository.open(r.path)
            if r.branch == nil {
                findings.append(
                    Finding(
                        id: .repoDetached, severity: .error,
                        Message("doctor.repo.detached", ["name": r.name]),
                        fix: "podmirror repo repair \(r.name)", subject: r.name,
                        explanation: Message("doctor.repo.detached.explanation")))
            } else if let branch = r.branch, let git, git.resolve("refs/remotes/origin/\(branch)") == nil {
                findings.append(
                    Finding(
                        id: .repoNoTrackingRef, severity: .error,
                        Message("doctor.repo.no-tracking-ref", ["name": r.name, "branch": branch]),
                        fix: updateFix, subject: r.name))
            }
            if let dirty = git?.changedPathCount(), dirty > 0 {
                findings.append(
                    Finding(
                        id: .repoDirty, severity: .warning,
                        Message("doctor.repo.dirty", ["name": r.name, "count": String(dirty)]),
                        fix: "podmirror repo repair \(r.name)", subject: r.name,
                        explanation: Message("doctor.repo.dirty.explanation")))
            }
        }
        for (r, final) in FrozenTrunk.behind(repos: repos, catalog: catalog) {
            findings.append(
                Finding(
                    id: .repoBehindFinalTrunk, severity: .warning,
                    Message(
                        "freeze.repo.behind",
                        [
                            "name": r.name, "head": String((r.head ?? "").prefix(12)),
                            "final": String(final.prefix(12)),
                        ]),
                    fix: "podmirror repo update \(r.name)", subject: r.name))
        }
        if !findings.contains(where: { $0.severity != .note }) {
            let names = repos.map(\.name).joined(separator: ", ")
            findings.append(
                fine(
                    .reposFine,
                    Message("doctor.repos.fine", ["count": String(repos.count), "names": names, "path": dir.path]),
                    subject: dir.path))
        }
        return (repos, findings)
    }

    func podfileChecks(repos: [SpecRepo]) -> [Finding] {
        var findings: [Finding] = []
        let trunkURL = SpecRepoNaming.trunkURL
        let trunkMade = TrunkState.read(ReposDirectory(environment: environment)).origin == .podmirror
        for podfile in podfiles.map(environment.expandPath) {
            let before = findings.count
            var strategy: Finding?
            defer {
                if findings.count == before {
                    findings.append(
                        fine(.podfileFine, Message("doctor.podfile.fine", ["podfile": podfile]), subject: podfile))
                }
                if let strategy { findings.append(strategy) }
            }
            let sources: [String]
            do { sources = try PodfileDocument.load(path: podfile, fs: environment.fileSystem).model.sourceURLs } catch
            {
                findings.append(
                    Finding(id: .podfileUnreadable, severity: .error, message: "\(error)", fix: nil, subject: podfile)
                )
                continue
            }
            if let fit = Self.strategyFit(sources: sources), fit != "trunk" || !trunkMade {
                strategy = Finding(
                    id: .podfileStrategy, severity: .note,
                    Message(
                        fit == "trunk" ? "doctor.podfile.strategy.trunk" : "doctor.podfile.strategy.insteadof",
                        ["podfile": podfile]),
                    fix: "podmirror setup --mirror tuna --strategy \(fit)", subject: podfile)
            }
            for source in sources
            where !repos.contains(where: { $0.url.map { SpecRepoNaming.matches(local: $0, wanted: source) } ?? false })
            {
                if let moved = SpecRepoRecord.repo(formerlyAt: source, in: repos), let url = moved.url {
                    // `repo use` moved this repo away from the source: the Podfile follows, not the repo back.
                    findings.append(
                        Finding(
                            id: .podfileSourceUnmatched, severity: .error,
                            Message(
                                "doctor.podfile.source-moved",
                                [
                                    "podfile": podfile, "source": Redaction.redactURL(source), "name": moved.name,
                                    "url": Redaction.redactURL(url),
                                ]),
                            fix: CommandLineDisplay.render([
                                "podmirror", "podfile", "source", "use", url, "--podfile", podfile,
                            ]),
                            subject: podfile))
                    continue
                }
                let isTrunk = SourceURL(source).isSameCanonical(as: SourceURL(trunkURL))
                findings.append(
                    Finding(
                        id: .podfileSourceUnmatched, severity: isTrunk ? .warning : .error,
                        Message(
                            isTrunk ? "doctor.podfile.source-unmatched.trunk" : "doctor.podfile.source-unmatched",
                            ["podfile": podfile, "source": Redaction.redactURL(source)]),
                        fix: isTrunk
                            ? "pod repo add-cdn trunk \(trunkURL)"
                            : "podmirror repo use \(Redaction.redactURL(source))", subject: podfile))
            }
            // A mirror: a catalog mirror, or a URL whose local clone is a copy of the Specs repo.
            let usesMirror = sources.contains { s in
                catalog.specs.contains { !$0.official && SourceURL($0.url).isSameCanonical(as: SourceURL(s)) }
                    || repos.contains { r in
                        r.kind == .git && r.name != "trunk" && !isOfficial(r.url)
                            && (r.url.map { SpecRepoNaming.matches(local: $0, wanted: s) } ?? false)
                            && environment.fileSystem.fileExists(r.path + "/CocoaPods-version.yml")
                    }
            }
            let listsTrunk = sources.contains { SourceURL($0).isSameCanonical(as: SourceURL(trunkURL)) }
            if usesMirror, !listsTrunk, let trunk = repos.first(where: { $0.name == "trunk" }) {
                findings.append(
                    Finding(
                        id: .podfileTrunkWithMirror, severity: .warning,
                        Message("doctor.podfile.trunk-with-mirror", ["podfile": podfile, "path": trunk.path]),
                        fix: "podmirror repo remove trunk", subject: trunk.path,
                        explanation: Message("doctor.podfile.trunk-with-mirror.explanation")))
            }
        }
        return findings
    }

    func gemChecks() -> [Finding] {
        let listing: GemSources.Listing
        do { listing = try GemSources(environment: environment, catalog: catalog).list() } catch let e
            as any PodMirrorError
        {
            var finding = Finding(
                id: .gemsGemrcInvalid, severity: .error, message: e.message, fix: nil, subject: nil,
                explanation: e.remedy)
            finding.text = e.text
            finding.explanationText = e.remedyText
            return [finding]
        } catch { return [] }
        let urls = listing.sources.map { Redaction.redactURL($0.url) }.joined(separator: ", ")
        guard checkNetwork, !listing.sources.isEmpty else {
            let key = listing.sources.isEmpty ? "doctor.gems.fine-none" : "doctor.gems.fine-offline"
            return [fine(.gemsFine, Message(key, ["sources": urls]), subject: listing.gemrc)]
        }
        let gemrc = try? GemSources(environment: environment, catalog: catalog).gemrc()
        let raw = gemrc?.sources ?? listing.sources.map(\.url)
        let mirrors = raw.map { Mirror(name: "", kind: .gems, url: $0) }
        let probe = MirrorProbe(network: network, timeout: timeout, cancellation: cancellation)
        let broken = probe.run(mirrors).filter { !$0.healthy }
        if broken.isEmpty {
            return [fine(.gemsFine, Message("doctor.gems.fine", ["sources": urls]), subject: listing.gemrc)]
        }
        return broken.map { r in
            // The probe's problem in the reader's language; JSON's `message` keeps it in English.
            var finding = Finding(
                id: .gemsSourceUnreachable, severity: .error,
                Message("doctor.gems.source-unreachable", ["url": r.url])
                    .filling("problem", with: r.problemText, or: r.problem ?? "-"),
                fix: "podmirror gems source use \"$(podmirror mirror test --gems --pick)\"", subject: listing.gemrc,
                explanation: Message("doctor.gems.source-unreachable.explanation"))
            finding.message =
                Message("doctor.gems.source-unreachable", ["url": r.url, "problem": r.problem ?? "-"]).english
            return finding
        }
    }

    func isOfficial(_ url: String?) -> Bool {
        guard let url else { return false }
        return catalog.specs.contains { $0.official && SourceURL($0.url).isSameCanonical(as: SourceURL(url)) }
    }
}
