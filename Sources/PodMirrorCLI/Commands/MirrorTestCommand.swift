import ArgumentParser
import Foundation
import PodMirrorCocoaPods
import PodMirrorFoundation
import PodMirrorKit
import PodMirrorTransport

struct MirrorTestCommand: PodmirrorCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "test",
            abstract: Message("help.mirror.test.abstract").abstractText,
            discussion:
                Message("help.mirror.test.discussion").discussionText
        )
    }
    static let commandName = "mirror test"
    static let makesChanges = false
    @OptionGroup var global: GlobalOptions
    @Argument(help: Message("help.mirror.test.argument.mirrors").help)
    var mirrors: [String] = []
    @Flag(help: Message("help.mirror.test.flag.gems").help)
    var gems = false
    @Flag(help: Message("help.mirror.test.flag.pick").help)
    var pick = false
    @Option(help: Message("help.mirror.test.option.timeout").help)
    var timeout: Double = 10

    func run(_ runner: CommandRunner) throws {
        guard timeout > 0 else {
            throw ValidationError(
                Message("mirror.test.bad-timeout", ["value": NetworkSettings.shown(timeout)]).localized)
        }
        let catalog = try runner.catalog()
        let chosen =
            mirrors.isEmpty
            ? (gems ? catalog.gems : catalog.specs) : try mirrors.map { try catalog.resolve($0, gems: gems) }
        let network = try runner.network()
        var probe = MirrorProbe(
            network: network, timeout: timeout, cancellation: runner.context.cancellation,
            finalTrunkCommit: catalog.finalTrunkCommit)
        if !gems {
            probe.history = LocalCommitHistory(repos: ReposDirectory(environment: runner.environment))
            probe.historyFetch = MirrorHistoryFetch(seconds: timeout)
        }
        let results = probe.run(chosen)
        if runner.context.cancellation.isCancelled { throw InterruptedError() }
        let result = MirrorProbeRenderer.Result(results: results, pickOnly: pick)
        try runner.show(
            result, with: MirrorProbeRenderer.self, ok: result.best != nil, failure: .network,
            error: PodMirrorFailure(
                Message("mirror.test.error.none-usable", ["count": String(results.count)]),
                remedy: Message("mirror.test.error.none-usable.remedy"), code: .mirrorUnhealthy))
    }
}
