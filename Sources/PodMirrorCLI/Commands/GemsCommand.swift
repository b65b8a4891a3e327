import ArgumentParser
import Foundation
import PodMirrorCocoaPods
import PodMirrorFoundation
import PodMirrorKit

struct GemsCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "gems", abstract: Message("help.gems.abstract").abstractText,
            subcommands: [GemsSourceCommand.self])
    }
}

struct GemsSourceCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "source", abstract: Message("help.gems.source.abstract").abstractText,
            discussion:
                Message("help.gems.source.discussion").discussionText,
            subcommands: [GemsSourceListCommand.self, GemsSourceUseCommand.self, GemsSourceResetCommand.self])
    }
}

struct GemsSourceListCommand: PodmirrorCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "list", abstract: Message("help.gems.source.list.abstract").abstractText)
    }
    static let commandName = "gems source list"
    static let makesChanges = false
    @OptionGroup var global: GlobalOptions

    func run(_ runner: CommandRunner) throws {
        let listing = try GemSources(environment: runner.environment, catalog: runner.catalog()).list()
        try runner.show(listing, with: GemSourcesListingRenderer.self)
    }
}

struct GemsSourceUseCommand: PodmirrorCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "use",
            abstract:
                Message("help.gems.source.use.abstract").abstractText)
    }
    static let commandName = "gems source use"
    @OptionGroup var global: GlobalOptions
    @Argument(help: Message("help.gems.source.use.argument.mirror").help, completion: Completions.gemMirrors)
    var mirror: String
    @Flag(help: Message("help.gems.source.use.flag.bundler").help)
    var bundler = false

    func run(_ runner: CommandRunner) throws {
        let catalog = try runner.catalog()
        let chosen = try catalog.resolve(mirror, gems: true)
        let plan = try GemSources(environment: runner.environment, catalog: catalog).usePlan(chosen, bundler: bundler)
        try runner.run(plan, extra: ["mirror": .string(Redaction.redactURL(chosen.url))])
    }
}

struct GemsSourceResetCommand: PodmirrorCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "reset",
            abstract: Message("help.gems.source.reset.abstract").abstractText)
    }
    static let commandName = "gems source reset"
    @OptionGroup var global: GlobalOptions
    @Flag(help: Message("help.gems.source.reset.flag.bundler").help)
    var bundler = false

    func run(_ runner: CommandRunner) throws {
        try runner.run(
            GemSources(environment: runner.environment, catalog: runner.catalog()).resetPlan(bundler: bundler))
    }
}
