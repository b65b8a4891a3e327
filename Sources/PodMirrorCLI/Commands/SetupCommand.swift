import ArgumentParser
import Foundation
import PodMirrorCocoaPods
import PodMirrorFoundation
import PodMirrorKit
import PodMirrorTransport

struct SetupCommand: PodmirrorCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "setup",
            abstract: Message("help.setup.abstract").abstractText,
            discussion: Message("help.setup.discussion").discussionText)
    }
    static let commandName = "setup"
    @OptionGroup var global: GlobalOptions

    @Option(help: Message("help.setup.option.mirror").help, completion: Completions.specsMirrors)
    var mirror: String?
    @Option(name: .customLong("name"), help: Message("help.setup.option.repo-name").help)
    var repoName: String?
    @Option(help: Message("help.setup.option.gems").help, completion: Completions.gemMirrors)
    var gems: String?
    @Flag(help: Message("help.setup.flag.bundler").help)
    var bundler = false
    @Option(name: .customLong("podfile"), help: Message("help.setup.option.podfiles").help, completion: .file())
    var podfiles: [String] = []
    @Option(help: Message("help.setup.option.platform").help)
    var platform: String?
    @Option(name: .customLong("inhibit-warnings"), help: Message("help.setup.flag.inhibit-warnings").help)
    var inhibitWarnings: OnOff?
    @Option(
        name: .customLong("build-setting"),
        help: Message("help.setup.option.build-settings").help)
    var buildSettings: [String] = []
    @Option(
        name: .customLong("deployment-target"),
        help: Message("help.setup.option.deployment-target").help)
    var deploymentTarget: String?
    @Option(help: Message("help.setup.option.strategy").help)
    var strategy: SetupRequest.Strategy?
    @Flag(help: Message("help.setup.flag.remove-trunk").help)
    var removeTrunk = false
    @Flag(help: Message("help.setup.flag.install-cocoapods").help)
    var installCocoapods = false
    @Flag(help: Message("help.setup.flag.no-verify").help)
    var noVerify = false
    @Option(
        help:
            Message("help.setup.option.timeout").help
    )
    var timeout: Double?
    @Option(
        name: .customLong("source-mirror"),
        help:
            Message("help.setup.option.source-mirrors").help
    )
    var sourceMirrors: [String] = []
    @Option(
        help:
            Message("help.setup.option.seed").help,
        completion: .file()
    )
    var seed: String?
    @Option(name: .customLong("swiftpm"), help: Message("help.setup.option.swiftpm").help, completion: .directory)
    var swiftPMProjects: [String] = []

    func request() throws -> SetupRequest {
        var request = SetupRequest(
            mirror: mirror, repoName: repoName, gems: gems, bundler: bundler, podfiles: podfiles,
            platform: try platform.map { try PlatformVersion(parsing: $0) },
            inhibitWarnings: inhibitWarnings.map { $0 == .on },
            buildSettings: try buildSettings.map(SetupRequest.parseBuildSetting), strategy: strategy,
            removeTrunk: removeTrunk, installCocoaPods: installCocoapods, verify: !noVerify,
            deploymentTarget: try deploymentTarget.map { try PlatformVersion(parsing: $0) })
        request.seed = seed
        request.sourceMirrors = try sourceMirrors.map(SourceMirrorConfig.parsePair)
        request.swiftPMProjects = swiftPMProjects
        return request
    }

    func run(_ runner: CommandRunner) throws {
        var request = try request()
        request.seed = seed.map { $0.contains("://") ? $0 : runner.environment.expandPath($0) }
        let network = try runner.network(timeout: timeout)
        let setup = Setup(
            environment: runner.environment, catalog: try runner.catalog(), network: network,
            probe: MirrorProbe(network: network, cancellation: runner.context.cancellation),
            tools: ProcessToolRunner(output: global.json ? .standardError : .standardOutput))
        try runner.run(setup.job(request, mode: runner.mode))
    }
}

extension SetupRequest.Strategy: ExpressibleByArgument {}
