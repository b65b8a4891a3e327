import ArgumentParser
import Foundation
import PodMirrorCocoaPods
import PodMirrorFoundation
import PodMirrorKit

struct RepoImportCommand: PodmirrorCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "import",
            abstract: Message("help.repo.import.abstract").abstractText)
    }
    static let commandName = "repo import"
    @OptionGroup var global: GlobalOptions
    @OptionGroup var network: RepoNetworkOptions
    @Argument(help: Message("help.repo.import.argument.bundle").help, completion: .file()) var bundle: String
    @Option(name: .long, help: Message("help.repo.import.option.name").help) var name: String?
    @Option(
        name: .long, help: Message("help.repo.import.option.origin").help)
    var origin: String?
    @Option(name: .long, help: Message("help.repo.import.option.expect").help) var expect: String?
    @Flag(name: .long, help: Message("help.repo.import.flag.fallback-clone").help) var fallbackClone = false

    func run(_ runner: CommandRunner) throws {
        let env = runner.environment
        let originURL =
            try origin.map { try runner.catalog().resolve($0, gems: false).url } ?? SpecRepoNaming.officialGitURL
        let lower = bundle.lowercased()
        let source =
            lower.hasPrefix("file://") || lower.hasPrefix("http://") || lower.hasPrefix("https://")
            ? bundle : env.expandPath(bundle)
        let request = SpecBundleImportRequest(
            source: source, name: name, origin: originURL, expect: expect,
            fallbackClone: fallbackClone)
        let shared = try network.planners(runner)
        let report = RepoImportPlanner.reportingFallback(
            try runner.report(
                shared.job(purpose: Self.commandName) { _ in try RepoImportPlanner(shared).plan(request) }),
            origin: originURL)
        var extra: [String: JSONValue] = ["reposDir": .string(shared.repos.path)]
        extra.merge(
            Render.liftedDetails(
                Render.single(report), ["method", "oldHead", "newHead", "name", "url", "tip", "branch", "bundleError"])
        ) { $1 }
        try runner.finish(report, extra: extra)
    }
}
