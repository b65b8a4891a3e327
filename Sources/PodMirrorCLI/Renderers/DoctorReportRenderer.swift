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
        // Columns in terminal cells (a CJK character takes two): the mark, then the finding; its fix under the
        // finding, and the fix's explanation under the command (after "fix: ", "修复：").
        let marks = ["doctor.mark.error", "doctor.mark.warning", "doctor.mark.ok"].map {
            Message($0).localized.trimmingCharacters(in: .whitespaces)
        }
        let markCells = marks.map(TextColumns.width).max() ?? 0
        let findingColumn = String(repeating: " ", count: markCells + 2)
        let fixLabel = Message("doctor.fix", ["fix": ""]).localized
        let commandColumn = findingColumn + String(repeating: " ", count: TextColumns.width(fixLabel))
        for f in report.findings {
            let mark: String
            switch f.severity {
            case .error: mark = c.paint(TextColumns.pad(marks[0], markCells), .red)
            case .warning: mark = c.paint(TextColumns.pad(marks[1], markCells), .yellow)
            case .note: mark = c.paint(TextColumns.pad(marks[2], markCells), .green)
            }
            c.out("\(mark)  \(f.text?.localized ?? f.message)")
            guard f.severity != .note else { continue }
            if let fix = f.fix { c.out(findingColumn + Message("doctor.fix", ["fix": fix]).localized) }
            if let why = f.explanationText?.localized ?? f.explanation { c.out(commandColumn + why) }
        }
        let counts = ["errors": String(report.errors), "warnings": String(report.warnings)]
        c.out(Message("doctor.summary", counts).localized)
    }
}
