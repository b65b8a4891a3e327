import Foundation

/// Runs plans. One path for dry run, check and apply.
package struct PlanRunner: Sendable {
    package var context: ApplyContext
    /// Undo earlier steps when a later one fails.
    var rollbackOnFailure: Bool

    package init(context: ApplyContext = ApplyContext(), rollbackOnFailure: Bool = true) {
        self.context = context
        self.rollbackOnFailure = rollbackOnFailure
    }

    /// Runs the plan's changes in `Plan.runOrder` and reports them in plan order. Applying: a failure undoes the
    /// applied reversible changes (newest first) and throws `PlanFailure`; success runs every applied change's
    /// `commit` (one that fails adds a `leftover.kept` warning).
    /// An independent change's failure (`Change.isIndependent`) undoes nothing and stops nothing: the other
    /// changes run, and `PlanFailure` (the first such failure, with every change's result) comes at the end.
    package func run(_ plan: Plan, mode: RunMode) throws -> PlanReport {
        var records: [ChangeRecord] = []
        var report = PlanReport(
            title: plan.title, mode: mode, changed: false, changes: [], warnings: plan.warnings,
            error: nil, rolledBack: [])
        if mode == .apply { try preflight(plan, report: report) }
        var applied: [Change] = []
        var independentFailure: (subject: String, error: any PodMirrorError)?
        for change in plan.runOrder {
            var record = Self.record(change)
            if mode != .apply, let unknown = change.unknown {
                record.error = unknown.message
                record.errorText = unknown.text
                record.unknownCode = unknown.code
                record.unknownStatus = unknown.exitStatus
                record.unknownRemedy = unknown.remedy
                report.error = report.error ?? unknown.message
            }
            if mode == .apply && change.isNeeded {
                do {
                    try context.checkCancelled()
                    if let outcome = try change.apply(context) { record.outcomes.append(outcome) }
                    record.applied = true
                    applied.append(change)
                } catch {
                    let pmError = (error as? any PodMirrorError) ?? PodMirrorFailure(wrapping: error)
                    record.changed = false
                    record.error = pmError.message
                    record.errorText = pmError.text
                    records.append(record)
                    if change.isIndependent && !(error is InterruptedError) {
                        independentFailure = independentFailure ?? (change.subject, pmError)
                        continue
                    }
                    report.changes = Self.inPlanOrder(records, plan)
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
        for change in applied {
            guard let commit = change.commit, let i = records.firstIndex(where: { $0.id == change.id }) else {
                continue
            }
            do {
                if let outcome = try commit() { records[i].outcomes.append(outcome) }
            } catch {
                records[i].outcomes.append(LeftoverKeptFacts(leftover: error.path))
                report.warnings.append(error.warning)
            }
        }
        report.changes = Self.inPlanOrder(records, plan)
        report.changed = records.contains { $0.changed }
        if let (subject, failure) = independentFailure {
            // Other changes were applied: the error names what failed and does not say nothing changed.
            let error =
                records.contains(where: \.applied) ? PartFailure(subject: subject, underlying: failure) : failure
            report.error = error.message
            throw PlanFailure(underlying: error, report: report)
        }
        return report
    }

    /// The records in the order the plan lists its changes, which is the same on every run: the run order puts
    /// the irreversible ones last, and whether a step is reversible can differ from one run to the next (a clone
    /// can be undone, the update of that clone on the second run cannot).
    static func inPlanOrder(_ records: [ChangeRecord], _ plan: Plan) -> [ChangeRecord] {
        let position = Dictionary(plan.changes.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { a, _ in a })
        return records.enumerated().sorted { a, b in
            (position[a.element.id] ?? Int.max, a.offset) < (position[b.element.id] ?? Int.max, b.offset)
        }.map(\.element)
    }

    /// Runs every needed change's `preflight` before anything is applied; the first refusal fails the plan with
    /// nothing changed (its report lists that change with the error).
    private func preflight(_ plan: Plan, report: PlanReport) throws {
        for change in plan.runOrder where change.isNeeded {
            guard let check = change.preflight else { continue }
            do { try check(context) } catch {
                let pmError = (error as? any PodMirrorError) ?? PodMirrorFailure(wrapping: error)
                var record = Self.record(change)
                record.changed = false
                record.error = pmError.message
                record.errorText = pmError.text
                var report = report
                report.changes = [record]
                report.error = pmError.message
                throw PlanFailure(underlying: pmError, report: report)
            }
        }
    }

    /// A change as reported before it runs: `changed` when it is needed, not applied.
    private static func record(_ change: Change) -> ChangeRecord {
        ChangeRecord(
            id: change.id, kind: change.kind, subject: change.subject, summary: change.summary,
            changed: change.isNeeded, applied: false, reversible: change.isReversible,
            diff: change.diff, details: change.details, error: nil,
            summaryText: change.message)
    }
}
