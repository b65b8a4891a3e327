import Foundation

/// The result of running a plan in some mode.
package struct PlanReport: Encodable, Sendable {
    package var title: String
    package var mode: RunMode
    /// Something was (apply) or would be (dry run, check) changed.
    package var changed: Bool
    package var changes: [ChangeRecord]
    package var warnings: [Diagnostic]
    /// Set when a step failed; earlier steps were undone where they could be (see `rolledBack`).
    package var error: String?
    package var rolledBack: [String]

    /// After a failure: the changes that stayed applied (irreversible, or their undo failed).
    package var stayedChanged: [ChangeRecord] { changes.filter(\.applied) }

    /// Dry run and check: the first change whose need could not be told (`Change.unknown`); the run exits with
    /// its status.
    package var unknown: ChangeRecord? { mode == .apply ? nil : changes.first { $0.unknownStatus != nil } }

    /// `--check` semantics: drift means a non-empty plan.
    package var hasDrift: Bool { mode == .check && changed }
}
