import ArgumentParser
import Foundation
import PodMirrorCocoaPods
import PodMirrorFoundation
import PodMirrorKit

struct MirrorCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "mirror",
            abstract: Message("help.mirror.abstract").abstractText,
            subcommands: [MirrorListCommand.self, MirrorTestCommand.self]
        )
    }
}

struct MirrorListCommand: PodmirrorCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "list", abstract: Message("help.mirror.list.abstract").abstractText)
    }
    static let commandName = "mirror list"
    static let makesChanges = false
    @OptionGroup var global: GlobalOptions

    func run(_ runner: CommandRunner) throws {
        let catalog = try runner.catalog()
        try runner.show(catalog, with: MirrorCatalogRenderer.self)
    }
}
