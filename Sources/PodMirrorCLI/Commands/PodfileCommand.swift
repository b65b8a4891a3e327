import ArgumentParser
import Foundation
import PodMirrorCocoaPods
import PodMirrorFoundation
import PodMirrorKit

struct PodfileCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "podfile",
            abstract:
                Message("help.podfile.abstract").abstractText,
            discussion:
                Message("help.podfile.discussion").discussionText,
            subcommands: [
                PodfileShowCommand.self, PodfileSourceCommand.self, PodfilePlatformCommand.self,
                PodfileInhibitWarningsCommand.self, PodfileBuildSettingCommand.self,
                PodfileDeploymentTargetCommand.self,
            ]
        )
    }
}

/// `--podfile PATH`; by default the Podfile CocoaPods would use in the current folder.
struct PodfileLocation: ParsableArguments {
    @Option(
        name: .long,
        help:
            Message("help.podfile.location.option.podfile").help,
        completion: .file()
    )
    var podfile: String?

    func resolve(_ env: RuntimeEnvironment) -> String {
        let dir: String
        if let podfile {
            let path = env.expandPath(podfile)
            guard env.fileSystem.isDirectory(path) else { return path }
            dir = path
        } else {
            dir = env.currentDirectory
        }
        return PodfileDocument.locate(in: dir, fs: env.fileSystem)
            ?? (dir as NSString).appendingPathComponent("Podfile")
    }
}

extension PodmirrorCommand {
    /// Plans the edits on the Podfile, runs the plan in the mode asked, and renders it.
    func runPodfileEdits(_ edits: [PodfileEdit], location: PodfileLocation, runner: CommandRunner) throws {
        let env = runner.environment
        let path = location.resolve(env)
        let cwd = env.currentDirectory.hasSuffix("/") ? env.currentDirectory : env.currentDirectory + "/"
        let shown = path.hasPrefix(cwd) ? String(path.dropFirst(cwd.count)) : path
        let plan = try PodfileEdits.plan(
            edits, podfile: path, displayPath: shown, given: location.podfile != nil, catalog: try runner.catalog(),
            environment: env)
        try runner.run(plan, extra: ["podfile": .string(path)])
    }
}

struct PodfileShowCommand: PodmirrorCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "show",
            abstract:
                Message("help.podfile.show.abstract").abstractText,
            discussion:
                Message("help.podfile.show.discussion").discussionText
        )
    }
    static let commandName = "podfile show"
    static let makesChanges = false
    @OptionGroup var global: GlobalOptions
    @OptionGroup var location: PodfileLocation

    func run(_ runner: CommandRunner) throws {
        let env = runner.environment
        let doc = try PodfileDocument.load(
            path: location.resolve(env), fs: env.fileSystem, given: location.podfile != nil)
        let model = doc.model
        let rejected = model.problems.contains { $0.code.rejectedByCocoaPods }
        try runner.show(
            doc, with: PodfileShowRenderer.self, ok: !rejected,
            error: PodMirrorFailure(
                Message("podfile.show.error.rejected", ["path": doc.path]), code: .podfileRejected))
    }
}

struct PodfileSourceCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "source",
            abstract: Message("help.podfile.source.abstract").abstractText,
            subcommands: [
                PodfileSourceUseCommand.self, PodfileSourceAddCommand.self, PodfileSourceRemoveCommand.self,
                PodfileSourceSetCommand.self,
            ]
        )
    }
}

struct PodfileSourceUseCommand: PodmirrorCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "use",
            abstract: Message("help.podfile.source.use.abstract").abstractText,
            discussion:
                Message("help.podfile.source.use.discussion").discussionText
        )
    }
    static let commandName = "podfile source use"
    @OptionGroup var global: GlobalOptions
    @OptionGroup var location: PodfileLocation
    @Argument(help: Message("help.podfile.source.use.argument.mirror").help, completion: Completions.specsMirrors)
    var mirror: String

    func run(_ runner: CommandRunner) throws {
        try runPodfileEdits([.useSource(mirror)], location: location, runner: runner)
    }
}

struct PodfileSourceAddCommand: PodmirrorCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "add",
            abstract: Message("help.podfile.source.add.abstract").abstractText,
            discussion:
                Message("help.podfile.source.add.discussion").discussionText
        )
    }
    static let commandName = "podfile source add"
    @OptionGroup var global: GlobalOptions
    @OptionGroup var location: PodfileLocation
    @Argument(help: Message("help.podfile.source.add.argument.url").help) var url: String
    @Flag(name: .long, help: Message("help.podfile.source.add.flag.first").help) var first = false

    func run(_ runner: CommandRunner) throws {
        try runPodfileEdits([.addSource(url, first: first)], location: location, runner: runner)
    }
}

