import Foundation
import PodMirrorFoundation

/// One object deintegration removed, for `--json` and the conformance test.
public struct RemovedObject: Codable, Equatable, Sendable {
    public var id: String
    public var isa: String
    public var name: String?
    /// The native target it was removed from; nil for project-wide clean-ups.
    public var target: String?
    /// Why: `pods-phase`, `user-phase`, `pods-library`, `pods-xcconfig`, `pods-file-reference`,
    /// `empty-pods-group`, `empty-frameworks-group`, `orphaned-build-file`, `unreachable`.
    public var reason: String
    /// True for clean-ups `pod deintegrate` does not do (docs/deintegrate.md lists them).
    public var beyondCocoaPods: Bool
}

/// "Deleted N 'NAME' build phases." for one phase name.
public struct PhaseCount: Codable, Equatable, Sendable {
    public var name: String
    public var count: Int
}

/// What was removed from one native target, in the order `pod deintegrate` reports it.
public struct TargetDeintegration: Codable, Equatable, Sendable {
    public var name: String
    public var phases: [PhaseCount] = []
    public var userPhases: Int = 0
    /// Display names of Pods libraries and frameworks removed from the Frameworks phase.
    public var libraries: [String] = []
    /// Names of the Pods xcconfig references removed from its build configurations.
    public var configurationFiles: [String] = []

    public var isEmpty: Bool { phases.isEmpty && userPhases == 0 && libraries.isEmpty && configurationFiles.isEmpty }
}

/// The outcome of deintegrating one project file: what goes, the edits, and the new bytes.
public struct Deintegration: Sendable {
    public var targets: [TargetDeintegration]
    /// Names (or paths) removed by the project-wide sweep ("Deleting Pod file references from project").
    public var projectFileReferences: [String]
    /// Empty groups removed, by name (`Pods`, `Frameworks`).
    public var emptyGroups: [PhaseCount]
    public var removed: [RemovedObject]
    public var warnings: [Diagnostic]
    public var edits: [TextEdit]
    public var newBytes: [UInt8]

    /// False when the project carries no CocoaPods integration: the file is left byte-identical.
    public var foundIntegration: Bool { !removed.isEmpty }
}
