import ArgumentParser
import Foundation
import PodMirrorCocoaPods
import PodMirrorFoundation
import PodMirrorKit
import PodMirrorTransport

struct MirrorTestCommand: PodmirrorCommand {
    static let configuration = CommandConfiguration(
        commandName: "test",
        abstract: Message("help.mirror.test.abstract").abstractText,
        discussion:
            Message("help.mirror.test.discussion").discussionText
    )
    static let commandName = "mirror test"
    @OptionGroup var global: GlobalOptions
    @Argument(help: Message("help.mirror.test.argument.mirrors").help)
    var mirrors: [String] = []
    @Flag(help: Message("help.mirror.test.flag.gems").help)
    var gems = false
    @Flag(help: Message("help.mirror.test.flag.pick").help)
    var pick = false
    @Option(help: Message("help.mirror.test.option.timeout").help)
    var timeout: Double = 10

    func run(_ runner: CommandRunner) throws {
        guard timeout > 0 else {
            throw ValidationError(Message("mirror.test.bad-timeout", ["value": String(timeout)]).localized)
        }
        let catalog = try runner.catalog()
        let chosen =
            mirrors.isEmpty
            ? (gems ? catalog.gems : catalog.specs) : try mirrors.map { try catalog.resolve($0, gems: gems) }
        let network = try runner.network()
        var probe = MirrorProbe(
            timeout: timeout, proxy: network.proxy, cancellation: runner.context.cancellation,
            finalTrunkCommit: catalog.finalTrunkCommit, urlRewrite: gems ? nil : network.urlRewrite)
        if !gems { probe.history = LocalCommitHistory(repos: ReposDirectory(environment: runner.environment)) }
        let results = probe.run(chosen)
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
                    if let best { runner.console.out(best.name.isEmpty ? best.url : best.name) }
                } else {
                    render(results, console: runner.console)
                }
                if best == nil {
                    let c = runner.console
                    c.err(
                        c.paint(Message("cli.prefix.error").localized, .red, stderr: true)
                            + Message("mirror.test.none-usable").localized)
                }
            })
    }

    func render(_ results: [MirrorProbe.Result], console c: Console) {
        let headers = ["mirror.test.column.rank", "mirror.test.column.name", "mirror.test.column.time"].map {
            Message($0).localized
        }
        let rankWidth = max(4, TextColumns.width(headers[0]))
        let names = results.map { $0.name.isEmpty ? $0.url : $0.name }
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
