import ArgumentParser
import Foundation
import PodMirrorKit

struct InitCommand: PodmirrorCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: "Create a Podfile for the Xcode project here, the way pod init does.",
        discussion:
            "PATH is a folder holding one .xcodeproj (the Podfile goes into that folder) or an .xcodeproj (the "
            + "Podfile goes into the current folder, with a `project` line, as pod init does). Never overwrites "
            + "an existing Podfile."
    )
    static let commandName = "init"
    @OptionGroup var global: GlobalOptions
    @Option(
        name: .long,
        help: "Template from templates/: Podfile.NAME for app targets (Podfile.NAME-test for tests), or a file path.")
    var template = "default"
    @Option(
        name: .long, help: "Write an active platform line, e.g. ios:13.0 (default: the commented one pod init writes).")
    var platform: String?
    @Argument(help: "A folder holding the .xcodeproj, or the .xcodeproj.")
    var path: String?

    func run() throws {
        let runner = runner()
        let env = runner.environment
        let choice = try platform.map { try PlatformChoice(parsing: $0) }
        let location = try XcodeProjectLocator.locate(path, environment: env)
        let namesProject = path.map { $0.hasSuffix(".xcodeproj") || $0.hasSuffix(".xcodeproj/") } ?? false
        let directory = namesProject || path == nil ? env.currentDirectory : location.projectDirectory
        let (plan, extra) = try PodfileInit.plan(
            project: location, podfileDirectory: directory,
            projectLine: namesProject ? path : nil, platform: choice,
            template: template, fileSystem: env.fileSystem)
        try runner.run(plan, extra: extra)
    }
}
