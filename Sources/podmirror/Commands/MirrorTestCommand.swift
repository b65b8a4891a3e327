import ArgumentParser
import Foundation
import PodMirrorKit

struct MirrorTestCommand: PodmirrorCommand {
    static let configuration = CommandConfiguration(
        commandName: "test",
        abstract: "Probe Specs (or, with --gems, gem) mirrors in parallel: health, speed, and whether HEAD agrees.",
        discussion:
            "Exit 0 when at least one mirror is usable, 4 when none is. --pick prints only the fastest usable "
            + "mirror's name (its URL when unnamed)."
    )
    static let commandName = "mirror test"
    @OptionGroup var global: GlobalOptions
    @Argument(help: "Catalog names or URLs (default: every catalog mirror of the kind).")
    var mirrors: [String] = []
    @Flag(help: "Test gem mirrors instead of Specs mirrors.")
    var gems = false
    @Flag(help: "Print only the fastest usable mirror, for scripts.")
    var pick = false
    @Option(help: "Seconds to wait for each answer.")
    var timeout: Double = 10

    func run() throws {
        guard timeout > 0 else { throw ValidationError("--timeout must be more than 0") }
        let runner = runner()
        let catalog = try runner.catalog()
        let chosen =
            mirrors.isEmpty
            ? (gems ? catalog.gems : catalog.specs) : try mirrors.map { try catalog.resolve($0, gems: gems) }
        let proxy = ProxySettings.load(environment: runner.environment.variables)
        let results = MirrorProbe(
            timeout: timeout, proxy: proxy, cancellation: runner.context.cancellation,
            finalTrunkCommit: catalog.finalTrunkCommit
        ).run(chosen)
        if runner.context.cancellation.isCancelled { throw InterruptedError() }
        let best = results.first { $0.rank == 1 }
        try runner.show(
            ok: best != nil, failure: .network,
            json: {
                [
                    "results": try JSONValue.encoding(results),
                    "pick": .string(best.map { $0.name.isEmpty ? $0.url : $0.name }),
                ]
            },
            text: {
                if pick {
                    if let best { Console.shared.out(best.name.isEmpty ? best.url : best.name) }
                } else {
                    render(results)
                }
                if best == nil { Console.shared.err("error: no mirror answered as it should") }
            })
    }

    func render(_ results: [MirrorProbe.Result]) {
        let c = Console.shared
        let width = max(4, results.map { ($0.name.isEmpty ? $0.url : $0.name).count }.max() ?? 0)
        c.out(
            c.paint(
                "rank  " + "name".padding(toLength: width, withPad: " ", startingAt: 0) + "  time     status", .bold))
        for r in results {
            let rank = (r.rank.map(String.init) ?? "-").padding(toLength: 4, withPad: " ", startingAt: 0)
            let name = (r.name.isEmpty ? r.url : r.name).padding(toLength: width, withPad: " ", startingAt: 0)
            let time = (r.seconds.map { String(format: "%.2fs", $0) } ?? "-").padding(
                toLength: 7, withPad: " ", startingAt: 0)
            let status: String
            if r.usable {
                status =
                    c.paint("ok", .green) + (r.head.map { "  HEAD \($0.prefix(12))" } ?? "")
                    + (r.compactIndex == false ? "  (no compact index)" : "")
            } else if r.healthy {
                status = c.paint("stale", .yellow) + "  " + (r.problem ?? "")
            } else {
                status = c.paint("broken", .red) + "  " + (r.problem ?? "")
            }
            c.out("\(rank)  \(name)  \(time)  \(status)")
        }
    }
}
