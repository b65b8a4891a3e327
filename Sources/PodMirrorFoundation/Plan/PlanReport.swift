import Foundation

/// The result of running a plan in some mode.
public struct PlanReport: Codable, Sendable {
    public var title: String
    public var mode: RunMode
    /// Something was (apply) or would be (dry run, check) changed.
    public var changed: Bool
    public var changes: [ChangeRecord]
    public var warnings: [Diagnostic]
    /// Set when a step failed; earlier steps were undone where they could be (see `rolledBack`).
    public var error: String?
    public var rolledBack: [String]

    /// After a failure: the changes that stayed applied (irreversible, or their undo failed).
    public var stayedChanged: [ChangeRecord] { changes.filter(\.applied) }

    /// `--check` semantics: drift means a non-empty plan.
    public var hasDrift: Bool { mode == .check && changed }
}
