import ArgumentParser
import Foundation
import PodMirrorCocoaPods
import PodMirrorFoundation
import PodMirrorKit

struct InitCommand: PodmirrorCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: Message("help.init.abstract").abstractText,
        discussion:
            Message("help.init.discussion").discussionText
    )
    static let commandName = "init"
    @OptionGroup var global: GlobalOptions
    @Option(
        name: .long,
        help: Message("help.init.option.template").help)
    var template = "default"
    @Option(
        name: .long, help: Message("help.init.option.platform").help)
    var platform: String?
    @Argument(help: Message("help.init.argument.path").help)
    var path: String?

    func run(_ runner: CommandRunner) throws {
        let env = runner.environment
        let choice = try platform.map { try PlatformChoice(parsing: $0) }
        let location = try XcodeProjectLocator.locate(path, command: "init", environment: env)
        let namesProject = path.map { $0.hasSuffix(".xcodeproj") || $0.hasSuffix(".xcodeproj/") } ?? false
        let directory = namesProject || path == nil ? env.currentDirectory : location.projectDirectory
        let (plan, extra) = try PodfileInit.plan(
            project: location, podfileDirectory: directory,
            projectLine: namesProject ? path : nil, platform: choice,
            template: template, fileSystem: env.fileSystem)
        try runner.run(plan, extra: extra)
    }
}
