import Foundation
import PodMirrorFoundation

/// One object deintegration removed, for `--json` and the conformance test.
package struct RemovedObject: Codable, Equatable, Sendable {
    package var id: String
    var isa: String
    package var name: String?
    /// The native target it was removed from; nil for project-wide clean-ups.
    package var target: String?
    /// Why: `pods-phase`, `user-phase`, `pods-library`, `pods-xcconfig`, `pods-file-reference`,
    /// `empty-pods-group`, `empty-frameworks-group`, `orphaned-build-file`, `unreachable`.
    package var reason: String
    /// True for clean-ups `pod deintegrate` does not do (docs/deintegrate.md lists them).
    var beyondCocoaPods: Bool
}

/// "Deleted N 'NAME' build phases." for one phase name.
package struct PhaseCount: Codable, Equatable, Sendable {
    package var name: String
    package var count: Int
}

/// What was removed from one native target, in the order `pod deintegrate` reports it.
package struct TargetDeintegration: Codable, Equatable, Sendable {
    package var name: String
    var phases: [PhaseCount] = []
    var userPhases: Int = 0
    /// Display names of Pods libraries and frameworks removed from the Frameworks phase.
    var libraries: [String] = []
    /// Names of the Pods xcconfig references removed from its build configurations.
    var configurationFiles: [String] = []

    package var isEmpty: Bool { phases.isEmpty && userPhases == 0 && libraries.isEmpty && configurationFiles.isEmpty }
}

/// The outcome of deintegrating one project file: what goes, the edits, and the new bytes.
package struct Deintegration: Sendable {
    package var targets: [TargetDeintegration]
    /// Names (or paths) removed by the project-wide sweep ("Deleting Pod file references from project").
    package var projectFileReferences: [String]
    /// Empty groups removed, by name (`Pods`, `Frameworks`).
    package var emptyGroups: [PhaseCount]
    package var removed: [RemovedObject]
    package var warnings: [Diagnostic]
    package var edits: [TextEdit]
    package var newBytes: [UInt8]

    /// False when the project carries no CocoaPods integration: the file is left byte-identical.
    package var foundIntegration: Bool { !removed.isEmpty }
}
