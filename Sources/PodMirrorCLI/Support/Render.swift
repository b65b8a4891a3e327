import ArgumentParser
import Foundation
import PodMirrorCocoaPods
import PodMirrorFoundation
import PodMirrorKit

/// Renders results as text or one JSON document, and picks the exit code.
enum Render {
    static let encoder: JSONEncoder = {
        let e = JSONEncoder()
        e.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return e
    }()

    /// Prints one JSON document on stdout: the one way every command writes JSON.
    static func json(_ object: [String: JSONValue], console: Console) {
        let data = (try? encoder.encode(JSONValue.object(JSONContract.normalized(object)))) ?? Data("{}".utf8)
        console.out(String(decoding: data, as: UTF8.self))
    }

    /// The JSON form of a plan report, merged with command-specific fields.
    static func planJSON(command: String, _ report: PlanReport, extra: [String: JSONValue] = [:]) -> [String: JSONValue]
    {
        var object = (try? JSONValue.fields(of: redacted(report))) ?? [:]
        object["command"] = .string(command)
        object["ok"] = .bool(report.error == nil)
        for (k, v) in extra { object[k] = v }
        return object
    }

    /// Prints a plan report (text or JSON); exits with the status of a change whose need is unknown (dry run,
    /// check), else 3 on `--check` drift.
    static func finish(
        _ report: PlanReport, runner: CommandRunner, extra: [String: JSONValue] = [:], text: (() -> Void)? = nil
    ) throws {
        let unknown = report.unknown
        if runner.options.json {
            var object = planJSON(command: runner.command, report, extra: extra)
            if let unknown, let status = unknown.unknownStatus {
                object["error"] = .object([
                    "code": .string(unknown.unknownCode?.rawValue), "message": .string(unknown.error),
                    "remedy": .string(unknown.unknownRemedy), "exitStatus": .int(Int(status.rawValue)),
                ])
            }
            json(object, console: runner.console)
        } else {
            planText(report, runner: runner)
            text?()
            let c = runner.console
            for change in report.changes where change.unknownStatus != nil {
                let why = Redaction.redactText(change.localizedError ?? "")
                c.err(c.paint(Message("cli.prefix.error").localized, .red, stderr: true) + why)
            }
        }
        // A change whose need is unknown (its server did not answer) outranks drift: the answer is incomplete.
        if let status = unknown?.unknownStatus { throw ExitCode(status.rawValue) }
        if report.hasDrift { throw ExitCode(ExitStatus.drift.rawValue) }
    }

    /// The report with URL credentials removed from diffs and error texts (a diff of a file that
    /// holds a `user:password@` URL must not show it).
    static func redacted(_ report: PlanReport) -> PlanReport {
        var copy = report
        copy.error = report.error.map(Redaction.redactText)
        for i in copy.changes.indices {
            copy.changes[i].diff = copy.changes[i].diff.map(Redaction.redactText)
            copy.changes[i].error = copy.changes[i].error.map(Redaction.redactText)
        }
        return copy
    }

    /// The line of an applied spec-repo switch, said from what was done (`details`): which repo was re-pointed
    /// (a delta fetch) or replaced by a fresh clone, at which URL, and its new name; nil for other changes.
    static func switchDone(_ change: ChangeRecord) -> String? {
        guard change.applied, change.kind == .specRepoUse, let planned = change.facts(SpecRepoSwitchFacts.self),
            let done = change.facts(SpecRepoSwitchedFacts.self), [.repoint, .clone].contains(done.method)
        else { return nil }
        let (name, url, old) = (planned.name, planned.url, done.previousName)
        let key: String
        switch (done.method, old) {
        case (.repoint, let old?) where old != name: key = "repo.use.done.repoint-rename"
        case (.repoint, _): key = "repo.use.done.repoint"
        case (_, let old?) where old != name: key = "repo.use.done.replace-rename"
        case (_, _?): key = "repo.use.done.replace"
        default: key = "repo.use.done.clone"
        }
        return Message(key, ["old": old ?? name, "name": name, "url": url]).localized
    }

    /// The `keys` of a change's `details` that `repo` commands also give at the top of their JSON.
    static func liftedDetails(_ change: ChangeRecord?, _ keys: [String]) -> [String: JSONValue] {
        guard let details = try? change?.detailsJSON() else { return [:] }
        return details.filter { keys.contains($0.key) }
    }

    /// The single change of a report (nil when it has none or several).
    static func single(_ report: PlanReport) -> ChangeRecord? { report.changes.count == 1 ? report.changes[0] : nil }

