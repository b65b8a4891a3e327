import ArgumentParser
import Foundation
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

    func run() throws {
        let runner = runner()
        let env = runner.environment
        let location = try XcodeProjectLocator.locate(path, command: "reinstall", environment: env)
        // With --json, stdout carries one JSON document: pod's own stdout goes to stderr.
        let tools = ProcessToolRunner(output: global.json ? .standardError : .standardOutput)
        let reinstaller = Reinstaller(environment: env, tools: tools)
        let planned = try reinstaller.plan(location, repoUpdate: repoUpdate)
        let console = Console.shared
        let json = global.json
        let prefetched = try reinstaller.prefetch(
            location, mode: global.mode, fetch: !noFetch, catalog: runner.catalog,
            cancellation: runner.context.cancellation
        ) { p in
            if let done = p.finished, !json { console.err(PodsRender.line(done)) }
        }
        var warnings: [RepeatedWarnings.Group] = []
        if let prefetched, let group = try Self.render(prefetched, json: json, environment: env) {
            warnings.append(group)
        }
        var shown: RepeatedWarnings.Records?
        if !global.json, global.mode == .apply {
            // Each step's warnings once per state (`RepeatedWarnings`), judged by that step's own changes;
            // remembered only after `pod install` succeeded, so a failed or interrupted run leaves no trace.
            warnings.append(DeintegrateCommand.warningGroup(planned, environment: env))
            shown = RepeatedWarnings.show(warnings, verbose: global.verbose, environment: env, deferred: true)
            DeintegrateCommand.printLines(planned, verbose: global.verbose)
        }
        let report: PlanReport
        do {
            report = try runner.report(PlanJob(planned.plan))
        } catch let failure as PlanFailure {
            guard let pod = failure.underlying as? PodInstallFailed else { throw failure }
            Render.error(failure, command: Self.commandName, json: global.json)
            throw ExitCode(pod.status)
        }
        shown?.commit()
        try runner.finish(report, extra: DeintegrateCommand.jsonFields(planned)) {
            Console.shared.out(Console.shared.paint(Message("reinstall.done").localized, .green))
        }
    }

    /// Shows what the prefetch did: a failure with every warning (a failed run changes nothing yet must show
    /// why), else its warnings for text output (nil with `json`), shown by the caller with the other steps'.
    static func render(
        _ prefetched: ReinstallPrefetch, json: Bool, environment env: RuntimeEnvironment
    ) throws -> RepeatedWarnings.Group? {
        let console = Console.shared
        switch prefetched {
        case .skipped(let lockfile, let skipped):
            if json {
                console.err(Render.diagnosticLine(skipped))
                return nil
            }
            return RepeatedWarnings.Group(
                warnings: [skipped], state: prefetchState(["skipped"], lockfile: lockfile, [skipped], env),
                changed: false)
        case .failed(let report, let error):
            console.endProgress()
            for w in report.warnings where !json { console.err(Render.diagnosticLine(w)) }
            throw error
        case .fetched(let report):
            console.endProgress()
            if json { return nil }
            let facts = report.pods.map { "\($0.name) \($0.version) \($0.status)" }
            return RepeatedWarnings.Group(
                warnings: report.warnings,
                state: prefetchState(facts, lockfile: report.lockfile, report.warnings, env),
                changed: report.changed)
        }
    }

    /// The prefetch step's state: this command line, what it found per pod, the Podfile.lock's bytes.
    static func prefetchState(
        _ facts: [String], lockfile: String, _ warnings: [Diagnostic], _ env: RuntimeEnvironment
    ) -> String {
        WarningMemory.state(
            arguments: RepeatedWarnings.arguments, currentDirectory: env.currentDirectory,
            facts: ["reinstall-prefetch"] + facts, files: [lockfile] + warnings.compactMap(\.file),
            fileSystem: env.fileSystem)
    }
}
