import ArgumentParser
import Foundation
import PodMirrorCocoaPods
import PodMirrorFoundation
import PodMirrorTransport

struct SwiftPMCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "swiftpm", abstract: Message("help.swiftpm.abstract").abstractText,
            subcommands: [SwiftPMUseCommand.self, SwiftPMShowCommand.self])
    }
}

struct SwiftPMUseCommand: PodmirrorCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "use", abstract: Message("help.swiftpm.use.abstract").abstractText,
            discussion: Message("help.swiftpm.use.discussion").discussionText)
    }
    static let commandName = "swiftpm use"
    @OptionGroup var global: GlobalOptions
    @Argument(help: Message("help.swiftpm.argument.path").help, completion: .directory)
    var path: String?
    @Option(name: .customLong("source-mirror"), help: Message("help.swiftpm.use.option.source-mirror").help)
    var sourceMirrors: [String] = []
    @Flag(help: Message("help.swiftpm.use.flag.user").help)
    var user = false

    func run(_ runner: CommandRunner) throws {
        let rules = try SwiftPMCommand.rules(sourceMirrors, runner: runner)
        let project = try SwiftPMProject.locate(path, environment: runner.environment)
        let plan = try SwiftPMMirrorPlanner(environment: runner.environment, rules: rules).plan(project, user: user)
        try runner.run(plan, extra: ["project": .string(project.path)])
    }
}

struct SwiftPMShowCommand: PodmirrorCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "show", abstract: Message("help.swiftpm.show.abstract").abstractText)
    }
    static let commandName = "swiftpm show"
    @OptionGroup var global: GlobalOptions
    @Argument(help: Message("help.swiftpm.argument.path").help, completion: .directory)
    var path: String?

    func run(_ runner: CommandRunner) throws {
        let project = try SwiftPMProject.locate(path, environment: runner.environment)
        let survey = try SwiftPMSurvey.survey(
            project, rules: try SwiftPMCommand.rules([], runner: runner), environment: runner.environment)
        try runner.show(survey, with: SwiftPMSurveyRenderer.self)
    }
}

extension SwiftPMCommand {
    /// The `--source-mirror` pairs given, else the insteadOf rules of the files git reads (the run's one read).
    static func rules(_ pairs: [String], runner: CommandRunner) throws -> SourceMirrorRules {
        if !pairs.isEmpty { return SourceMirrorRules(rules: try pairs.map(SourceMirrorConfig.parsePair)) }
        return try runner.network().urlRewrite
    }
}
