import PodMirrorCocoaPods
import PodMirrorFoundation

/// `mirror test`: the mirrors ranked (rank, name, time, status), or only the best one's name with `--pick`.
enum MirrorProbeRenderer: ResultRenderer {
    struct Result {
        var results: [MirrorProbe.Result]
        /// `--pick`: print only the best mirror's name.
        var pickOnly: Bool
        var best: MirrorProbe.Result? { results.first { $0.rank == 1 } }
    }

    static func jsonFields(_ result: Result) throws -> [String: JSONValue] {
        [
            "results": try JSONValue.encoding(result.results),
            "pick": .string(result.best?.shownName),
        ]
    }

    static func text(_ result: Result, console c: Console) {
        if result.pickOnly {
            if let best = result.best { c.out(best.shownName) }
            // A script gets the name alone: that no mirror has every commit goes to stderr.
            if let best = result.best, best.freshness == .diverged, let problem = best.problemLocalized {
                c.err(c.paint(Message("cli.prefix.warning").localized, .yellow, stderr: true) + problem)
            }
        } else {
            table(result.results, console: c)
        }
        if result.best == nil {
            c.err(
                c.paint(Message("cli.prefix.error").localized, .red, stderr: true)
                    + Message("mirror.test.none-usable").localized)
        }
    }

    static func table(_ results: [MirrorProbe.Result], console c: Console) {
        let headers = ["mirror.test.column.rank", "mirror.test.column.name", "mirror.test.column.time"].map {
            Message($0).localized
        }
        let rankWidth = max(4, TextColumns.width(headers[0]))
        let names = results.map(\.shownName)
        let width = max(TextColumns.width(headers[1]), names.map(TextColumns.width).max() ?? 0)
        let timeWidth = max(7, TextColumns.width(headers[2]))
        let header = [
            TextColumns.pad(headers[0], rankWidth), TextColumns.pad(headers[1], width),
            TextColumns.pad(headers[2], timeWidth), Message("mirror.test.column.status").localized,
        ]
        c.out(c.paint(header.joined(separator: "  "), .bold))
        for (r, shownName) in zip(results, names) {
            let rank = TextColumns.pad(r.rank.map(String.init) ?? "-", rankWidth)
            let name = TextColumns.pad(shownName, width)
            let time = TextColumns.pad(r.seconds.map { String(format: "%.2fs", $0) } ?? "-", timeWidth)
            let status: String
            if r.usable {
                status =
                    c.paint(Message("mirror.test.status.ok").localized, .green)
                    + (r.head.map { "  HEAD \($0.prefix(12))" } ?? "")
                    + (r.compactIndex == false ? "  " + Message("mirror.test.no-compact-index").localized : "")
                    + (r.problemLocalized.map { "  (\($0))" } ?? "")
            } else if r.healthy {
                status =
                    c.paint(Message("mirror.test.status.stale").localized, .yellow) + "  " + (r.problemLocalized ?? "")
            } else {
                status =
                    c.paint(Message("mirror.test.status.broken").localized, .red) + "  " + (r.problemLocalized ?? "")
            }
            c.out("\(rank)  \(name)  \(time)  \(status)")
        }
    }
}
