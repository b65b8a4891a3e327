import ArgumentParser
import Foundation
import PodMirrorCocoaPods
import PodMirrorFoundation
import PodMirrorKit

struct DeintegrateCommand: PodmirrorCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "deintegrate",
            abstract: Message("help.deintegrate.abstract").abstractText,
            discussion:
                Message("help.deintegrate.discussion").discussionText
        )
    }
    static let commandName = "deintegrate"
    @OptionGroup var global: GlobalOptions
    @Flag(name: .long, help: Message("help.deintegrate.flag.remove-pods").help)
    var removePods = false
    @Argument(help: Message("help.deintegrate.argument.path").help, completion: .directory)
    var path: String?

    func run(_ runner: CommandRunner) throws {
        let env = runner.environment
        let location = try XcodeProjectLocator.locate(path, command: "deintegrate", environment: env)
        let planned = try DeintegratePlanner.make(
            location, removePods: removePods, renderDiff: runner.showsDiffs,
            fileSystem: env.fileSystem)
        let report = try runner.report(PlanJob(planned.plan))
        try runner.finish(report, extra: global.json ? DeintegrateRender.jsonFields(planned) : [:]) {
            RepeatedWarnings.show(report, runner: runner)
            DeintegrateRender.printLines(planned, runner: runner)
            for change in report.changes where change.kind == .leftoverRemove && change.applied {
                runner.console.out(change.localizedSummary)
            }
        }
    }
}
