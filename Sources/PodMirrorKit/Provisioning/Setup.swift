import Foundation
import PodMirrorCocoaPods
import PodMirrorFoundation
import PodMirrorTransport

/// `podmirror setup`: composes the steps of the manual flow into one plan — gem sources (and Bundler),
/// CocoaPods itself, the Specs repo, git insteadOf rules or Podfile sources, platform, warnings, build
/// settings, and trunk's removal. Every step is an area's own plan; dry run, check and apply all run
/// through the same `PlanRunner`, and a failed step undoes the ones before it.
package struct Setup: Sendable {
    package var environment: RuntimeEnvironment
    package var catalog: MirrorCatalog
    var probe: MirrorProbe
    var tools: any ToolRunner
    /// Stall timeout, lock wait, proxy and insteadOf rules for every transfer the plan makes (the probes use
    /// `probe`'s).
    package var network: NetworkSettings

    /// A setup whose transfers follow `network`; its probes too unless `probe` is given.
    package init(
        environment: RuntimeEnvironment, catalog: MirrorCatalog, network: NetworkSettings,
        probe: MirrorProbe? = nil, tools: any ToolRunner = ProcessToolRunner()
    ) {
        self.environment = environment
        self.catalog = catalog
        self.network = network
        self.probe = probe ?? MirrorProbe(network: network)
        self.tools = tools
    }

    /// The mirrors a request names, resolved against the catalog (usage errors for unknown names).
    package struct Resolved: Sendable {
        package var specs: Mirror?
        package var gems: Mirror?
        var strategy: SetupRequest.Strategy = .podfile
    }

    package func resolve(_ request: SetupRequest) throws -> Resolved {
        let specs = try request.mirror.map { try catalog.resolve($0, gems: false) }
        let gems = try request.gems.map { try catalog.resolve($0, gems: true) }
        let strategy = try self.strategy(for: request)
        if strategy != .podfile, specs == nil {
            throw PodMirrorFailure(
                Message("setup.error.strategy-needs-mirror", ["strategy": strategy.rawValue]), code: .setupStrategy)
        }
        if strategy == .trunk, let specs, specs.kind != .specsGit {
            throw PodMirrorFailure(
                Message("setup.error.trunk-needs-git", ["mirror": specs.name, "url": Redaction.redactURL(specs.url)]),
                code: .setupStrategy)
        }
        if strategy == .trunk, request.removeTrunk {
            throw PodMirrorFailure(Message("setup.error.trunk-remove-trunk"), code: .setupStrategy)
        }
        if request.seed != nil, specs == nil || specs?.kind != .specsGit {
            throw PodMirrorFailure(Message("setup.seed.needs-mirror"), code: .setupSeed)
        }
        if specs == nil, gems == nil, request.podfiles.isEmpty, !request.removeTrunk, !request.installCocoaPods,
            request.sourceMirrors.isEmpty, request.swiftPMProjects.isEmpty
        {
            throw PodMirrorFailure(
                Message("setup.error.empty"), remedy: Message("setup.error.empty.remedy"),
                code: .setupEmpty)
        }
        if !request.podfiles.isEmpty, specs == nil, request.platform == nil, request.inhibitWarnings == nil,
            request.buildSettings.isEmpty,
            request.deploymentTarget == nil
        {
            throw PodMirrorFailure(
                Message("setup.error.empty-podfile"), remedy: Message("setup.error.empty-podfile.remedy"),
                code: .setupEmptyPodfile)
        }
        return Resolved(specs: specs, gems: gems, strategy: strategy)
    }

    /// The strategy asked for; without one, `trunk` when Podfiles are given and every one names no source but trunk
    /// (no `source` line, or the CDN's URL), since the trunk strategy then leaves every file of the team as it is, or
    /// when none is given and podmirror made trunk already; otherwise `podfile`.
    func strategy(for request: SetupRequest) throws -> SetupRequest.Strategy {
        if let strategy = request.strategy { return strategy }
        // `--remove-trunk` asks for the podfile strategy's end state: trunk gone, the Specs repo from the mirror.
        guard request.mirror != nil, !request.removeTrunk else { return .podfile }
        guard !request.podfiles.isEmpty else {
            return TrunkState.read(ReposDirectory(environment: environment)).origin == .podmirror ? .trunk : .podfile
        }
        for podfile in request.podfiles {
            let path = environment.expandPath(podfile)
            guard environment.fileSystem.fileExists(path) else { return .podfile }
            let sources = try PodfileDocument.load(path: path, fs: environment.fileSystem).model.sourceURLs
            if !sources.allSatisfy({ SourceURL($0).isTrunkCDN }) { return .podfile }
        }
        return .trunk
    }

    /// Builds the whole plan. `verify` probes each mirror the plan would switch to, and refuses a broken one.
    package func plan(_ request: SetupRequest, verify: Bool, tips: RemoteTips = RemoteTips()) throws -> Plan {
        let resolved = try resolve(request)
        var plan = Plan(title: "setup")

        if let gems = resolved.gems {
            plan.append(
                try GemSources(environment: environment, catalog: catalog).usePlan(gems, bundler: request.bundler))
        }
        if request.installCocoaPods {
            plan.changes.append(try installCocoaPodsChange(gemSource: resolved.gems?.url))
        }
        if let specs = resolved.specs, resolved.strategy == .podfile {
            plan.append(
                try SetupSpecRepo(environment: environment, network: network)
                    .usePlan(specs, name: request.repoName, seed: request.seed))
        }
        if let specs = resolved.specs, resolved.strategy == .trunk {
            plan.append(
                try SetupSpecRepo(environment: environment, network: network).trunkPlan(
                    specs, seed: request.seed, tips: tips))
        }
        if let specs = resolved.specs, resolved.strategy == .insteadof {
            // CocoaPods matches a Podfile source to a repo by its raw origin URL (insteadOf is not applied): the
            // repo keeps the GitHub URL Podfiles name, and its transfers follow the rules this plan writes.
            plan.append(
                try SetupSpecRepo(environment: environment, network: network.sendingSpecs(to: specs.url))
                    .usePlan(specs, name: request.repoName, seed: request.seed, origin: SpecRepoNaming.officialGitURL))
            plan.append(
                try InsteadOfRules(environment: environment, catalog: catalog)
                    .usePlan(specs, sourceMirrors: request.sourceMirrors))
        }
        // With --strategy insteadof the source mirrors went into the same edit of the global git config.
        if !request.sourceMirrors.isEmpty, !(resolved.specs != nil && resolved.strategy == .insteadof) {
            plan.append(
                try SourceMirrorConfig(environment: environment, catalog: catalog).addPlan(request.sourceMirrors))
        }
        // SwiftPM's mirrors.json: the rules of git's files and those this plan adds (which win on equal prefixes).
        for path in request.swiftPMProjects {
            let project = try SwiftPMProject.locate(path, environment: environment)
            let rules = SourceMirrorRules(rules: request.sourceMirrors + network.urlRewrite.rules)
            plan.append(try SwiftPMMirrorPlanner(environment: environment, rules: rules).plan(project))
        }
        var podfileEdits: [PodfileEdit] = []
        if let specs = resolved.specs, resolved.strategy == .podfile {
            podfileEdits.append(.useSource(specs.url))
        }
        if let platform = request.platform {
            podfileEdits.append(.platform(platform))
        }
        if let on = request.inhibitWarnings { podfileEdits.append(.inhibitWarnings(on)) }
        for setting in request.buildSettings {
            podfileEdits.append(.buildSetting(key: setting.key, value: setting.value))
        }
        if let target = request.deploymentTarget {
            podfileEdits.append(.deploymentTarget(target))
        }
        let podfileCatalog = resolved.specs.map { specsCatalog(for: $0, request: request) } ?? catalog
        for podfile in request.podfiles where !podfileEdits.isEmpty {
            let path = environment.expandPath(podfile)
            var part = try PodfileEditor.plan(
                podfileEdits, podfile: path, fs: environment.fileSystem, catalog: podfileCatalog,
                displayPath: path)
            // Costs nothing, so it goes before the mirror probe and the clone that take minutes.
            if part.changes.contains(where: \.isNeeded) { try Self.checkWritable(path) }
            part.title = "podfile"
            plan.append(part)
        }
        if request.removeTrunk {
            plan.append(try SetupSpecRepo(environment: environment, network: network).removeTrunkPlan())
        }
        if resolved.specs != nil { plan.warnings += try strategyNotes(request, chosen: resolved.strategy) }
        if verify {
            try verifyMirrors(plan: plan, resolved: resolved)
        }
        return plan
    }

    /// When setup chose the strategy by itself: why it took trunk, or which strategy fits each Podfile given where it
    /// is not the one setup takes.
    func strategyNotes(_ request: SetupRequest, chosen: SetupRequest.Strategy) throws -> [Diagnostic] {
        guard request.strategy == nil else { return [] }
        var notes: [Diagnostic] = []
        if chosen == .trunk {
            notes.append(Diagnostic(.note, code: .setupStrategy, Message("setup.strategy.trunk-chosen")))
        }
        for podfile in request.podfiles.map(environment.expandPath) where environment.fileSystem.fileExists(podfile) {
            let sources = try PodfileDocument.load(path: podfile, fs: environment.fileSystem).model.sourceURLs
            guard let fit = Doctor.strategyFit(sources: sources), fit != chosen.rawValue else { continue }
            let key = fit == "trunk" ? "doctor.podfile.strategy.trunk" : "doctor.podfile.strategy.insteadof"
            notes.append(Diagnostic(.note, code: .setupStrategy, Message(key, ["podfile": podfile]), file: podfile))
        }
        return notes
    }

    /// Throws unless the Podfile's folder takes the temporary file its atomic write renames into place.
    static func checkWritable(_ podfile: String) throws {
        let folder = (LocalFileSystem.resolveSymlinks(podfile) as NSString).deletingLastPathComponent
        if access(folder.isEmpty ? "." : folder, W_OK) != 0 { throw FileError.errno(podfile, .write) }
    }

    /// The catalog plus the URLs of local Specs copies (recognised by history, and the repo the spec repo
    /// step takes over), so Podfiles lose those sources like official ones.
    func specsCatalog(for specs: Mirror, request: SetupRequest) -> MirrorCatalog {
        let repos = ReposDirectory(environment: environment)
        let gitRepos = SpecRepo.all(in: repos).filter { $0.kind == .git }
        let desired = request.repoName ?? SpecRepoNaming.name(forURL: specs.url)
        let takenOver = RepoUsePlanner.pickExisting(gitRepos, url: specs.url, desiredName: desired)
        return catalog.addingSpecsCopies(
            SpecRepoHistory.specsURLs(repos: repos, target: specs.url, catalog: catalog, takenOver: takenOver))
    }

    /// The request as a job. A request that touches a spec repo is planned and applied under
    /// CocoaPods' `Spec_Lock`, as `pod repo update` does; one that touches none takes no lock.
    /// Only applying probes mirrors (--dry-run and --check read what is on disk); with a lock, the probe
    /// is the job's preflight, run before the lock is taken, so a refused mirror leaves the repos dir untouched.
    package func job(_ request: SetupRequest, mode: RunMode) -> PlanJob {
        let verify = request.verify && mode == .apply
        let locks = request.mirror != nil || request.removeTrunk
        // The preflight and the plan under the lock ask a mirror's tip once.
        let tips = RemoteTips()
        let make: (ApplyContext) throws -> Plan = { _ in
            var made = try plan(request, verify: verify && !locks, tips: tips)
            if request.verify, mode != .apply { made.warnings += notProbed(made, request: request) }
            return made
        }
        // Changing spec repos, it is a repo job: under Spec_Lock, reporting an unfinished repo change.
        var job =
            locks
            ? SetupSpecRepo(environment: environment, network: network).shared.job(purpose: "setup", make)
            : PlanJob(purpose: "setup", make: make)
        if verify && locks { job.preflight = { _ in _ = try plan(request, verify: true, tips: tips) } }
        return job
    }

    /// Plans and runs a request (see `job(_:mode:)` for the lock).
    package func run(_ request: SetupRequest, mode: RunMode, context: ApplyContext) throws -> PlanReport {
        try PlanRunner(context: context).run(job(request, mode: mode), mode: mode)
    }

    /// A dry run or check reads only what is on disk: it says the mirrors the plan would switch to were not probed,
    /// so its plan is not taken for a promise that applying will reach them.
    func notProbed(_ plan: Plan, request: SetupRequest) -> [Diagnostic] {
        let needed = plan.changes.filter(\.isNeeded).map(\.kind)
        var mirrors: [String] = []
        if let specs = request.mirror, needed.contains(where: \.switchesSpecRepo) { mirrors.append(specs) }
        if let gems = request.gems, needed.contains(where: \.switchesGemSource) { mirrors.append(gems) }
        guard !mirrors.isEmpty else { return [] }
        let shown = mirrors.map(Redaction.redactURL).joined(separator: ", ")
        return [Diagnostic(.note, code: .setupNotProbed, Message("setup.note.not-probed", ["mirrors": shown]))]
    }

    /// Probes a mirror only when the plan would switch something to it.
    func verifyMirrors(plan: Plan, resolved: Resolved) throws {
        let needed = plan.changes.filter(\.isNeeded).map(\.kind)
        if let gems = resolved.gems, needed.contains(where: \.switchesGemSource) {
            try probe.verify(gems)
        }
        if let specs = resolved.specs, needed.contains(where: \.switchesSpecRepo) {
            try probe.verify(specs)
        }
    }

    /// `gem install cocoapods` from the chosen gem source, needed only when `pod` is not on PATH.
    func installCocoaPodsChange(gemSource: String?) throws -> Change {
        let versions = ToolVersion(environment: environment)
        if let pod = versions.locate("pod") {
            let installed = Message("setup.cocoapods.installed", ["path": pod])
            return Change.satisfied(
                id: "setup.install-cocoapods", kind: .installCocoaPods, subject: "cocoapods",
                summary: installed.english, details: CocoaPodsInstallFacts(pod: pod)
            ).said(installed)
        }
        guard let gem = versions.locate("gem") else {
            throw PodMirrorFailure(
                Message("setup.error.gem-missing"), remedy: Message("setup.error.gem-missing.remedy"),
                code: .setupGemMissing)
        }
        let arguments =
            ["install", "cocoapods", "--no-document"] + (gemSource.map { ["--clear-sources", "--source", $0] } ?? [])
        let shown = ([gem] + arguments).map { $0.contains("://") ? Redaction.redactURL($0) : $0 }.joined(separator: " ")
        let tools = self.tools
        let environment = self.environment
        let install = Message("setup.cocoapods.install", ["command": shown])
        var change = Change(
            id: "setup.install-cocoapods", kind: .installCocoaPods, subject: "cocoapods",
            summary: install.english, details: CocoaPodsInstallFacts(command: shown), isNeeded: true,
            apply: { context in
                let status = try tools.run(
                    gem, arguments, environment: environment.variables, currentDirectory: nil,
                    cancellation: context.cancellation)
                guard status == 0 else {
                    throw PodMirrorFailure(
                        Message("setup.error.install-cocoapods", ["command": shown, "status": String(status)]),
                        remedy: Message("setup.error.install-cocoapods.remedy"), code: .setupInstallCocoapods)
                }
                // gem can succeed and still leave `pod` off PATH (a user install's bin folder).
                guard let pod = ToolVersion(environment: environment).locate("pod") else {
                    throw PodMirrorFailure(
                        Message("setup.pod-still-missing", ["command": shown]),
                        remedy: Message("setup.pod-still-missing.remedy"),
                        code: .setupPodStillMissing)
                }
                return CocoaPodsInstallFacts(pod: pod, installed: true)
            })
        change.message = install
        return change
    }
}

/// CocoaPods' `pod` found on PATH, or the `gem install` that installs it (`setup --install-cocoapods`).
struct CocoaPodsInstallFacts: ChangeFacts {
    var pod: String?
    var command: String?
    /// Set once `gem install` installed it.
    var installed: Bool?
}
