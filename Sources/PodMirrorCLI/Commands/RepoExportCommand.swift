import ArgumentParser
import Foundation
import PodMirrorCocoaPods
import PodMirrorFoundation
import PodMirrorKit

struct RepoExportCommand: PodmirrorCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "export",
            abstract: Message("help.repo.export.abstract").abstractText)
    }
    static let commandName = "repo export"
    @OptionGroup var global: GlobalOptions
    @Argument(help: Message("help.repo.export.argument.name").help, completion: Completions.repoNames) var name: String
    @Argument(help: Message("help.repo.export.argument.file").help, completion: .file()) var file: String

    func run(_ runner: CommandRunner) throws {
        let env = runner.environment
        let planner = RepoExportPlanner(RepoPlannerContext(repos: ReposDirectory(environment: env)))
        let report = try runner.report(PlanJob(try planner.plan(name: name, to: env.expandPath(file))))
        guard let change = report.changes.first else { return try runner.finish(report) }
        let extra = Render.liftedDetails(
            change, ["name", "file", "branch", "tip", "bytes", "objects", "packReused", "seconds"])
        // An applied export says what it wrote, with its size and time.
        guard change.applied, let done = change.facts(SpecBundleExport.self) else {
            return try runner.finish(report, extra: extra)
        }
        try runner.finish(report, extra: extra) {
            runner.console.out(
                Message(
                    "bundle.export.done",
                    [
                        "name": name, "branch": done.branch, "file": done.file, "tip": String(done.tip.prefix(12)),
                        "bytes": ByteSize.text(Int64(done.bytes)),
                        "seconds": String(format: "%.1f", done.seconds),
                    ]
                ).localized)
        }
    }
}
