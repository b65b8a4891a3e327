import ArgumentParser
import Foundation
import PodMirrorCocoaPods
import PodMirrorFoundation
import PodMirrorKit
import PodMirrorTransport

struct PodsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pods",
        abstract: Message("help.pods.abstract").abstractText,
        subcommands: [PodsFetchCommand.self, PodsListCommand.self]
    )
}

/// Options shared by `pods fetch` and `pods list`.
struct PodsOptions: ParsableArguments {
    @Option(name: .long, help: Message("help.pods.options.option.project").help)
    var project: String?

    @Option(name: .long, help: Message("help.pods.options.option.lockfile").help)
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
            path = env.expandPath(project ?? ".") + "/Podfile.lock"
        }
        return PodsFetchRequest(
            lockfilePath: path, only: only, jobs: jobs, cocoapodsVersion: cocoapodsVersion,
            network: try runner.network(timeout: timeout, lockTimeout: lockTimeout), environment: env,
            archiveLimits: try ArchiveLimits.resolve(environment: env.variables))
    }
}

/// Rendering shared by the pods commands.
enum PodsRender {
    /// `pods 3/10  1.2 MB, 400 KB/s, about 20 s left`: the rate from the bytes so far, the time left from the pods
    /// done and still to do (the sizes of the pods not fetched yet are unknown).
    static func progressLine(done: Int, total: Int, bytes: Int64, elapsed: TimeInterval) -> String {
        let counts = Message(
            "pods.fetch.progress",
            [
                "done": String(done), "total": String(total),
                "bytes": ByteCountFormatter.string(fromByteCount: bytes, countStyle: .file),
            ]
        ).localized
        let event = ProgressEvent(phase: counts, completed: done, total: total, bytes: Int(bytes))
        return counts + ConsoleProgress.rateAndTimeLeft(event, elapsed: elapsed)
    }

    static func statusWord(_ s: PodFetchResult.Status) -> String {
        let key =
            switch s {
            case .fetched: "pods.status.fetched"
            case .cached: "pods.status.cached"
            case .skipped: "pods.status.skipped"
            case .failed: "pods.status.failed"
            case .missing: "pods.status.missing"
            }
        return Message(key).localized
    }

    static func line(_ r: PodFetchResult, console c: Console) -> String {
        let style: Console.Style =
            switch r.status {
            case .fetched: .green
            case .cached: .dim
            case .skipped, .missing: .yellow
            case .failed: .red
            }
        var text =
            c.paint(statusWord(r.status).padding(toLength: 8, withPad: " ", startingAt: 0), style)
            + "  \(r.name) \(r.version)"
        if r.status == .fetched {
            text +=
                "  (\(ByteCountFormatter.string(fromByteCount: r.bytes, countStyle: .file)), "
                + String(format: "%.1f s)", r.seconds)
        }
        if let repo = r.specRepo, r.status != .failed {
            text += "  " + Message("pods.line.spec-repo", ["repo": repo]).localized
        }
        if let detail = r.localizedDetail { text += ": " + Redaction.redactText(detail) }
        return text
    }

    static func summary(_ report: PodsFetchReport) -> String {
        func n(_ s: PodFetchResult.Status) -> String { String(report.pods.filter { $0.status == s }.count) }
        return Message(
            "pods.fetch.summary",
            [
                "fetched": n(.fetched), "cached": n(.cached), "skipped": n(.skipped),
                "failed": n(.failed), "missing": n(.missing),
            ]
        ).localized
    }
}

struct PodsFetchCommand: PodmirrorCommand {
    static let configuration = CommandConfiguration(
        commandName: "fetch",
        abstract:
            Message("help.pods.fetch.abstract").abstractText,
        discussion:
            Message("help.pods.fetch.discussion").discussionText
    )
    static let commandName = "pods fetch"
    @OptionGroup var global: GlobalOptions
    @OptionGroup var pods: PodsOptions
    @Option(name: .long, help: Message("help.pods.fetch.option.jobs").help)
    var jobs: Int = 8

    func validate() throws {
        if jobs < 1 { throw ValidationError(Message("pods.cli.jobs", ["value": String(jobs)]).localized) }
    }

    func run(_ runner: CommandRunner) throws {
        let fetcher = PodsFetcher(request: try pods.request(jobs: jobs, runner: runner))
        let console = runner.console
        let started = Date()
        let showLines = !global.json
        let report = try fetcher.run(mode: global.mode, cancellation: runner.context.cancellation) { p in
            if let done = p.finished, showLines { console.err(PodsRender.line(done, console: console)) }
            let line = PodsRender.progressLine(
                done: p.done, total: p.total, bytes: p.bytes, elapsed: Date().timeIntervalSince(started))
            if console.drawsProgress { console.progress(line) } else { console.plainProgress(line) }
        }
        console.endProgress()
        try runner.show(
            ok: report.exitStatus == .success, failure: report.exitStatus, json: { try report.jsonFields() },
            text: {
                let env = runner.environment
                let state = WarningMemory.state(
                    arguments: runner.arguments, currentDirectory: env.currentDirectory,
                    facts: report.pods.map { "\($0.name) \($0.version) \($0.status)" },
                    files: report.warnings.compactMap(\.file), fileSystem: env.fileSystem)
                RepeatedWarnings.show(
                    report.warnings, state: state, changed: report.changed, runner: runner)
                if global.mode != .apply {
                    for r in report.pods { console.out(PodsRender.line(r, console: runner.console)) }
                }
                console.out(PodsRender.summary(report))
            })
    }
}

struct PodsListCommand: PodmirrorCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: Message("help.pods.list.abstract").abstractText,
        discussion: Message("help.pods.list.discussion").discussionText)
    static let commandName = "pods list"
    @OptionGroup var global: GlobalOptions
    @OptionGroup var pods: PodsOptions

    func run(_ runner: CommandRunner) throws {
        let report = try PodsFetcher(request: try pods.request(jobs: 1, runner: runner))
            .run(mode: .check, cancellation: runner.context.cancellation)
        try runner.show(
            ok: report.failed.isEmpty, json: { try report.jsonFields() },
            text: {
                let c = runner.console
                for w in report.warnings { c.err(Render.diagnosticLine(w, console: runner.console)) }
                for r in report.pods {
                    c.out(PodsRender.line(r, console: runner.console))
                    if let path = r.cachePath, r.status == .cached { c.out("          \(path)") }
                }
                c.out(PodsRender.summary(report))
            })
    }
}
