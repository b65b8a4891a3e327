import ArgumentParser
import Foundation
import PodMirrorKit

struct RepoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "repo",
        abstract: "Spec repos in the CocoaPods repos dir, through libgit2.",
        subcommands: [
            RepoListCommand.self, RepoAddCommand.self, RepoRemoveCommand.self, RepoUpdateCommand.self,
            RepoUseCommand.self, RepoResetCommand.self, RepoRepairCommand.self, RepoExportCommand.self,
            RepoImportCommand.self, RepoVerifyCommand.self,
        ]
    )
}

/// Options shared by the repo commands that reach a server or change the repos dir.
struct RepoNetworkOptions: ParsableArguments {
    @Option(name: .long, help: "Seconds without data from the server before giving up (default 120).")
    var timeout: Double?

    @Option(name: .long, help: "Seconds to wait for CocoaPods' Spec_Lock (default 60).")
    var lockTimeout: Double?

    func service(_ env: RuntimeEnvironment) throws -> SpecRepoService {
        let network = try NetworkSettings.resolve(
            timeout: timeout, lockTimeout: lockTimeout, environment: env.variables)
        return SpecRepoService(repos: ReposDirectory(environment: env), network: network)
    }
}

extension CommandRunner {
    /// Runs a repo job under `Spec_Lock` and renders it, lifting the single change's details
    /// (method, heads) to the top.
    func runRepoPlan(_ service: SpecRepoService, _ makePlan: @escaping (ApplyContext) throws -> Plan) throws {
        let report = try report(service.job(purpose: command, makePlan))
        var extra: [String: JSONValue] = ["reposDir": .string(service.repos.path)]
        if report.changes.count == 1, case .object(let d) = report.changes[0].details {
            for k in ["method", "oldHead", "newHead", "name", "url"] where d[k] != nil { extra[k] = d[k] }
        }
        try finish(report, extra: extra)
    }
}

struct RepoListCommand: PodmirrorCommand {
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: "List the spec repos (like `pod repo list`).")
    static let commandName = "repo list"
    @OptionGroup var global: GlobalOptions

    func run() throws {
        let runner = runner()
        let dir = ReposDirectory(environment: runner.environment)
        let repos = SpecRepo.all(in: dir)
        try runner.show(
            json: { ["reposDir": .string(dir.path), "repos": .array(repos.map(\.json))] },
            text: { Self.renderText(repos) })
    }

    static func renderText(_ repos: [SpecRepo]) {
        let c = Console.shared
        for r in repos {
            c.out("")
            c.out(c.paint(r.name, .yellow))
            switch r.kind {
            case .git: c.out("- Type: git (\(r.branch ?? "detached"))")
            case .cdn: c.out("- Type: CDN")
            case .dir: c.out("- Type: file system")
            }
            c.out("- URL:  \(r.displayURL ?? "")")
            if let head = r.head { c.out("- HEAD: \(head)") }
            c.out("- Path: \(r.path)")
        }
        c.out("")
        c.out(c.paint(repos.count == 1 ? "1 repo" : "\(repos.count) repos", .green))
    }
}

struct RepoAddCommand: PodmirrorCommand {
    static let configuration = CommandConfiguration(
        commandName: "add", abstract: "Clone a spec repo into the repos dir (atomic: built aside, renamed into place).")
    static let commandName = "repo add"
    @OptionGroup var global: GlobalOptions
    @OptionGroup var network: RepoNetworkOptions
    @Argument(help: "The repo's folder name.") var name: String
    @Argument(help: "The git URL, or a Specs mirror name from `podmirror mirror list`.") var url: String
    @Option(name: .long, help: "Branch to check out (default: the server's default branch).") var branch: String?
    @Option(name: .long, help: "Shallow clone depth (needs libgit2 1.7 or newer).") var depth: Int?

