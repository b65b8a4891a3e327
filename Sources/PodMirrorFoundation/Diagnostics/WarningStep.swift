import Foundation

/// The warnings of one step of a run, the state that step found (`WarningMemory.state`) and whether it changed (or
/// would change) something. A command made of steps (`reinstall`: the prefetch, then deintegrate) judges each step by
/// its own changes.
package struct WarningStep: Sendable {
    package var warnings: [Diagnostic]
    package var state: String
    package var changed: Bool

    package init(warnings: [Diagnostic], state: String, changed: Bool) {
        self.warnings = warnings
        self.state = state
        self.changed = changed
    }
}

extension WarningMemory {
    /// Which warnings of a text run to show and what to remember of them.
    package struct Sifted: Sendable {
        /// The warnings to show, in order.
        package var shown: [Diagnostic] = []
        /// How many warnings are left out as repeats (the "N warnings unchanged" line).
        package var unchanged = 0
        /// What `record(_:)` remembers once the run's changes are made: each step's state and the hash of the
        /// warnings shown in it (nil: none, so forget the state).
        var records: [(state: String, warnings: String?)] = []
    }

    /// Sifts the steps' warnings: a step's are a repeat, and left out, when it changed nothing and the last run in
    /// the same state showed the very same warnings; `verbose` shows them all.
    package func sift(_ steps: [WarningStep], verbose: Bool) -> Sifted {
        var sifted = Sifted()
        for step in steps {
            guard !step.warnings.isEmpty else {
                sifted.records.append((step.state, nil))
                continue
            }
            let fingerprint = Self.warnings(step.warnings)
            if !verbose, !step.changed, isRepeat(state: step.state, warnings: fingerprint) {
                sifted.unchanged += step.warnings.count
                continue
            }
            sifted.shown += step.warnings
            sifted.records.append((step.state, fingerprint))
        }
        return sifted
    }

    /// Remembers what `sift` decided to show.
    package func record(_ sifted: Sifted) {
        for entry in sifted.records { record(state: entry.state, warnings: entry.warnings) }
    }

    /// The step of a run whose only state is its plan report (the run's command line, folder, changes and the files
    /// its changes and warnings name).
    package static func step(arguments: [String], environment: RuntimeEnvironment, report: PlanReport) -> WarningStep {
        WarningStep(
            warnings: report.warnings,
            state: state(
                arguments: arguments, currentDirectory: environment.currentDirectory, report: report,
                fileSystem: environment.fileSystem),
            changed: report.changed)
    }
}
