import ArgumentParser
import Foundation
import PodMirrorKit

struct RepoVerifyCommand: PodmirrorCommand {
    static let configuration = CommandConfiguration(
        commandName: "verify",
        abstract:
            "Check that spec repos are intact: HEAD at origin/<branch>, no file changed, added or deleted, no git "
            + "lock.",
        discussion: "Exits 0 when every repo is intact, 1 when a problem was found (each named with its path).")
    static let commandName = "repo verify"
    @OptionGroup var global: GlobalOptions
    @Argument(help: "Repos to verify (default: every git repo).") var names: [String] = []
    @Flag(name: .long, help: "Hash every file against HEAD's tree instead of trusting the index's stat data.")
    var deep = false
    @Option(name: .long, help: "Also require HEAD to be this commit (full id or 7+ hex digits).") var expect: String?

    func run() throws {
        let runner = runner()
        let service = SpecRepoService(repos: ReposDirectory(environment: runner.environment))
        let results = try service.verify(
            names: names, deep: deep, expect: expect, cancellation: runner.context.cancellation)
        let intact = results.allSatisfy(\.intact)
        try runner.show(
            ok: intact,
            json: {
                [
                    "intact": .bool(intact), "reposDir": .string(service.repos.path),
                    "repos": .array(results.map(\.json)),
                    "warnings": .array([]),
                ]
            },
            text: {
                let c = Console.shared
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
