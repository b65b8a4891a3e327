import ArgumentParser
import Foundation
import PodMirrorCocoaPods
import PodMirrorFoundation
import PodMirrorKit
import PodMirrorTransport

struct PodsCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "pods",
            abstract: Message("help.pods.abstract").abstractText,
            subcommands: [PodsFetchCommand.self, PodsListCommand.self]
        )
    }
}

/// Options shared by `pods fetch` and `pods list`.
struct PodsOptions: ParsableArguments {
    @Option(name: .long, help: Message("help.pods.options.option.project").help, completion: .directory)
    var project: String?

    @Option(name: .long, help: Message("help.pods.options.option.lockfile").help, completion: .file())
    var lockfile: String?

    @Option(name: .long, parsing: .upToNextOption, help: Message("help.pods.options.option.only").help)
    var only: [String] = []

    @Option(name: .long, help: Message("help.pods.options.option.cocoapods-version").help)
    var cocoapodsVersion: String?

    @Option(name: .long, help: Message("help.pods.options.option.timeout").help)
    var timeout: Double?

    @Option(
        name: .long,
        help: Message("help.pods.options.option.lock-timeout").help)
    var lockTimeout: Double?

    @Flag(name: .long, help: Message("help.pods.options.flag.strict-checksums").help)
    var strictChecksums = false

    func validate() throws {
        if project != nil && lockfile != nil {
            throw ValidationError(Message("pods.cli.project-and-lockfile").localized)
        }
    }

    func request(jobs: Int, runner: CommandRunner) throws -> PodsFetchRequest {
        let env = runner.environment
        let path: String
        if let lockfile {
            path = env.expandPath(lockfile)
        } else {
            path = PodfileLock.path(inFolder: env.expandPath(project ?? "."))
        }
        var request = PodsFetchRequest(
            lockfilePath: path, only: only, jobs: jobs, cocoapodsVersion: cocoapodsVersion,
            network: try runner.network(timeout: timeout, lockTimeout: lockTimeout), environment: env,
            archiveLimits: try ArchiveLimits.resolve(environment: env.variables))
        request.strictChecksums = strictChecksums
        return request
    }
}

struct PodsFetchCommand: PodmirrorCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "fetch",
            abstract:
                Message("help.pods.fetch.abstract").abstractText,
            discussion:
                Message("help.pods.fetch.discussion").discussionText
        )
    }
    static let commandName = "pods fetch"
    @OptionGroup var global: GlobalOptions
    @OptionGroup var pods: PodsOptions
    // Unconditional: `--jobs -3` is a bad value (said as such), not a missing one.
    @Option(name: .long, parsing: .unconditional, help: Message("help.pods.fetch.option.jobs").help)
    var jobs: Int = 8

    func validate() throws {
        if jobs < 1 { throw ValidationError(Message("pods.cli.jobs", ["value": String(jobs)]).localized) }
    }

    func run(_ runner: CommandRunner) throws {
        let fetcher = try PodsFetcher(request: pods.request(jobs: jobs, runner: runner))
        let console = runner.console
        let showLines = !global.json
        let report = try runner.report(fetcher) { p in
            if let done = p.finished, showLines { console.err(PodsRender.line(done, console: console)) }
            // The rate and the time left count from the first fetch, not from before the planning.
            let line = PodsRender.progressLine(done: p.done, total: p.total, bytes: p.bytes, elapsed: p.seconds)
            if console.drawsProgress { console.progress(line) } else { console.plainProgress(line) }
        }
        console.endProgress()
        if !global.json {
            RepeatedWarnings.show(
                [report.warningStep(arguments: runner.arguments, environment: runner.environment)], runner: runner)
        }
        // Interrupted: a final error line (text) and error object (JSON) saying how many pods were not fetched.
        let stopped = InterruptedError(Message("pods.fetch.error.interrupted", ["count": String(report.stopped.count)]))
        do {
            try runner.show(
                PodsFetchRenderer.Result(report: report, listsEveryPod: global.mode != .apply),
                with: PodsFetchRenderer.self, ok: report.exitStatus == .success, failure: report.exitStatus,
                error: report.interrupted ? stopped : nil)
        } catch {
            if report.interrupted, !global.json {
                Render.error(stopped, command: runner.command, json: false, console: console)
            }
            throw error
        }
    }
}

struct PodsListCommand: PodmirrorCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "list",
            abstract: Message("help.pods.list.abstract").abstractText,
            discussion: Message("help.pods.list.discussion").discussionText)
    }
    static let commandName = "pods list"
    static let makesChanges = false
    @OptionGroup var global: GlobalOptions
    @OptionGroup var pods: PodsOptions

    func run(_ runner: CommandRunner) throws {
        let report = try PodsFetcher(request: pods.request(jobs: 1, runner: runner))
            .list(cancellation: runner.context.cancellation)
        try runner.show(
            report, with: PodsListRenderer.self, ok: report.failed.isEmpty,
            error: PodMirrorFailure(
                Message("pods.list.error.failed", ["count": String(report.failed.count)]), code: .podsFetchFailed))
    }
}
