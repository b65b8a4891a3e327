import ArgumentParser
import Foundation
import PodMirrorKit

struct GitconfigCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "gitconfig", abstract: "Global git insteadOf rules: Specs URLs and pod sources to mirrors.",
        subcommands: [GitconfigInsteadOfCommand.self])
}

struct GitconfigInsteadOfCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "insteadof",
        abstract: "url.<mirror>.insteadOf rules for the Specs repo (use) and pod sources (add).",
        discussion: """
            use/reset: the GitHub CocoaPods/Specs URL spellings. Podfiles keep their GitHub URL, so CocoaPods \
            still asks api.github.com before each repo update; editing Podfiles \
            (`podmirror podfile source use`) avoids that.
            add/remove: source mirrors for pod sources, which CocoaPods' git and `podmirror pods fetch` (git and http \
            sources) both follow. reset removes only the rules podmirror wrote.
            """,
        subcommands: [
            GitconfigInsteadOfListCommand.self, GitconfigInsteadOfUseCommand.self,
            GitconfigInsteadOfAddCommand.self, GitconfigInsteadOfRemoveCommand.self,
            GitconfigInsteadOfResetCommand.self,
        ])
}

struct GitconfigInsteadOfListCommand: PodmirrorCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "Show the global insteadOf rules.")
    static let commandName = "gitconfig insteadof list"
    @OptionGroup var global: GlobalOptions

    func run() throws {
        let runner = runner()
        let catalog = try runner.catalog()
        let rules = try InsteadOfRules(environment: runner.environment, catalog: catalog).rules()
        let specsSpellings = Set(rules.map { "\($0.file)\u{0}\($0.base)\u{0}\($0.insteadOf)" })
        // Pod-source rules: every other insteadOf rule (the Specs ones are listed above them).
        let sources = try SourceMirrorConfig(environment: runner.environment, catalog: catalog).rules()
            .filter { !specsSpellings.contains("\($0.file)\u{0}\($0.mirror)\u{0}\($0.prefix)") }
            .map { rule -> SourceMirrorConfig.Rule in
                var copy = rule
                copy.prefix = Redaction.redactURL(rule.prefix)
                copy.mirror = Redaction.redactURL(rule.mirror)
                return copy
            }
        try runner.show(
            json: {
                let shown = rules.map { rule -> InsteadOfRules.Rule in
                    var copy = rule
                    copy.base = Redaction.redactURL(rule.base)
                    return copy
                }
                return [
                    "rules": try JSONValue.encoding(shown), "sourceMirrors": try JSONValue.encoding(sources),
                    "warnings": .array([]),
                ]
            },
            text: {
                let c = Console.shared
                if rules.isEmpty { c.out("no insteadOf rules for the Specs repo") }
                for r in rules {
                    c.out(
                        "\(r.insteadOf) → \(Redaction.redactURL(r.base))  "
                            + "(\(r.file)\(r.managed ? ", podmirror" : ""))")
                }
                if sources.isEmpty { c.out(Message("gitconfig.source-mirror.list-empty").localized) }
                for r in sources {
                    let args = ["prefix": r.prefix, "mirror": r.mirror, "file": r.file]
                    let key =
                        r.managed ? "gitconfig.source-mirror.list-line-managed" : "gitconfig.source-mirror.list-line"
                    c.out(Message(key, args).localized)
                }
            })
    }
}

struct GitconfigInsteadOfUseCommand: PodmirrorCommand {
    static let configuration = CommandConfiguration(
        commandName: "use", abstract: "Send every GitHub Specs URL spelling to MIRROR (a catalog name or git URL).")
    static let commandName = "gitconfig insteadof use"
    @OptionGroup var global: GlobalOptions
    @Argument(help: "A Specs git mirror from `podmirror mirror list` (tuna, bfsu, nju, nyist) or a git URL.")
    var mirror: String

    func run() throws {
        let runner = runner()
        let catalog = try runner.catalog()
        let chosen = try catalog.resolve(mirror, gems: false)
        let plan = try InsteadOfRules(environment: runner.environment, catalog: catalog).usePlan(chosen)
        try runner.run(plan, extra: ["mirror": .string(Redaction.redactURL(chosen.url))])
    }
}

struct GitconfigInsteadOfResetCommand: PodmirrorCommand {
    static let configuration = CommandConfiguration(
        commandName: "reset", abstract: "Remove the insteadOf rules podmirror wrote; others are kept.")
    static let commandName = "gitconfig insteadof reset"
    @OptionGroup var global: GlobalOptions

    func run() throws {
        let runner = runner()
        try runner.run(InsteadOfRules(environment: runner.environment, catalog: runner.catalog()).resetPlan())
    }
}

struct GitconfigInsteadOfAddCommand: PodmirrorCommand {
    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: "Send pod source URLs starting with PREFIX to MIRROR_PREFIX (git and http sources).",
        discussion: """
            Writes url.<MIRROR_PREFIX>.insteadOf = <PREFIX> to the global git config, e.g. \
            `podmirror gitconfig insteadof add https://github.com/ https://mirror.example/github/`. \
            CocoaPods' git follows it; `podmirror pods fetch` applies it to git and http pod sources.
            """)
    static let commandName = "gitconfig insteadof add"
    @OptionGroup var global: GlobalOptions
    @Argument(help: "The URL prefix to replace, e.g. https://github.com/.")
    var prefix: String
    @Argument(help: "The mirror's URL prefix that replaces it.")
    var mirrorPrefix: String

    func run() throws {
        let runner = runner()
        let pair = SourceMirrorConfig.Pair(prefix: prefix, mirror: mirrorPrefix)
        let plan = try SourceMirrorConfig(environment: runner.environment, catalog: runner.catalog()).addPlan([pair])
        try runner.run(
            plan,
            extra: [
                "prefix": .string(Redaction.redactURL(prefix)),
                "mirror": .string(Redaction.redactURL(mirrorPrefix)),
            ])
    }
}

struct GitconfigInsteadOfRemoveCommand: PodmirrorCommand {
    static let configuration = CommandConfiguration(
        commandName: "remove", abstract: "Remove podmirror's source-mirror rule for PREFIX; rules you wrote are kept.")
    static let commandName = "gitconfig insteadof remove"
    @OptionGroup var global: GlobalOptions
    @Argument(help: "The URL prefix given to `add`.")
    var prefix: String

    func run() throws {
        let runner = runner()
        let config = SourceMirrorConfig(environment: runner.environment, catalog: try runner.catalog())
        let plan = try config.removePlan(prefix: prefix)
        try runner.run(plan, extra: ["prefix": .string(Redaction.redactURL(prefix))])
    }
}
