import ArgumentParser
import Foundation
import PodMirrorKit

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
        let network = try NetworkSettings.resolve(
            timeout: timeout, lockTimeout: lockTimeout, environment: env.variables)
        var request = PodsFetchRequest(
            lockfilePath: path, only: only, jobs: jobs, cocoapodsVersion: cocoapodsVersion,
            stallTimeout: network.stallTimeout, lockTimeout: network.lockTimeout,
            environment: env, mirrors: try SourceMirrorRules.load(environment: env, catalog: try runner.catalog()),
            archiveLimits: try ArchiveLimits.resolve(environment: env.variables))
        request.minimumRate = network.minimumRate
        return request
    }
}

/// Rendering shared by the pods commands.
enum PodsRender {
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

    static func line(_ r: PodFetchResult) -> String {
        let c = Console.shared
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

    func run() throws {
        let runner = runner()
        let fetcher = PodsFetcher(request: try pods.request(jobs: jobs, runner: runner))
        let console = Console.shared
        let started = Date()
        let showLines = !global.json
        let report = try fetcher.run(mode: global.mode, cancellation: runner.context.cancellation) { p in
            if let done = p.finished, showLines { console.err(PodsRender.line(done)) }
            let elapsed = max(0.001, Date().timeIntervalSince(started))
            let rate = ByteCountFormatter.string(fromByteCount: Int64(Double(p.bytes) / elapsed), countStyle: .file)
            console.progress(
                Message(
                    "pods.fetch.progress",
                    [
                        "done": String(p.done), "total": String(p.total),
                        "bytes": ByteCountFormatter.string(fromByteCount: p.bytes, countStyle: .file), "rate": rate,
                    ]
                ).localized)
        }
        console.endProgress()
        try runner.show(
            ok: report.exitStatus == .success, failure: report.exitStatus, json: { try report.jsonFields() },
            text: {
                let env = runner.environment
                let state = WarningMemory.state(
                    arguments: RepeatedWarnings.arguments, currentDirectory: env.currentDirectory,
                    facts: report.pods.map { "\($0.name) \($0.version) \($0.status)" },
                    files: report.warnings.compactMap(\.file), fileSystem: env.fileSystem)
                RepeatedWarnings.show(
                    report.warnings, state: state, changed: report.changed, verbose: global.verbose, environment: env)
                if global.mode != .apply {
                    for r in report.pods { console.out(PodsRender.line(r)) }
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

    func run() throws {
        let runner = runner()
        let report = try PodsFetcher(request: try pods.request(jobs: 1, runner: runner))
            .run(mode: .check, cancellation: runner.context.cancellation)
        try runner.show(
            ok: report.failed.isEmpty, json: { try report.jsonFields() },
            text: {
                let c = Console.shared
                for w in report.warnings { c.err(Render.diagnosticLine(w)) }
                for r in report.pods {
                    c.out(PodsRender.line(r))
                    if let path = r.cachePath, r.status == .cached { c.out("          \(path)") }
                }
                c.out(PodsRender.summary(report))
            })
    }
}
