import ArgumentParser
import Foundation
import PodMirrorCocoaPods
import PodMirrorFoundation
import PodMirrorKit
import PodMirrorTransport

struct RepoCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "repo",
            abstract: Message("help.repo.abstract").abstractText,
            subcommands: [
                RepoListCommand.self, RepoAddCommand.self, RepoRemoveCommand.self, RepoUpdateCommand.self,
                RepoUseCommand.self, RepoResetCommand.self, RepoRepairCommand.self, RepoExportCommand.self,
                RepoImportCommand.self, RepoVerifyCommand.self,
            ]
        )
    }
}

/// Options shared by the repo commands that reach a server or change the repos dir.
struct RepoNetworkOptions: ParsableArguments {
    @Option(name: .long, help: Message("help.repo.network.option.timeout").help)
    var timeout: Double?

    @Option(name: .long, help: Message("help.repo.network.option.lock-timeout").help)
    var lockTimeout: Double?

    /// What every repo planner of this run shares, on the run's one `NetworkSettings`.
    func planners(_ runner: CommandRunner) throws -> RepoPlannerContext {
        let network = try runner.network(timeout: timeout, lockTimeout: lockTimeout)
        return RepoPlannerContext(repos: ReposDirectory(environment: runner.environment), network: network)
    }
}

extension CommandRunner {
    /// Runs a repo job under `Spec_Lock` and renders it, lifting the single change's details
    /// (method, heads) to the top.
    /// `adjust` adds what the command says besides the changes (e.g. `repo use`'s Podfile warnings).
    func runRepoPlan(
        _ shared: RepoPlannerContext, adjust: (PlanReport) -> PlanReport = { $0 },
        _ makePlan: @escaping (ApplyContext) throws -> Plan
    ) throws {
        let report = adjust(RepoUsePlanner.reportingMovedBack(try report(shared.job(purpose: command, makePlan))))
        var extra: [String: JSONValue] = ["reposDir": .string(shared.repos.path)]
        extra.merge(Render.liftedDetails(Render.single(report), ["method", "oldHead", "newHead", "name", "url"])) { $1 }
        try finish(report, extra: extra)
    }
}

struct RepoListCommand: PodmirrorCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "list", abstract: Message("help.repo.list.abstract").abstractText)
    }
    static let commandName = "repo list"
    static let makesChanges = false
    @OptionGroup var global: GlobalOptions

    func run(_ runner: CommandRunner) throws {
        let dir = ReposDirectory(environment: runner.environment)
        let repos = SpecRepo.all(in: dir)
        try runner.show(.init(reposDir: dir.path, repos: repos), with: SpecReposRenderer.self)
    }
}

struct RepoAddCommand: PodmirrorCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "add", abstract: Message("help.repo.add.abstract").abstractText)
    }
    static let commandName = "repo add"
    @OptionGroup var global: GlobalOptions
    @OptionGroup var network: RepoNetworkOptions
    @Argument(help: Message("help.repo.add.argument.name").help) var name: String
    @Argument(help: Message("help.repo.add.argument.url").help) var url: String
    @Option(name: .long, help: Message("help.repo.add.option.branch").help) var branch: String?
    @Option(name: .long, help: Message("help.repo.add.option.depth").help) var depth: Int?

    func run(_ runner: CommandRunner) throws {
        try RepoAddPlanner.checkNewName(name)
        let resolved = try runner.catalog().resolveGitSpecs(url).url
        let shared = try network.planners(runner)
        try runner.runRepoPlan(shared) { _ in
            try RepoAddPlanner(shared).plan(name: name, url: resolved, branch: branch, depth: depth)
        }
    }
}

struct RepoRemoveCommand: PodmirrorCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "remove", abstract: Message("help.repo.remove.abstract").abstractText)
    }
    static let commandName = "repo remove"
    @OptionGroup var global: GlobalOptions
    @OptionGroup var network: RepoNetworkOptions
    @Argument(help: Message("help.repo.remove.argument.name").help, completion: Completions.repoNames) var name: String

    func run(_ runner: CommandRunner) throws {
        let shared = try network.planners(runner)
        try runner.runRepoPlan(shared) { _ in try RepoRemovePlanner(shared).plan(name: name) }
    }
}

struct RepoUpdateCommand: PodmirrorCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "update", abstract: Message("help.repo.update.abstract").abstractText)
    }
    static let commandName = "repo update"
    @OptionGroup var global: GlobalOptions
    @OptionGroup var network: RepoNetworkOptions
    @Argument(help: Message("help.repo.update.argument.names").help, completion: Completions.repoNames)
    var names: [String] = []

    func run(_ runner: CommandRunner) throws {
        let shared = try network.planners(runner)
        try runner.runRepoPlan(shared) { context in try RepoUpdatePlanner(shared).plan(names: names, context: context) }
    }
}

struct RepoUseCommand: PodmirrorCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "use",
            abstract:
                Message("help.repo.use.abstract").abstractText
        )
    }
    static let commandName = "repo use"
    @OptionGroup var global: GlobalOptions
    @OptionGroup var network: RepoNetworkOptions
    @Argument(help: Message("help.repo.use.argument.mirror").help, completion: Completions.specsMirrors)
    var mirror: String
    @Option(name: .long, help: Message("help.repo.use.option.name").help) var name: String?
    @Option(name: .long, help: Message("help.repo.use.option.depth").help) var depth: Int?
    @Flag(name: .long, help: Message("help.repo.use.flag.allow-older").help) var allowOlder = false
    @Option(name: .customLong("podfile"), help: Message("help.repo.use.option.podfiles").help, completion: .file())
    var podfiles: [String] = []

    func run(_ runner: CommandRunner) throws {
        let resolved = try runner.catalog().resolveGitSpecs(mirror)
        let shared = try network.planners(runner)
        let env = runner.environment
        var files = podfiles.map(env.expandPath)
        if files.isEmpty, env.fileSystem.fileExists(env.currentDirectory + "/Podfile") {
            files = [env.currentDirectory + "/Podfile"]
        }
        let adjust: (PlanReport) -> PlanReport = { [mirror] report in
            RepoUsePlanner.reportingSwitch(report, podfiles: files, source: mirror, fileSystem: env.fileSystem)
        }
        try runner.runRepoPlan(shared, adjust: adjust) { _ in
            try RepoUsePlanner(shared).plan(url: resolved.url, name: name, depth: depth, allowOlder: allowOlder)
        }
    }
}

struct RepoResetCommand: PodmirrorCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "reset", abstract: Message("help.repo.reset.abstract").abstractText)
    }
    static let commandName = "repo reset"
    @OptionGroup var global: GlobalOptions
    @OptionGroup var network: RepoNetworkOptions
    @Option(name: .long, help: Message("help.repo.reset.option.name").help) var name: String?

    func run(_ runner: CommandRunner) throws {
        let shared = try network.planners(runner)
        try runner.runRepoPlan(shared) { _ in try RepoResetPlanner(shared).plan(name: name) }
    }
}

struct RepoRepairCommand: PodmirrorCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "repair",
            abstract:
                Message("help.repo.repair.abstract").abstractText
        )
    }
    static let commandName = "repo repair"
    @OptionGroup var global: GlobalOptions
    @OptionGroup var network: RepoNetworkOptions
    @Argument(help: Message("help.repo.repair.argument.name").help, completion: Completions.repoNames) var name: String

    func run(_ runner: CommandRunner) throws {
        let shared = try network.planners(runner)
        try runner.runRepoPlan(shared) { _ in try RepoRepairPlanner(shared).plan(name: name) }
    }
}
