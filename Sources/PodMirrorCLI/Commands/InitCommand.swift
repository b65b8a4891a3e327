import ArgumentParser
import Foundation
import PodMirrorCocoaPods
import PodMirrorFoundation
import PodMirrorKit

struct InitCommand: PodmirrorCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "init",
            abstract: Message("help.init.abstract").abstractText,
            discussion:
                Message("help.init.discussion").discussionText
        )
    }
    static let commandName = "init"
    @OptionGroup var global: GlobalOptions
    @Option(
        name: .long,
        help: Message("help.init.option.template").help)
    var template = "default"
    @Option(
        name: .long, help: Message("help.init.option.platform").help)
    var platform: String?
    @Option(help: Message("help.init.option.mirror").help, completion: Completions.specsMirrors)
    var mirror: String?
    @Option(name: .customLong("source"), help: Message("help.init.option.source").help)
    var sources: [String] = []
    @Argument(help: Message("help.init.argument.path").help, completion: .directory)
    var path: String?

    func run(_ runner: CommandRunner) throws {
        let choice = try platform.map { try PlatformChoice(parsing: $0) }
        // As `podfile source use MIRROR` then `podfile source add SOURCE` would edit the new Podfile.
        let edits = (mirror.map { [PodfileEdit.useSource($0)] } ?? []) + sources.map { .addSource($0, first: false) }
        let (plan, created) = try PodfileInit.plan(
            path: path, platform: choice, template: template, environment: runner.environment, sources: edits,
            catalog: edits.isEmpty ? nil : try runner.catalog())
        try runner.run(plan, extra: try JSONValue.fields(of: created))
    }
}
