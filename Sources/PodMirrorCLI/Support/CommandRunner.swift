import ArgumentParser
import Foundation
import PodMirrorCocoaPods
import PodMirrorFoundation
import PodMirrorKit
import PodMirrorTransport

/// Runs one podmirror command. Builds once what every command needs (the environment, the mirror
/// catalog, progress, cancellation, the options), runs any plan the Kit makes (taking `Spec_Lock`
/// when the Kit's job says so), and renders every result, mutating or read-only, through `Render`.
///
/// `PodmirrorMain.run` builds one per run and hands it to the command's `run(_:)`, which asks the Kit for a job
/// or a plan, then calls `try runner.run(job)`; a read-only command hands its result to its renderer with
/// `try runner.show(_:with:)`.
final class CommandRunner {
    /// The command's words, the `command` field in JSON.
    let command: String
    let options: GlobalOptions
    /// The run's arguments (without the executable's name), as the warnings memory and its hint see them.
    let arguments: [String]
    /// The run's environment (variables, current folder, file system), read once by whoever started the run.
    let environment: RuntimeEnvironment
    /// Where the run's output goes.
    let console: Console
    /// Progress bars on the console's stderr and the run's cancellation (the process's SIGINT/SIGTERM).
    private(set) var context: ApplyContext
    private var loadedCatalog: MirrorCatalog?
    private var resolvedNetwork: NetworkSettings?

    init(
        command: String, options: GlobalOptions, arguments: [String], environment: RuntimeEnvironment,
        console: Console, cancellation: CancellationToken
    ) {
        self.command = command
        self.options = options
        self.arguments = arguments
        self.environment = environment
        self.console = console
        // A file edit waits for another process's edit of the same folder as long as for Spec_Lock
        // (PODMIRROR_LOCK_TIMEOUT; a bad value is reported by the commands that read it for Spec_Lock).
        // Only the variable: resolving all network settings here would read git's config files for every command.
        let lockTimeout = (try? NetworkSettings.environmentLockTimeout(environment.variables)) ?? nil
        self.context = ApplyContext(
            progress: ConsoleProgress(console: console), cancellation: cancellation,
            fileLockTimeout: lockTimeout ?? FileEditLock.defaultTimeout, force: options.force)
    }

    var mode: RunMode { options.mode }

    /// True when someone will see a plan's diffs (JSON, dry run, check).
    var showsDiffs: Bool { options.json || options.mode != .apply }

    /// The bundled mirror catalog, loaded on first use (commands that need none never read it).
    func catalog() throws -> MirrorCatalog {
        if let loadedCatalog { return loadedCatalog }
        let catalog = try MirrorCatalog.bundled()
        loadedCatalog = catalog
        return catalog
    }

    /// The run's network settings (proxies and no-proxy, the insteadOf and source-mirror rules of the files git
    /// reads, the stall and lock timeouts, the minimum rate), resolved on first use from the command line, the
    /// environment and git's config files; every transfer of the run derives its options from this one value.
    func network(timeout: Double? = nil, lockTimeout: Double? = nil) throws -> NetworkSettings {
        if let resolvedNetwork { return resolvedNetwork }
        let network = try NetworkSettings.resolve(timeout: timeout, lockTimeout: lockTimeout, runtime: environment)
        resolvedNetwork = network
        // `--lock-timeout` bounds the file edits' wait too, as PODMIRROR_LOCK_TIMEOUT does.
        context.fileLockTimeout = network.lockTimeout
        return network
    }

    // MARK: plans

    /// Makes and runs a job in the mode asked, without rendering it.
    func report(_ job: PlanJob) throws -> PlanReport {
        try PlanRunner(context: context).run(job, mode: mode)
    }

    /// Makes, runs and renders a job; exits 3 on `--check` drift.
    func run(_ job: PlanJob, extra: [String: JSONValue] = [:]) throws {
        try finish(report(job), extra: extra)
    }

    /// Runs and renders a plan that needs no lock.
    func run(_ plan: Plan, extra: [String: JSONValue] = [:]) throws {
        try run(PlanJob(plan), extra: extra)
    }

    // MARK: batch jobs

    /// Runs a batch job (`pods fetch`) in the mode asked, with the run's cancellation, without rendering it.
    func report<Job: BatchJob>(_ job: Job, progress: (@Sendable (Job.Progress) -> Void)? = nil) throws -> Job.Report {
        try job.run(mode: mode, cancellation: context.cancellation, progress: progress)
    }

    /// Renders a batch job's report through its renderer and exits with the status the report decided (3 on
    /// `--check` drift).
    func finish<Renderer: ResultRenderer>(
        _ report: some BatchReport, showing result: Renderer.Result, with renderer: Renderer.Type
    ) throws {
        try show(result, with: renderer, ok: report.exitStatus == .success, failure: report.exitStatus)
    }

    /// Renders a plan report (one JSON document, or one line per change) and exits 3 on `--check`
    /// drift. `applyText`, when given, replaces the plan's lines in a plain-text apply (commands that
    /// speak in CocoaPods' own words, like `deintegrate`).
    func finish(_ report: PlanReport, extra: [String: JSONValue] = [:], applyText: (() -> Void)? = nil) throws {
        if let applyText, !options.json, report.mode == .apply {
            applyText()
            return
        }
        try Render.finish(report, runner: self, extra: extra)
    }
}
