import ArgumentParser
import Foundation
import PodMirrorKit

/// Renders results as text or one JSON document, and picks the exit code.
enum Render {
    static let encoder: JSONEncoder = {
        let e = JSONEncoder()
        e.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return e
    }()

    /// Prints one JSON document on stdout.
    static func json(_ object: [String: JSONValue]) {
        let data = (try? encoder.encode(JSONValue.object(object))) ?? Data("{}".utf8)
        Console.shared.out(String(decoding: data, as: UTF8.self))
    }

    /// The JSON form of a plan report, merged with command-specific fields.
    static func planJSON(command: String, _ report: PlanReport, extra: [String: JSONValue] = [:]) -> [String: JSONValue] {
        var object: [String: JSONValue] = (try? JSONValue.encoding(redacted(report))).flatMap {
            if case .object(let o) = $0 { return o } else { return nil }
        } ?? [:]
        object["command"] = .string(command)
        object["ok"] = .bool(report.error == nil)
        for (k, v) in extra { object[k] = v }
        return object
    }

    /// Prints a plan report (text or JSON) and exits 3 on `--check` drift.
    static func finish(command: String, _ report: PlanReport, options: GlobalOptions,
                       extra: [String: JSONValue] = [:], text: (() -> Void)? = nil) throws {
        if options.json {
            json(planJSON(command: command, report, extra: extra))
        } else {
            planText(report)
            text?()
        }
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

    /// Text rendering of a plan report: one line per change; diffs on dry run and check.
    static func planText(_ report: PlanReport) {
        let report = redacted(report)
        let c = Console.shared
        for w in report.warnings {
            c.err(c.paint("warning: ", .yellow, stderr: true) + w.message)
        }
        for change in report.changes {
            let mark: String
            switch (report.mode, change.changed) {
            case (.apply, true): mark = c.paint("changed", .green)
            case (_, true): mark = c.paint("would change", .yellow)
            default: mark = c.paint("ok", .dim)
            }
            c.out("\(mark)  \(change.summary)")
            if report.mode != .apply, change.changed, let diff = change.diff, !diff.isEmpty {
                c.out(c.paintDiff(diff))
            }
        }
        if report.changes.isEmpty { c.out(c.paint("nothing to do", .dim)) }
        if report.mode == .check {
            c.out(report.changed ? "drift: applying would change \(report.changes.filter(\.changed).count) item(s)" : "compliant: everything is as asked")
        }
    }

    /// Reports an error as text on stderr, or as a JSON document on stdout with `--json`.
    static func error(_ error: any PodMirrorError, command: String, json: Bool) {
        if json {
            var object: [String: JSONValue] = [:]
            if let failure = error as? PlanFailure { object = planJSON(command: command, failure.report) }
            object["command"] = .string(command)
            object["ok"] = false
            object["error"] = .object([
                "code": .string(error.code),
                "message": .string(Redaction.redactText(error.message)),
                "remedy": .string(error.remedy),
                "exitStatus": .int(Int(error.exitStatus.rawValue)),
            ])
            Render.json(object)
        } else {
            let c = Console.shared
            if let failure = error as? PlanFailure {
                for change in failure.report.changes where change.applied {
                    c.err("done before the failure: \(change.summary)")
                }
                for id in failure.report.rolledBack { c.err("rolled back: \(id)") }
            }
            c.err(c.paint("error: ", .red, stderr: true) + Redaction.redactText(error.message))
            if let remedy = error.remedy { c.err(c.paint("hint: ", .cyan, stderr: true) + remedy) }
        }
    }
}
