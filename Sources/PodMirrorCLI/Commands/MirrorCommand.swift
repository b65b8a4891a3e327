import ArgumentParser
import Foundation
import PodMirrorCocoaPods
import PodMirrorFoundation
import PodMirrorKit

struct MirrorCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mirror",
        abstract: Message("help.mirror.abstract").abstractText,
        subcommands: [MirrorListCommand.self, MirrorTestCommand.self]
    )
}

struct MirrorListCommand: PodmirrorCommand {
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: Message("help.mirror.list.abstract").abstractText)
    static let commandName = "mirror list"
    @OptionGroup var global: GlobalOptions

    func run(_ runner: CommandRunner) throws {
        let catalog = try runner.catalog()
        try runner.show(
            json: { ["specs": try JSONValue.encoding(catalog.specs), "gems": try JSONValue.encoding(catalog.gems)] },
            text: { Self.renderText(catalog, console: runner.console) })
    }

    static func renderText(_ catalog: MirrorCatalog, console c: Console) {
        let groups = [(Message("mirror.list.specs"), catalog.specs), (Message("mirror.list.gems"), catalog.gems)]
        for (title, list) in groups {
            c.out(c.paint(title.localized, .bold))
            let width = list.map(\.name.count).max() ?? 0
            for m in list {
                let name = m.name.padding(toLength: width, withPad: " ", startingAt: 0)
                let kind = m.kind.rawValue.padding(toLength: 9, withPad: " ", startingAt: 0)
                let official = m.official ? "  " + Message("mirror.list.official").localized : ""
                c.out("  \(c.paint(name, .cyan))  \(kind)  \(m.url)\(official)")
            }
        }
    }
}
