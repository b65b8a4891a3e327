import Foundation
import PodMirrorFoundation

extension PodsFetchReport {
    /// What each pod came to (`name version status`, one line each), the facts of a fetch's warning state.
    package var warningFacts: [String] { pods.map { "\($0.name) \($0.version) \($0.status)" } }

    /// The fetch as a step whose warnings are shown once per state (`WarningMemory`): the run's command line and
    /// folder, what each pod came to, and the bytes of the files its warnings name.
    package func warningStep(arguments: [String], environment: RuntimeEnvironment) -> WarningStep {
        WarningStep(
            warnings: warnings,
            state: WarningMemory.state(
                arguments: arguments, currentDirectory: environment.currentDirectory, facts: warningFacts,
                files: warnings.compactMap(\.file), fileSystem: environment.fileSystem),
            changed: changed)
    }
}