    /// Text rendering of a plan report: one line per change; diffs on dry run and check. Warnings a run
    /// that changes nothing already showed in the same state are summed up in one line (see
    /// `RepeatedWarnings`) unless `verbose`.
    static func planText(_ report: PlanReport, runner: CommandRunner) {
        let report = redacted(report)
        let c = runner.console
        RepeatedWarnings.show(report, runner: runner)
        for change in report.changes {
            let mark: String
            switch (report.mode, change.changed) {
            case (.apply, true): mark = c.paint(Message("cli.mark.changed").localized, .green)
            case (_, true): mark = c.paint(Message("cli.mark.would-change").localized, .yellow)
            default: mark = c.paint(Message("cli.mark.ok").localized, .dim)
            }
            c.out("\(mark)  \(switchDone(change) ?? change.localizedSummary)")
            if report.mode != .apply, change.changed, let diff = change.diff, !diff.isEmpty {
                c.out(c.paintDiff(diff))
            }
        }
        if report.changes.isEmpty { c.out(c.paint(Message("cli.nothing-to-do").localized, .dim)) }
        if report.mode == .dryRun, report.changed {
            let count = String(report.changes.filter(\.changed).count)
            c.out(Message("cli.dry-run.apply-hint", ["count": count]).localized)
        }
        if report.mode == .check {
            let count = String(report.changes.filter(\.changed).count)
            c.out(
                report.changed
                    ? Message("cli.check.drift", ["count": count]).localized
                    : Message("cli.check.compliant").localized)
        }
    }

    /// A finding as one line on stderr: `warning: …` or `note: …`, in the user's language.
    static func diagnosticLine(_ d: Diagnostic, console c: Console) -> String {
        let (key, style): (String, Console.Style) =
            switch d.severity {
            case .error: ("cli.prefix.error", .red)
            case .warning: ("cli.prefix.warning", .yellow)
            case .note: ("cli.prefix.note", .cyan)
            }
        return c.paint(Message(key).localized, style, stderr: true) + Redaction.redactText(d.localizedMessage)
    }

    /// The `error` object of JSON output: `{code, message, remedy, exitStatus}` (docs/json.md).
    static func errorFields(_ error: any PodMirrorError) -> [String: JSONValue] {
        [
            "code": .string(error.code.rawValue),
            "message": .string(Redaction.redactText(error.message)),
            "remedy": .string(error.remedy.map(Redaction.redactText)),
            "exitStatus": .int(Int(error.exitStatus.rawValue)),
        ]
    }

    /// Reports an error as text on stderr, or as a JSON document on stdout with `--json`.
    static func error(_ error: any PodMirrorError, command: String, json: Bool, console c: Console) {
        if json {
            var object: [String: JSONValue] = [:]
            var fields = errorFields(error)
            if let failure = error as? PlanFailure {
                object = planJSON(command: command, failure.report)
                // The ids of the changes still in effect: applied and not rolled back.
                fields["stayedChanged"] = .array(failure.report.stayedChanged.map { .string($0.id) })
            }
            object["command"] = .string(command)
            object["ok"] = false
            object["error"] = .object(fields)
            Render.json(object, console: c)
        } else {
            if let failure = error as? PlanFailure {
                failure.report.warnings.forEach { c.err(diagnosticLine($0, console: c)) }
                for change in failure.report.stayedChanged {
                    let summary = change.localizedSummary
                    c.err(Message("cli.failure.done-before", ["summary": summary]).localized)
                }
                for id in failure.report.rolledBack {
                    let summary =
                        failure.report.changes.first { $0.id == id }.map { $0.localizedSummary } ?? id
                    c.err(Message("cli.failure.rolled-back", ["summary": summary]).localized)
                }
                // Independent changes (each repo of `repo update`): every failure, when the plan went on
                // after one (in any other plan the failed change is the last).
                let failed = failure.report.changes.filter { $0.error != nil }
                let wentOn = failed.count > 1 || failure.report.changes.last?.error == nil
                for change in failed where wentOn {
                    let why = Redaction.redactText(change.localizedError ?? "")
                    let summary = change.localizedSummary
                    c.err(Message("cli.failure.failed", ["summary": summary, "error": why]).localized)
                }
            }
            c.err(
                c.paint(Message("cli.prefix.error").localized, .red, stderr: true)
                    + Redaction.redactText(error.localizedMessage))
            if let remedy = error.localizedRemedy {
                c.err(c.paint(Message("cli.prefix.hint").localized, .cyan, stderr: true) + Redaction.redactText(remedy))
            }
        }
    }
}
