import ArgumentParser
import Foundation
import PodMirrorCocoaPods
import PodMirrorFoundation
import PodMirrorKit

struct ReinstallCommand: PodmirrorCommand {
    static let configuration = CommandConfiguration(
        commandName: "reinstall",
        abstract: Message("help.reinstall.abstract").abstractText,
        discussion:
            Message("help.reinstall.discussion").discussionText
    )
    static let commandName = "reinstall"
    @OptionGroup var global: GlobalOptions
    @Flag(name: .long, help: Message("help.reinstall.flag.repo-update").help)
    var repoUpdate = false
    @Flag(name: .long, help: Message("help.reinstall.flag.no-fetch").help)
    var noFetch = false
    @Argument(help: Message("help.reinstall.argument.path").help)
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
            location, mode: global.mode, fetch: !noFetch, network: { try runner.network() },
            cancellation: runner.context.cancellation
        ) { p in
            if let done = p.finished, !json { console.err(PodsRender.line(done, console: console)) }
        }
        var warnings: [RepeatedWarnings.Group] = []
        if let prefetched, let group = try Self.render(prefetched, runner: runner) {
            warnings.append(group)
        }
        var shown: RepeatedWarnings.Records?
        if !global.json, global.mode == .apply {
            // Each step's warnings once per state (`RepeatedWarnings`), judged by that step's own changes;
            // remembered only after `pod install` succeeded, so a failed or interrupted run leaves no trace.
            warnings.append(DeintegrateCommand.warningGroup(planned, runner: runner))
            shown = RepeatedWarnings.show(warnings, runner: runner, deferred: true)
            DeintegrateCommand.printLines(planned, runner: runner)
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
        try runner.finish(report, extra: DeintegrateCommand.jsonFields(planned)) {
            runner.console.out(runner.console.paint(Message("reinstall.done").localized, .green))
        }
    }

    /// Shows what the prefetch did: a failure with every warning (a failed run changes nothing yet must show
    /// why), else its warnings for text output (nil with `json`), shown by the caller with the other steps'.
    static func render(_ prefetched: ReinstallPrefetch, runner: CommandRunner) throws -> RepeatedWarnings.Group? {
        let console = runner.console
        let json = runner.options.json
        switch prefetched {
        case .skipped(let lockfile, let skipped):
            if json {
                console.err(Render.diagnosticLine(skipped, console: console))
                return nil
            }
            return RepeatedWarnings.Group(
                warnings: [skipped], state: prefetchState(["skipped"], lockfile: lockfile, [skipped], runner: runner),
                changed: false)
        case .failed(let report, let error):
            console.endProgress()
            for w in report.warnings where !json { console.err(Render.diagnosticLine(w, console: console)) }
            throw error
        case .fetched(let report):
            console.endProgress()
            if json { return nil }
            let facts = report.pods.map { "\($0.name) \($0.version) \($0.status)" }
            return RepeatedWarnings.Group(
                warnings: report.warnings,
                state: prefetchState(facts, lockfile: report.lockfile, report.warnings, runner: runner),
                changed: report.changed)
        }
    }

    /// The prefetch step's state: this command line, what it found per pod, the Podfile.lock's bytes.
    static func prefetchState(
        _ facts: [String], lockfile: String, _ warnings: [Diagnostic], runner: CommandRunner
    ) -> String {
        let env = runner.environment
        return WarningMemory.state(
            arguments: runner.arguments, currentDirectory: env.currentDirectory,
            facts: ["reinstall-prefetch"] + facts, files: [lockfile] + warnings.compactMap(\.file),
            fileSystem: env.fileSystem)
    }
}
