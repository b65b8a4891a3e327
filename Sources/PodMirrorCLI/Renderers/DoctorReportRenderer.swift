import PodMirrorFoundation
import PodMirrorKit

/// `doctor`: one line per finding with its fix and why, then the counts.
enum DoctorReportRenderer: ResultRenderer {
    static func jsonFields(_ report: Doctor.Report) throws -> [String: JSONValue] {
        // `warnings` is the diagnostics array of every document; the counts have their own keys.
        [
            "findings": try JSONValue.encoding(report.findings), "errorCount": .int(report.errors),
            "warningCount": .int(report.warnings),
        ]
    }

    static func text(_ report: Doctor.Report, console c: Console) {
        for f in report.findings {
            let mark: String
            switch f.severity {
            case .error: mark = c.paint(Message("doctor.mark.error").localized, .red)
            case .warning: mark = c.paint(Message("doctor.mark.warning").localized, .yellow)
            case .note: mark = c.paint(Message("doctor.mark.ok").localized, .green)
            }
            c.out("\(mark)  \(f.text?.localized ?? f.message)")
            guard f.severity != .note else { continue }
            if let fix = f.fix { c.out("         " + Message("doctor.fix", ["fix": fix]).localized) }
            if let why = f.explanationText?.localized ?? f.explanation { c.out("              \(why)") }
        }
        let counts = ["errors": String(report.errors), "warnings": String(report.warnings)]
        c.out(Message("doctor.summary", counts).localized)
    }
}
