import ArgumentParser
import Foundation
import PodMirrorCocoaPods
import PodMirrorFoundation
import PodMirrorKit

struct ReinstallCommand: PodmirrorCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "reinstall",
            abstract: Message("help.reinstall.abstract").abstractText,
            discussion:
                Message("help.reinstall.discussion").discussionText
        )
    }
    static let commandName = "reinstall"
    @OptionGroup var global: GlobalOptions
    @Flag(name: .long, help: Message("help.reinstall.flag.repo-update").help)
    var repoUpdate = false
    @Flag(name: .long, help: Message("help.reinstall.flag.no-fetch").help)
    var noFetch = false
    @Argument(help: Message("help.reinstall.argument.path").help, completion: .directory)
    var path: String?

    func run(_ runner: CommandRunner) throws {
        let env = runner.environment
        let location = try XcodeProjectLocator.locate(path, command: "reinstall", environment: env)
        // With --json, stdout carries one JSON document: pod's own stdout goes to stderr.
        let tools = ProcessToolRunner(output: global.json ? .standardError : .standardOutput)
        let reinstaller = Reinstaller(environment: env, tools: tools)
        let planned = try reinstaller.plan(location, repoUpdate: repoUpdate)
        let console = runner.console
        let json = global.json
        let prefetched = try reinstaller.prefetch(
            location, mode: runner.mode, fetch: !noFetch, network: { try runner.network() },
            cancellation: runner.context.cancellation
        ) { p in
            if let done = p.finished, !json { console.err(PodsRender.line(done, console: console)) }
        }
        var warnings: [WarningStep] = []
        if let prefetched, let group = try ReinstallPrefetchRenderer.show(prefetched, runner: runner) {
            warnings.append(group)
        }
        var shown: RepeatedWarnings.Records?
        if !global.json, global.mode == .apply {
            // Each step's warnings once per state (`RepeatedWarnings`), judged by that step's own changes;
            // remembered only after `pod install` succeeded, so a failed or interrupted run leaves no trace.
            warnings.append(planned.warningStep(arguments: runner.arguments, environment: env))
            shown = RepeatedWarnings.show(warnings, runner: runner, deferred: true)
            DeintegrateRender.printLines(planned, runner: runner)
        }
        let report: PlanReport
        do {
            report = try runner.report(PlanJob(planned.plan))
        } catch let failure as PlanFailure {
            guard let pod = failure.underlying as? PodInstallFailed else { throw failure }
            Render.error(failure, command: Self.commandName, json: global.json, console: runner.console)
            throw ExitCode(pod.status)
        }
        shown?.commit()
        try runner.finish(report, extra: DeintegrateRender.jsonFields(planned)) {
            runner.console.out(runner.console.paint(Message("reinstall.done").localized, .green))
        }
    }
}