struct PodfileSourceRemoveCommand: PodmirrorCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "remove",
            abstract: Message("help.podfile.source.remove.abstract").abstractText
        )
    }
    static let commandName = "podfile source remove"
    @OptionGroup var global: GlobalOptions
    @OptionGroup var location: PodfileLocation
    @Argument(help: Message("help.podfile.source.remove.argument.url").help) var url: String

    func run(_ runner: CommandRunner) throws {
        try runPodfileEdits([.removeSource(url)], location: location, runner: runner)
    }
}

struct PodfileSourceSetCommand: PodmirrorCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "set",
            abstract: Message("help.podfile.source.set.abstract").abstractText
        )
    }
    static let commandName = "podfile source set"
    @OptionGroup var global: GlobalOptions
    @OptionGroup var location: PodfileLocation
    @Argument(help: Message("help.podfile.source.set.argument.urls").help) var urls: [String]

    func validate() throws {
        if urls.isEmpty { throw ValidationError(Message("podfile.cli.set-needs-url").localized) }
    }

    func run(_ runner: CommandRunner) throws {
        try runPodfileEdits([.setSources(urls)], location: location, runner: runner)
    }
}

struct PodfilePlatformCommand: PodmirrorCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "platform",
            abstract: Message("help.podfile.platform.abstract").abstractText,
            discussion:
                Message("help.podfile.platform.discussion").discussionText
        )
    }
    static let commandName = "podfile platform"
    @OptionGroup var global: GlobalOptions
    @OptionGroup var location: PodfileLocation
    @Argument(help: Message("help.podfile.platform.argument.name").help) var name: String
    @Argument(help: Message("help.podfile.platform.argument.version").help) var version: String?
    @Option(name: .long, help: Message("help.podfile.platform.option.target").help) var target: String?

    func run(_ runner: CommandRunner) throws {
        let platform = try PlatformVersion(parsing: name, version: version)
        // The global --force: replace a platform written as an expression (and a read-only Podfile).
        try runPodfileEdits(
            [.platform(platform, target: target, force: global.force)], location: location, runner: runner)
    }
}

struct PodfileInhibitWarningsCommand: PodmirrorCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "inhibit-warnings",
            abstract: Message("help.podfile.inhibit-warnings.abstract").abstractText
        )
    }
    static let commandName = "podfile inhibit-warnings"
    @OptionGroup var global: GlobalOptions
    @OptionGroup var location: PodfileLocation
    @Argument(help: Message("help.podfile.inhibit-warnings.argument.state").help) var state: OnOff = .on

    func run(_ runner: CommandRunner) throws {
        try runPodfileEdits([.inhibitWarnings(state == .on)], location: location, runner: runner)
    }
}

struct PodfileBuildSettingCommand: PodmirrorCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "build-setting",
            abstract:
                Message("help.podfile.build-setting.abstract").abstractText,
            discussion:
                Message("help.podfile.build-setting.discussion").discussionText
        )
    }
    static let commandName = "podfile build-setting"
    @OptionGroup var global: GlobalOptions
    @OptionGroup var location: PodfileLocation
    @Argument(help: Message("help.podfile.build-setting.argument.assignment").help) var assignment: String?
    @Option(name: .long, help: Message("help.podfile.build-setting.option.unset").help) var unset: String?
    @Option(name: .long, help: Message("help.podfile.build-setting.option.configuration").help) var configuration:
        String?
    @Option(name: .long, help: Message("help.podfile.build-setting.option.pod").help) var pod: String?

    func validate() throws {
        if (assignment == nil) == (unset == nil) {
            throw ValidationError(Message("podfile.cli.assignment-or-unset").localized)
        }
    }

    func run(_ runner: CommandRunner) throws {
        let edit: PodfileEdit
        if let key = unset {
            edit = .unsetBuildSetting(key: key, configuration: configuration, pod: pod)
        } else {
            let a = try BuildSettingAssignment(parsing: assignment ?? "")
            edit = .buildSetting(key: a.key, value: a.value, configuration: configuration, pod: pod)
        }
        try runPodfileEdits([edit], location: location, runner: runner)
    }
}

struct PodfileDeploymentTargetCommand: PodmirrorCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "deployment-target",
            abstract: Message("help.podfile.deployment-target.abstract").abstractText,
            discussion:
                Message("help.podfile.deployment-target.discussion").discussionText
        )
    }
    static let commandName = "podfile deployment-target"
    @OptionGroup var global: GlobalOptions
    @OptionGroup var location: PodfileLocation
    @Argument(help: Message("help.podfile.deployment-target.argument.platform").help) var platform: String
    @Argument(help: Message("help.podfile.deployment-target.argument.version").help) var version: String?

    func run(_ runner: CommandRunner) throws {
        let target = try PlatformVersion(parsing: platform, version: version)
        try runPodfileEdits([.deploymentTarget(target)], location: location, runner: runner)
    }
}
