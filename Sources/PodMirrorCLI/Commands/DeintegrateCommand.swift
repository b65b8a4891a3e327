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
        try runner.finish(report, extra: global.json ? Self.jsonFields(planned) : [:]) {
            RepeatedWarnings.show(report, runner: runner)
            Self.printLines(planned, runner: runner)
            for change in report.changes where change.kind == .leftoverRemove && change.applied {
                runner.console.out(change.localizedSummary ?? change.summary)
            }
        }
    }

    /// What `--json` adds to the plan report: the project, per-target removals, every removed object.
    static func jsonFields(_ planned: DeintegratePlan) -> [String: JSONValue] {
        let d = planned.deintegration
        return [
            "project": .string(planned.location.xcodeproj),
            "installationRoot": .string(planned.location.installationRoot),
            "integrated": .bool(d.foundIntegration),
            "targets": (try? JSONValue.encoding(d.targets)) ?? .array([]),
            "projectFileReferences": .array(d.projectFileReferences.map { .string($0) }),
            "emptyGroups": (try? JSONValue.encoding(d.emptyGroups)) ?? .array([]),
            "removedObjects": (try? JSONValue.encoding(d.removed)) ?? .array([]),
            "pods": [
                "path": .string(planned.location.podsDirectory), "existed": .bool(planned.podsExists),
                "removed": .bool(planned.removesPods),
            ],
            "messages": .array(planned.messages().map { .string($0) }),
        ]
    }

    /// CocoaPods' lines on stdout.
    static func printLines(_ planned: DeintegratePlan, runner: CommandRunner) {
        let c = runner.console
        for line in planned.messages(verbose: runner.options.verbose) {
            c.out(line.hasPrefix("Project has been deintegrated") ? c.paint(line, .green) : line)
        }
    }

    /// The warnings of a deintegration planned but not yet run (`reinstall` shows them first), with the
    /// state it found; it changes something when the project edit or the `Pods/` removal is needed.
    static func warningGroup(_ planned: DeintegratePlan, runner: CommandRunner) -> RepeatedWarnings.Group {
        let env = runner.environment
        let own = planned.plan.changes.filter { $0.kind == .xcodeprojDeintegrate || $0.kind == .podsDirectoryRemove }
        let state = WarningMemory.state(
            arguments: runner.arguments, currentDirectory: env.currentDirectory,
            facts: ["deintegrate"] + own.map { "\($0.id)\u{0}\($0.summary)\u{0}\($0.isNeeded)" },
            files: [planned.location.pbxproj] + planned.plan.warnings.compactMap(\.file), fileSystem: env.fileSystem)
        return RepeatedWarnings.Group(
            warnings: planned.plan.warnings, state: state, changed: own.contains(where: \.isNeeded))
    }
}
