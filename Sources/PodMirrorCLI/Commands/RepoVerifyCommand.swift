import ArgumentParser
import Foundation
import PodMirrorCocoaPods
import PodMirrorFoundation
import PodMirrorKit

struct RepoVerifyCommand: PodmirrorCommand {
    static let configuration = CommandConfiguration(
        commandName: "verify",
        abstract:
            Message("help.repo.verify.abstract").abstractText,
        discussion: Message("help.repo.verify.discussion").discussionText)
    static let commandName = "repo verify"
    @OptionGroup var global: GlobalOptions
    @Argument(help: Message("help.repo.verify.argument.names").help, completion: Completions.repoNames)
    var names: [String] = []
    @Flag(name: .long, help: Message("help.repo.verify.flag.deep").help)
    var deep = false
    @Option(name: .long, help: Message("help.repo.verify.option.expect").help) var expect: String?

    func run(_ runner: CommandRunner) throws {
        let verifier = RepoVerifier(repos: ReposDirectory(environment: runner.environment))
        let results = try verifier.verify(
            names: names, deep: deep, expect: expect, cancellation: runner.context.cancellation)
        let intact = results.allSatisfy(\.intact)
        try runner.show(
            ok: intact,
            json: {
                [
                    "intact": .bool(intact), "reposDir": .string(verifier.repos.path),
                    "repos": .array(results.map(\.json)),
                    "warnings": .array([]),
                ]
            },
            text: {
                let c = runner.console
                if results.isEmpty {
                    c.out(Message("verify.none", ["path": verifier.repos.path]).localized)
                }
                for r in results {
                    if r.intact {
                        c.out(
                            Message(
                                "verify.intact",
                                ["name": r.name, "branch": r.branch ?? "", "head": String((r.head ?? "").prefix(12))]
                            ).localized)
                        continue
                    }
                    c.out(
                        c.paint(
                            Message("verify.broken", ["name": r.name, "count": String(r.problemCount)]).localized, .red)
                    )
                    for p in r.problems { c.out("  " + p.text.localized) }
                    if r.problemCount > r.problems.count {
                        c.out(
                            "  "
                                + Message("verify.more", ["count": String(r.problemCount - r.problems.count)]).localized
                        )
                    }
                }
                if !intact {
                    c.err(
                        c.paint(Message("cli.prefix.hint").localized, .cyan, stderr: true)
                            + Message("verify.remedy").localized)
                }
            })
    }
}
