import Foundation
import PodMirrorCocoaPods
import PodMirrorFoundation

/// Rendering shared by the pods commands.
enum PodsRender {
    /// The fields of `pods fetch` and `pods list` in JSON (docs/json.md), besides `command` and `ok`: the report's
    /// facts, the count of pods in each status, the warnings' text redacted.
    static func json(_ report: PodsFetchReport) throws -> [String: JSONValue] {
        var fields = try JSONValue.fields(of: report)
        var counts: [String: JSONValue] = [:]
        for s in PodFetchResult.Status.allCases {
            counts[s.rawValue] = .int(report.pods.filter { $0.status == s }.count)
        }
        fields["counts"] = .object(counts)
        fields["warnings"] = try JSONValue.encoding(
            report.warnings.map { w -> Diagnostic in
                var r = w
                r.message = Redaction.redactText(w.message)
                return r
            })
        return fields
    }

    /// `pods 3/10  1.2 MB, 400 KB/s, about 20 s left`: the rate from the bytes so far, the time left from the pods
    /// done and still to do (the sizes of the pods not fetched yet are unknown).
    static func progressLine(done: Int, total: Int, bytes: Int64, elapsed: TimeInterval) -> String {
        let phase = Message(
            "pods.fetch.progress",
            [
                "done": String(done), "total": String(total),
                "bytes": ByteSize.text(bytes),
            ]
        )
        let event = ProgressEvent(phase: phase, completed: done, total: total, bytes: Int(bytes))
        return phase.localized + ConsoleProgress.rateAndTimeLeft(event, elapsed: elapsed)
    }

    static func statusWord(_ s: PodFetchResult.Status) -> String {
        let key =
            switch s {
            case .fetched: "pods.status.fetched"
            case .cached: "pods.status.cached"
            case .skipped: "pods.status.skipped"
            case .failed: "pods.status.failed"
            case .missing: "pods.status.missing"
            case .interrupted: "pods.status.interrupted"
            }
        return Message(key).localized
    }

    /// The status column: as wide as the widest status word in this language (CJK characters take two cells).
    static var statusColumnCells: Int {
        max(8, PodFetchResult.Status.allCases.map { TextColumns.width(statusWord($0)) }.max() ?? 0)
    }

    static func line(_ r: PodFetchResult, console c: Console) -> String {
        let style: Console.Style =
            switch r.status {
            case .fetched: .green
            case .cached: .dim
            case .skipped, .missing, .interrupted: .yellow
            case .failed: .red
            }
        let column = statusColumnCells
        var text = c.paint(TextColumns.pad(statusWord(r.status), column), style) + "  \(r.name) \(r.version)"
        if r.status == .fetched {
            text +=
                "  (\(ByteSize.text(r.bytes)), "
                + String(format: "%.1f s)", r.seconds)
        }
        if let repo = r.specRepo, r.status != .failed {
            text += "  " + Message("pods.line.spec-repo", ["repo": repo]).localized
        }
        if let detail = r.localizedDetail { text += ": " + Redaction.redactText(detail) }
        if let remedy = r.localizedRemedy {
            text +=
                "\n" + String(repeating: " ", count: column + 2) + c.paint(Message("cli.prefix.hint").localized, .cyan)
                + remedy
        }
        return text
    }

    static func summary(_ report: PodsFetchReport) -> String {
        func n(_ s: PodFetchResult.Status) -> String { String(report.pods.filter { $0.status == s }.count) }
        let counts = [
            "fetched": n(.fetched), "cached": n(.cached), "skipped": n(.skipped), "failed": n(.failed),
            "missing": n(.missing), "interrupted": n(.interrupted),
        ]
        let key = report.stopped.isEmpty ? "pods.fetch.summary" : "pods.fetch.summary-interrupted"
        return Message(key, counts).localized
    }
}

/// `pods fetch`: each pod's line (all of them for a dry run or check; an applied run showed them as they
/// finished), then the counts. Its warnings are shown before, once per state (`RepeatedWarnings`).
enum PodsFetchRenderer: ResultRenderer {
    /// A fetch's report and whether the text lists every pod.
    struct Result {
        var report: PodsFetchReport
        var listsEveryPod: Bool
    }

    static func jsonFields(_ result: Result) throws -> [String: JSONValue] { try PodsRender.json(result.report) }

    static func text(_ result: Result, console: Console) {
        if result.listsEveryPod {
            for r in result.report.pods { console.out(PodsRender.line(r, console: console)) }
        }
        console.out(PodsRender.summary(result.report))
    }
}

/// `pods list`: the warnings, each pod's line with its cache folder when cached, then the counts.
enum PodsListRenderer: ResultRenderer {
    static func jsonFields(_ report: PodsFetchReport) throws -> [String: JSONValue] { try PodsRender.json(report) }

    static func text(_ report: PodsFetchReport, console c: Console) {
        for w in report.warnings { c.err(Render.diagnosticLine(w, console: c)) }
        for r in report.pods {
            c.out(PodsRender.line(r, console: c))
            if let path = r.cachePath, r.status == .cached { c.out("          \(path)") }
        }
        c.out(PodsRender.summary(report))
    }
}
