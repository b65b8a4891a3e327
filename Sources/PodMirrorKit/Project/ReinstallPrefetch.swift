import Foundation
import PodMirrorCocoaPods
import PodMirrorFoundation

/// What `reinstall`'s prefetch (`pods fetch` of the project's Podfile.lock, before the project is touched) did.
package enum ReinstallPrefetch: Sendable {
    /// The Podfile.lock (or the CocoaPods version) is not one podmirror can plan from: `pod install` judges it
    /// itself, so nothing was fetched; the warning says why.
    case skipped(lockfile: String, warning: Diagnostic)
    /// Every pod is in the cache or left to CocoaPods.
    case fetched(PodsFetchReport)
    /// Some pods could not be fetched: `error` names them and `reinstall` stops before touching the project;
    /// the report's warnings say why.
    case failed(PodsFetchReport, error: PodMirrorFailure)
}

extension ReinstallPrefetch {
    /// The prefetch as a step whose warnings are shown once per state (`WarningMemory`), beside the deintegration's:
    /// the run's command line and folder, what each pod came to (or that it was skipped) and the bytes of the
    /// Podfile.lock and of the files the warnings name. Nil when it failed: a failure shows every warning.
    package func warningStep(arguments: [String], environment: RuntimeEnvironment) -> WarningStep? {
        func step(_ facts: [String], lockfile: String, _ warnings: [Diagnostic], changed: Bool) -> WarningStep {
            let state = WarningMemory.state(
                arguments: arguments, currentDirectory: environment.currentDirectory,
                facts: ["reinstall-prefetch"] + facts, files: [lockfile] + warnings.compactMap(\.file),
                fileSystem: environment.fileSystem)
            return WarningStep(warnings: warnings, state: state, changed: changed)
        }
        switch self {
        case .skipped(let lockfile, let warning):
            return step(["skipped"], lockfile: lockfile, [warning], changed: false)
        case .fetched(let report):
            return step(report.warningFacts, lockfile: report.lockfile, report.warnings, changed: report.changed)
        case .failed: return nil
        }
    }
}
