import ArgumentParser
import Foundation
import PodMirrorKit

struct MirrorCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mirror",
        abstract: "The catalog of Specs and gem mirrors, and their health.",
        subcommands: [MirrorListCommand.self, MirrorTestCommand.self]
    )
}

struct MirrorListCommand: PodmirrorCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "List known Specs and gem mirrors.")
    static let commandName = "mirror list"
    @OptionGroup var global: GlobalOptions

    func run() throws {
        let runner = runner()
        let catalog = try runner.catalog()
        try runner.show(
            json: { ["specs": try JSONValue.encoding(catalog.specs), "gems": try JSONValue.encoding(catalog.gems)] },
            text: { Self.renderText(catalog) })
    }

    static func renderText(_ catalog: MirrorCatalog) {
        let c = Console.shared
        for (title, list) in [("Specs sources", catalog.specs), ("Gem sources", catalog.gems)] {
            c.out(c.paint(title, .bold))
            let width = list.map(\.name.count).max() ?? 0
            for m in list {
                let name = m.name.padding(toLength: width, withPad: " ", startingAt: 0)
                let kind = m.kind.rawValue.padding(toLength: 9, withPad: " ", startingAt: 0)
                c.out("  \(c.paint(name, .cyan))  \(kind)  \(m.url)\(m.official ? "  (official)" : "")")
            }
        }
    }
}
