import ArgumentParser
import Foundation
import PodMirrorKit

struct GemsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "gems", abstract: "RubyGems sources and the Bundler mirror setting.",
        subcommands: [GemsSourceCommand.self])
}

struct GemsSourceCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "source", abstract: "The gem sources RubyGems uses (the gemrc it reads and writes).",
        discussion:
            "The gemrc is $GEMRC when set, else ~/.gemrc when it exists, else $XDG_CONFIG_HOME/gem/gemrc "
            + "(~/.config/gem/gemrc) when it exists, as RubyGems decides it; a new gemrc is ~/.gemrc, which "
            + "RubyGems 3.0 (macOS system Ruby) reads too.",
        subcommands: [GemsSourceListCommand.self, GemsSourceUseCommand.self, GemsSourceResetCommand.self])
}

struct GemsSourceListCommand: PodmirrorCommand {
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: "Show the gemrc in use, its sources and Bundler's mirror.")
    static let commandName = "gems source list"
    @OptionGroup var global: GlobalOptions

    func run() throws {
        let runner = runner()
        let listing = try GemSources(environment: runner.environment, catalog: runner.catalog()).list()
        try runner.show(
            json: {
                guard case .object(let fields) = try JSONValue.encoding(listing) else { return [:] }
                return fields
            }, text: { Self.renderText(listing) })
    }

    static func renderText(_ listing: GemSources.Listing) {
        let c = Console.shared
        c.out("gemrc: \(listing.gemrc) (\(listing.gemrcReason)\(listing.gemrcExists ? "" : ", not created yet"))")
        for s in listing.sources {
            c.out(
                "  \(s.url)\(s.mirror.map { "  (\($0))" } ?? "  (private)")"
                    + "\(listing.sourcesSet ? "" : "  [RubyGems default]")"
            )
        }
        c.out("bundler: \(listing.bundlerConfig): mirror for rubygems.org \(listing.bundlerMirror ?? "not set")")
    }
}

struct GemsSourceUseCommand: PodmirrorCommand {
    static let configuration = CommandConfiguration(
        commandName: "use",
        abstract:
            "Replace rubygems.org and known gem mirrors by MIRROR (a catalog name or URL); private sources are kept.")
    static let commandName = "gems source use"
    @OptionGroup var global: GlobalOptions
    @Argument(help: "A gem mirror name from `podmirror mirror list` (ruby-china, tuna, ustc, rubygems) or a URL.")
    var mirror: String
    @Flag(help: "Also set Bundler's mirror for rubygems.org (BUNDLE_MIRROR__HTTPS://RUBYGEMS__ORG/).")
    var bundler = false

    func run() throws {
        let runner = runner()
        let catalog = try runner.catalog()
        let chosen = try catalog.resolve(mirror, gems: true)
        let plan = try GemSources(environment: runner.environment, catalog: catalog).usePlan(chosen, bundler: bundler)
        try runner.run(plan, extra: ["mirror": .string(Redaction.redactURL(chosen.url))])
    }
}

struct GemsSourceResetCommand: PodmirrorCommand {
    static let configuration = CommandConfiguration(
        commandName: "reset",
        abstract: "Put https://rubygems.org/ back in place of gem mirrors; private sources are kept.")
    static let commandName = "gems source reset"
    @OptionGroup var global: GlobalOptions
    @Flag(help: "Also remove Bundler's mirror setting for rubygems.org.")
    var bundler = false

    func run() throws {
        let runner = runner()
        try runner.run(
            GemSources(environment: runner.environment, catalog: runner.catalog()).resetPlan(bundler: bundler))
    }
}
