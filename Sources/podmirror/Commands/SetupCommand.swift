import ArgumentParser
import Foundation
import PodMirrorKit

struct SetupCommand: PodmirrorCommand {
    static let configuration = CommandConfiguration(
        commandName: "setup",
        abstract: "Set up the whole machine in one idempotent command.",
        discussion: """
            Composes: gem sources (--gems, --bundler), CocoaPods itself (--install-cocoapods), \
            the Specs repo (--mirror), Podfile sources or git insteadOf rules (--strategy), \
            source mirrors for pod sources (--source-mirror), \
            platform, inhibit_all_warnings!, post_install build settings, and trunk's removal. Mirrors are probed \
            before anything switches to them (--no-verify skips that). \
            A second run changes nothing. With --check: exit 3 on drift, 0 when compliant.
            """)
    static let commandName = "setup"
    @OptionGroup var global: GlobalOptions

    @Option(help: "Specs mirror: a catalog name (tuna, bfsu, nju, nyist, github, trunk) or a git URL.")
    var mirror: String?
    @Option(name: .customLong("name"), help: "Directory name for the spec repo (default: CocoaPods' name for the URL).")
    var repoName: String?
    @Option(help: "Gem mirror: a catalog name (rubygems, ruby-china, ustc, tuna) or a URL.")
    var gems: String?
    @Flag(help: "Also set Bundler's mirror for rubygems.org.")
    var bundler = false
    @Option(name: .customLong("podfile"), help: "A Podfile to edit (repeatable).")
    var podfiles: [String] = []
    @Option(help: "Platform for every Podfile, e.g. ios:13.0.")
    var platform: String?
    @Flag(help: "Add inhibit_all_warnings! to every Podfile.")
    var inhibitWarnings = false
    @Option(
        name: .customLong("build-setting"),
        help: "KEY=VALUE every pod target gets in the post_install hook (repeatable).")
    var buildSettings: [String] = []
    @Option(
        name: .customLong("deployment-target"),
        help: "PLATFORM:VERSION: raise every pod target's deployment target to at least VERSION (post_install).")
    var deploymentTarget: String?
    @Option(help: "How Podfiles reach the mirror: podfile (source lines) or insteadof (git config rules).")
    var strategy: SetupRequest.Strategy = .podfile
    @Flag(help: "Remove repos/trunk so locked pods move to the mirror.")
    var removeTrunk = false
    @Flag(help: "Run `gem install cocoapods` from the gem mirror when `pod` is missing.")
    var installCocoapods = false
    @Flag(help: "Do not probe mirrors before switching (offline image builds).")
    var noVerify = false
    @Option(
        help: ArgumentHelp(
            "Seconds without data before a transfer (probe or clone) gives up (default: PODMIRROR_GIT_TIMEOUT, else "
                + "15 for probes and 120 for clones).")
    )
    var timeout: Double?
    @Option(
        name: .customLong("source-mirror"),
        help: ArgumentHelp(
            "PREFIX=MIRROR_PREFIX: fetch pod sources starting with PREFIX from MIRROR_PREFIX (git insteadOf; "
                + "repeatable).")
    )
    var sourceMirrors: [String] = []
    @Option(
        help: ArgumentHelp(
            "A git bundle (path, file:// or http(s):// URL) to seed the Specs repo from when there is none (the "
                + "mirror becomes its origin).")
    )
    var seed: String?

    func request() throws -> SetupRequest {
        var request = SetupRequest(
            mirror: mirror, repoName: repoName, gems: gems, bundler: bundler, podfiles: podfiles,
            platform: try platform.map(SetupRequest.parsePlatform), inhibitWarnings: inhibitWarnings,
            buildSettings: try buildSettings.map(SetupRequest.parseBuildSetting), strategy: strategy,
            removeTrunk: removeTrunk, installCocoaPods: installCocoapods, verify: !noVerify,
            deploymentTarget: try deploymentTarget.map(SetupRequest.parsePlatform))
        request.seed = seed
        request.sourceMirrors = try sourceMirrors.map(SourceMirrorConfig.parsePair)
        return request
    }

    func run() throws {
        let runner = runner()
        var request = try request()
        request.seed = seed.map { $0.contains("://") ? $0 : runner.environment.expandPath($0) }
        let network = try NetworkSettings.resolve(
            timeout: timeout, lockTimeout: nil, environment: runner.environment.variables)
        var setup = Setup(
            environment: runner.environment, catalog: try runner.catalog(),
            probe: MirrorProbe(
                timeout: network.probeTimeout, proxy: network.proxy,
                cancellation: runner.context.cancellation),
            tools: ProcessToolRunner(output: global.json ? .standardError : .standardOutput))
        setup.network = network
        try runner.run(setup.job(request, mode: runner.mode))
    }
}

extension SetupRequest.Strategy: ExpressibleByArgument {}
