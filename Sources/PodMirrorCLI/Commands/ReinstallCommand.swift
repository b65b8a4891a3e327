import ArgumentParser
import Foundation
import PodMirrorCocoaPods
import PodMirrorFoundation
import PodMirrorKit
import PodMirrorTransport

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
        let planned = try Reinstaller(environment: env, tools: tools).plan(location, repoUpdate: repoUpdate)
        let lockfile = (location.installationRoot as NSString).appendingPathComponent("Podfile.lock")
        var warnings: [RepeatedWarnings.Group] = []
        if !noFetch, global.mode == .apply, env.fileSystem.fileExists(lockfile) {
            if let fetched = try Self.prefetch(lockfile: lockfile, runner: runner) {
                warnings.append(fetched)
            }
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

    /// `pods fetch` for the project's Podfile.lock; stops (before the project is touched) naming the pods
    /// that could not be fetched. Returns its warnings for text output (nil with `json`), shown by the caller.
    static func prefetch(lockfile: String, runner: CommandRunner) throws -> RepeatedWarnings.Group? {
        let env = runner.environment
        let json = runner.options.json
        let network = try NetworkSettings.resolve(timeout: nil, lockTimeout: nil, environment: env.variables)
        let request = PodsFetchRequest(
            lockfilePath: lockfile,
            stallTimeout: network.stallTimeout,
            lockTimeout: network.lockTimeout,
            environment: env, mirrors: try SourceMirrorRules.load(environment: env),
            archiveLimits: try ArchiveLimits.resolve(environment: env.variables))
        let console = runner.console
        let report: PodsFetchReport
        do {
            report = try PodsFetcher(request: request).run(mode: .apply, cancellation: runner.context.cancellation) {
                p in
                if let done = p.finished, !json { console.err(PodsRender.line(done, console: console)) }
            }
        } catch let error as PodMirrorFailure where error.exitStatus == .usage && error.code.rawValue.hasPrefix("pods.")
        {
            // A Podfile.lock podmirror cannot read is `pod install`'s business; the prefetch only saves time.
            let skipped = Diagnostic(
                .warning, code: .reinstallFetchSkipped,
                Message("pods.reinstall.fetch-skipped", ["reason": error.localizedMessage]))
            if json {
                console.err(Render.diagnosticLine(skipped, console: runner.console))
                return nil
            }
            return RepeatedWarnings.Group(
                warnings: [skipped], state: prefetchState(["skipped"], lockfile: lockfile, [skipped], runner: runner),
                changed: false)
        }
        console.endProgress()
        if report.interrupted { throw InterruptedError() }
        let failed = report.pods.filter { $0.status == .failed }
        if !failed.isEmpty {
            // A failed run changes nothing yet must show why: every warning, unconditionally.
            for w in report.warnings where !json { console.err(Render.diagnosticLine(w, console: runner.console)) }
            throw PodMirrorFailure(
                Message("pods.reinstall.fetch-failed", ["pods": failed.map(\.name).joined(separator: ", ")]),
                remedy: Message("pods.reinstall.fetch-failed.remedy"), code: .reinstallFetchFailed)
        }
        if json { return nil }
        let facts = report.pods.map { "\($0.name) \($0.version) \($0.status)" }
        return RepeatedWarnings.Group(
            warnings: report.warnings, state: prefetchState(facts, lockfile: lockfile, report.warnings, runner: runner),
            changed: report.changed)
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
