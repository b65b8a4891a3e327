import Foundation
import PodMirrorFoundation

extension DeintegratePlan {
    /// The deintegration planned but not yet run as a step whose warnings are shown once per state
    /// (`WarningMemory`; `reinstall` shows them before it runs): the run's command line and folder, the project edit
    /// and `Pods/` removal with whether each is needed, and the bytes of the project and of the files the warnings
    /// name. It changes something when the project edit or the `Pods/` removal is needed.
    package func warningStep(arguments: [String], environment: RuntimeEnvironment) -> WarningStep {
        let own = plan.changes.filter { $0.kind == .xcodeprojDeintegrate || $0.kind == .podsDirectoryRemove }
        let state = WarningMemory.state(
            arguments: arguments, currentDirectory: environment.currentDirectory,
            facts: ["deintegrate"] + own.map { "\($0.id)\u{0}\($0.summary)\u{0}\($0.isNeeded)" },
            files: [location.pbxproj] + plan.warnings.compactMap(\.file), fileSystem: environment.fileSystem)
        return WarningStep(warnings: plan.warnings, state: state, changed: own.contains(where: \.isNeeded))
    }
}
