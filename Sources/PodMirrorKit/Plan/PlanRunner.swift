import Foundation

/// How a plan is used: printed, checked for drift, or applied.
public enum RunMode: String, Codable, Sendable {
    case apply
    case dryRun = "dry-run"
    case check
}

/// One change as reported: `changed` means "was changed" (apply) or "would change" (dry run, check).
public struct ChangeRecord: Codable, Sendable {
    public var id: String
    public var kind: String
    public var subject: String
    public var summary: String
    public var changed: Bool
    public var applied: Bool
    public var diff: String?
    public var details: JSONValue
    public var error: String?
    /// `summary` in the user's language (text output only).
    public var localizedSummary: String?
    /// `error` in the user's language (text output only).
    public var localizedError: String?

    enum CodingKeys: String, CodingKey { case id, kind, subject, summary, changed, applied, diff, details, error }
}

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

    /// `--check` semantics: drift means a non-empty plan.
    public var hasDrift: Bool { mode == .check && changed }
}

/// The error a failed plan step raises, carrying the report of what was done before it.
public struct PlanFailure: PodMirrorError {
    public var underlying: any PodMirrorError
    public var report: PlanReport
    public var message: String { underlying.message }
    public var remedy: String? { underlying.remedy }
    public var exitStatus: ExitStatus { underlying.exitStatus }
    public var code: String { underlying.code }
    public var text: Message? { underlying.text }
    public var remedyText: Message? { underlying.remedyText }
}

/// Runs plans. One path for dry run, check and apply.
public struct PlanRunner: Sendable {
    public var context: ApplyContext
    /// Undo earlier steps when a later one fails.
    public var rollbackOnFailure: Bool

    public init(context: ApplyContext = ApplyContext(), rollbackOnFailure: Bool = true) {
        self.context = context
        self.rollbackOnFailure = rollbackOnFailure
    }

    public func run(_ plan: Plan, mode: RunMode) throws -> PlanReport {
        var records: [ChangeRecord] = []
        var report = PlanReport(title: plan.title, mode: mode, changed: false, changes: [], warnings: plan.warnings,
                                error: nil, rolledBack: [])
        var applied: [Change] = []
        for change in plan.changes {
            var record = ChangeRecord(id: change.id, kind: change.kind, subject: change.subject, summary: change.summary,
                                      changed: change.isNeeded, applied: false, diff: change.diff,
                                      details: change.details, error: nil,
                                      localizedSummary: change.message?.localized)
            if mode == .apply && change.isNeeded {
                do {
                    try context.checkCancelled()
                    if let extra = try change.apply(context) { record.details = Self.merge(record.details, extra) }
                    record.applied = true
                    applied.append(change)
                } catch {
                    let pmError = (error as? any PodMirrorError) ?? GenericError(error)
                    record.changed = false
                    record.error = pmError.message
                    record.localizedError = pmError.localizedMessage
                    records.append(record)
                    report.changes = records
                    report.error = pmError.message
                    if rollbackOnFailure {
                        for done in applied.reversed() {
                            guard let undo = done.undo else { continue }
                            if (try? undo()) != nil {
                                report.rolledBack.append(done.id)
                                if let i = report.changes.firstIndex(where: { $0.id == done.id }) {
                                    report.changes[i].changed = false
                                    report.changes[i].applied = false
                                }
                            }
                        }
                    }
                    report.changed = report.changes.contains { $0.applied }
                    throw PlanFailure(underlying: pmError, report: report)
                }
            }
            records.append(record)
        }
        report.changes = records
        report.changed = records.contains { $0.changed }
        return report
    }

    static func merge(_ a: JSONValue, _ b: JSONValue) -> JSONValue {
        guard case .object(var left) = a, case .object(let right) = b else { return b }
        for (k, v) in right { left[k] = v }
        return .object(left)
    }
}

/// Wraps an error that is not a PodMirrorError (should be rare), keeping its text.
public struct GenericError: PodMirrorError {
    public var message: String
    public var code: String { "error" }
    public init(_ error: any Error) { message = Redaction.redactText(String(describing: error)) }
}
