import Foundation
import PodMirrorCocoaPods
import PodMirrorFoundation

/// How a deintegration is shown, by `deintegrate` and by `reinstall` (which deintegrates first): CocoaPods' lines
/// on stdout and the fields `--json` adds to the plan report.
enum DeintegrateRender {
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
            "messages": .array(planned.messages().map { .string(english($0)) }),
        ]
    }

    /// A line as shown: CocoaPods' words as they are, podmirror's in the run's language.
    static func text(_ line: DeintegrateLine) -> String {
        switch line {
        case .cocoaPods(let words): words
        case .podmirror(let message): message.localized
        }
    }

    /// A line as JSON carries it: English, as every JSON value.
    static func english(_ line: DeintegrateLine) -> String {
        switch line {
        case .cocoaPods(let words): words
        case .podmirror(let message): message.english
        }
    }

    /// CocoaPods' lines on stdout.
    static func printLines(_ planned: DeintegratePlan, runner: CommandRunner) {
        let c = runner.console
        for line in planned.messages(verbose: runner.options.verbose).map(text) {
            c.out(line.hasPrefix("Project has been deintegrated") ? c.paint(line, .green) : line)
        }
    }
}
