import ArgumentParser
import Foundation
import PodMirrorCocoaPods
import PodMirrorFoundation
import PodMirrorKit
import PodMirrorTransport

struct GitconfigCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "gitconfig", abstract: Message("help.gitconfig.abstract").abstractText,
            subcommands: [GitconfigInsteadOfCommand.self])
    }
}

struct GitconfigInsteadOfCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "insteadof",
            abstract: Message("help.gitconfig.insteadof.abstract").abstractText,
            discussion: Message("help.gitconfig.insteadof.discussion").discussionText,
            subcommands: [
                GitconfigInsteadOfListCommand.self, GitconfigInsteadOfUseCommand.self,
                GitconfigInsteadOfAddCommand.self, GitconfigInsteadOfRemoveCommand.self,
                GitconfigInsteadOfResetCommand.self,
            ])
    }
}

struct GitconfigInsteadOfListCommand: PodmirrorCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "list", abstract: Message("help.gitconfig.insteadof.list.abstract").abstractText)
    }
    static let commandName = "gitconfig insteadof list"
    static let makesChanges = false
    @OptionGroup var global: GlobalOptions

    func run(_ runner: CommandRunner) throws {
        let catalog = try runner.catalog()
        let specs = InsteadOfRules(environment: runner.environment, catalog: catalog)
        let own = try specs.rules()
        // Pod-source rules: every other insteadOf rule (the Specs ones are listed above them); a broader rule that
        // also rewrites the Specs repo (`https://github.com/`) is in both lists.
        let sources = try SourceMirrorConfig(environment: runner.environment, catalog: catalog).rules()
            .filter { rule in !own.contains { $0.file == rule.file && $0.rule == rule.rule } }
        try runner.show(
            .init(specs: try specs.rulesRewritingSpecs(), sourceMirrors: sources), with: InsteadOfRulesRenderer.self)
    }
}

struct GitconfigInsteadOfUseCommand: PodmirrorCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "use", abstract: Message("help.gitconfig.insteadof.use.abstract").abstractText)
    }
    static let commandName = "gitconfig insteadof use"
    @OptionGroup var global: GlobalOptions
    @Argument(help: Message("help.gitconfig.insteadof.use.argument.mirror").help, completion: Completions.specsMirrors)
    var mirror: String

    func run(_ runner: CommandRunner) throws {
        let catalog = try runner.catalog()
        let chosen = try catalog.resolve(mirror, gems: false)
        let plan = try InsteadOfRules(environment: runner.environment, catalog: catalog).usePlan(chosen)
        try runner.run(plan, extra: ["mirror": .string(Redaction.redactURL(chosen.url))])
    }
}

struct GitconfigInsteadOfResetCommand: PodmirrorCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "reset", abstract: Message("help.gitconfig.insteadof.reset.abstract").abstractText)
    }
    static let commandName = "gitconfig insteadof reset"
    @OptionGroup var global: GlobalOptions

    func run(_ runner: CommandRunner) throws {
        try runner.run(InsteadOfRules(environment: runner.environment, catalog: runner.catalog()).resetPlan())
    }
}

struct GitconfigInsteadOfAddCommand: PodmirrorCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "add",
            abstract: Message("help.gitconfig.insteadof.add.abstract").abstractText,
            discussion: Message("help.gitconfig.insteadof.add.discussion").discussionText)
    }
    static let commandName = "gitconfig insteadof add"
    @OptionGroup var global: GlobalOptions
    @Argument(help: Message("help.gitconfig.insteadof.add.argument.prefix").help)
    var prefix: String
    @Argument(help: Message("help.gitconfig.insteadof.add.argument.mirror-prefix").help)
    var mirrorPrefix: String

    func run(_ runner: CommandRunner) throws {
        let pair = InsteadOfRule(base: mirrorPrefix, insteadOf: prefix)
        let plan = try SourceMirrorConfig(environment: runner.environment, catalog: runner.catalog()).addPlan([pair])
        try runner.run(
            plan,
            extra: [
                "prefix": .string(Redaction.redactURL(prefix)),
                "mirror": .string(Redaction.redactURL(mirrorPrefix)),
            ])
    }
}

struct GitconfigInsteadOfRemoveCommand: PodmirrorCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "remove", abstract: Message("help.gitconfig.insteadof.remove.abstract").abstractText)
    }
    static let commandName = "gitconfig insteadof remove"
    @OptionGroup var global: GlobalOptions
    @Argument(help: Message("help.gitconfig.insteadof.remove.argument.prefix").help)
    var prefix: String

    func run(_ runner: CommandRunner) throws {
        let config = SourceMirrorConfig(environment: runner.environment, catalog: try runner.catalog())
        let plan = try config.removePlan(prefix: prefix)
        try runner.run(plan, extra: ["prefix": .string(Redaction.redactURL(prefix))])
    }
}
