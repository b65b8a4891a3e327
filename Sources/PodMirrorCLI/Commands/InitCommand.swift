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
    @Argument(help: Message("help.init.argument.path").help, completion: .directory)
    var path: String?

    func run(_ runner: CommandRunner) throws {
        let choice = try platform.map { try PlatformChoice(parsing: $0) }
        let (plan, extra) = try PodfileInit.plan(
            path: path, platform: choice, template: template, environment: runner.environment)
        try runner.run(plan, extra: extra)
    }
}
