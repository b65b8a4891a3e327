import ArgumentParser
import Foundation
import PodMirrorKit

struct GitconfigCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "gitconfig", abstract: "Global git insteadOf rules that send Specs URLs to a mirror.",
        subcommands: [GitconfigInsteadOfCommand.self])
}

struct GitconfigInsteadOfCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "insteadof", abstract: "url.<mirror>.insteadOf rules for the GitHub CocoaPods/Specs URL spellings.",
        discussion: "Podfiles keep their GitHub URL, so CocoaPods still asks api.github.com before each repo update; editing Podfiles (`podmirror podfile source use`) avoids that.",
        subcommands: [GitconfigInsteadOfListCommand.self, GitconfigInsteadOfUseCommand.self, GitconfigInsteadOfResetCommand.self])
}

struct GitconfigInsteadOfListCommand: PodmirrorCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "Show the global insteadOf rules for Specs URLs.")
    static let commandName = "gitconfig insteadof list"
    @OptionGroup var global: GlobalOptions

    func run() throws {
        let runner = runner()
        let rules = try InsteadOfRules(environment: runner.environment, catalog: runner.catalog()).rules()
        try runner.show(json: {
            let shown = rules.map { rule -> InsteadOfRules.Rule in
                var copy = rule
                copy.base = Redaction.redactURL(rule.base)
                return copy
            }
            return ["rules": try JSONValue.encoding(shown)]
        }, text: {
            let c = Console.shared
            if rules.isEmpty { c.out("no insteadOf rules for the Specs repo") }
            for r in rules { c.out("\(r.insteadOf) → \(Redaction.redactURL(r.base))  (\(r.file)\(r.managed ? ", podmirror" : ""))") }
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
    static let configuration = CommandConfiguration(commandName: "reset", abstract: "Remove the insteadOf rules podmirror wrote; others are kept.")
    static let commandName = "gitconfig insteadof reset"
    @OptionGroup var global: GlobalOptions

    func run() throws {
        let runner = runner()
        try runner.run(InsteadOfRules(environment: runner.environment, catalog: runner.catalog()).resetPlan())
    }
}