    func run() throws {
        let runner = runner()
        let resolved = try runner.catalog().resolve(url, gems: false).url
        let service = try network.service(runner.environment)
        try runner.runRepoPlan(service) { _ in
            try service.addPlan(name: name, url: resolved, branch: branch, depth: depth)
        }
    }
}

struct RepoRemoveCommand: PodmirrorCommand {
    static let configuration = CommandConfiguration(
        commandName: "remove", abstract: "Delete a spec repo from the repos dir.")
    static let commandName = "repo remove"
    @OptionGroup var global: GlobalOptions
    @OptionGroup var network: RepoNetworkOptions
    @Argument(help: "The repo's folder name.") var name: String

    func run() throws {
        let runner = runner()
        let service = try network.service(runner.environment)
        try runner.runRepoPlan(service) { _ in try service.removePlan(name: name) }
    }
}

struct RepoUpdateCommand: PodmirrorCommand {
    static let configuration = CommandConfiguration(
        commandName: "update", abstract: "Fetch and reset git spec repos to origin/<branch> (like `pod repo update`).")
    static let commandName = "repo update"
    @OptionGroup var global: GlobalOptions
    @OptionGroup var network: RepoNetworkOptions
    @Argument(help: "Repos to update (default: all).") var names: [String] = []

    func run() throws {
        let runner = runner()
        let service = try network.service(runner.environment)
        try runner.runRepoPlan(service) { context in try service.updatePlan(names: names, context: context) }
    }
}

struct RepoUseCommand: PodmirrorCommand {
    static let configuration = CommandConfiguration(
        commandName: "use",
        abstract:
            "Make the Specs repo come from a mirror: re-point and fetch the delta when history is shared, else clone "
            + "and swap."
    )
    static let commandName = "repo use"
    @OptionGroup var global: GlobalOptions
    @OptionGroup var network: RepoNetworkOptions
    @Argument(help: "A Specs mirror name (`podmirror mirror list`) or a git URL.") var mirror: String
    @Option(name: .long, help: "Folder name (default: CocoaPods' own name for the URL).") var name: String?
    @Option(name: .long, help: "Shallow clone depth for a fresh clone (needs libgit2 1.7 or newer).") var depth: Int?

    func run() throws {
        let runner = runner()
        let resolved = try runner.catalog().resolve(mirror, gems: false)
        if resolved.kind == .specsCDN {
            throw PodMirrorFailure(
                Message("repo.error.use-cdn", ["mirror": mirror]), remedy: Message("repo.error.use-cdn.remedy"),
                code: .repoCDNURL)
        }
        let service = try network.service(runner.environment)
        try runner.runRepoPlan(service) { _ in try service.usePlan(url: resolved.url, name: name, depth: depth) }
    }
}

struct RepoResetCommand: PodmirrorCommand {
    static let configuration = CommandConfiguration(
        commandName: "reset", abstract: "Point the Specs repo back at the official GitHub Specs repo.")
    static let commandName = "repo reset"
    @OptionGroup var global: GlobalOptions
    @OptionGroup var network: RepoNetworkOptions
    @Option(name: .long, help: "Folder name (default: `cocoapods`, CocoaPods' own name).") var name: String?

    func run() throws {
        let runner = runner()
        let service = try network.service(runner.environment)
        try runner.runRepoPlan(service) { _ in try service.resetPlan(name: name) }
    }
}

struct RepoRepairCommand: PodmirrorCommand {
    static let configuration = CommandConfiguration(
        commandName: "repair",
        abstract:
            "Reset a spec repo to origin/<branch> on its branch, discarding local changes (no network; --dry-run "
            + "shows the diff)."
    )
    static let commandName = "repo repair"
    @OptionGroup var global: GlobalOptions
    @OptionGroup var network: RepoNetworkOptions
    @Argument(help: "The repo's folder name.") var name: String

    func run() throws {
        let runner = runner()
        let service = try network.service(runner.environment)
        try runner.runRepoPlan(service) { _ in try service.repairPlan(name: name) }
    }
}
