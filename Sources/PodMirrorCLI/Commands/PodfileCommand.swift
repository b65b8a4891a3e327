import ArgumentParser
import Foundation
import PodMirrorCocoaPods
import PodMirrorFoundation
import PodMirrorKit

struct PodfileCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
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

/// `--podfile PATH`; by default the Podfile CocoaPods would use in the current folder.
struct PodfileLocation: ParsableArguments {
    @Option(
        name: .long,
        help:
            Message("help.podfile.location.option.podfile").help
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
        var catalog = try runner.catalog()
        for case .useSource(let mirror) in edits {
            // Local repos sharing the Specs history: their URLs are replaced like official sources.
            let url = try catalog.resolve(mirror, gems: false).url
            catalog = catalog.addingSpecsCopies(
                SpecRepoHistory.specsURLs(
                    repos: ReposDirectory(environment: env), target: url,
                    catalog: catalog))
        }
        let plan = try PodfileEditor.plan(
            edits, podfile: path, fs: env.fileSystem, catalog: catalog, displayPath: shown)
        try runner.run(plan, extra: ["podfile": .string(path)])
    }
}

struct PodfileShowCommand: PodmirrorCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract:
            Message("help.podfile.show.abstract").abstractText,
        discussion:
            Message("help.podfile.show.discussion").discussionText
    )
    static let commandName = "podfile show"
    @OptionGroup var global: GlobalOptions
    @OptionGroup var location: PodfileLocation

    func run(_ runner: CommandRunner) throws {
        let env = runner.environment
        let doc = try PodfileDocument.load(path: location.resolve(env), fs: env.fileSystem)
        let model = doc.model
        let rejected = model.problems.contains { $0.code.rejectedByCocoaPods }
        try runner.show(
            ok: !rejected,
            json: {
                var object: [String: JSONValue] = ["podfile": .string(doc.path)]
                if case .object(let fields) = model.json { for (k, v) in fields { object[k] = v } }
                return object
            }, text: { renderText(doc, console: runner.console) })
    }

    func renderText(_ doc: PodfileDocument, console c: Console) {
        let m = doc.model
        let none = Message("podfile.show.none").localized
        func platform(_ p: PodfilePlatform?) -> String {
            guard let p else { return none }
            let expression = Message("podfile.show.expression").localized
            if let e = p.expression, !["ios", "osx", "tvos", "visionos", "watchos"].contains(p.name) {
                return "\(e) \(expression)"
            }
            if let e = p.expression { return ":\(p.name), \(e) \(expression)" }
            if let v = p.version { return ":\(p.name), '\(v)'" }
            return ":\(p.name) "
                + Message("podfile.show.default-version", ["version": p.effectiveVersion ?? "?"]).localized
        }
        c.out(c.paint(doc.path, .bold))
        c.out(Message(m.sourceURLs.isEmpty ? "podfile.show.sources-implicit" : "podfile.show.sources").localized)
        for s in m.sourceURLs { c.out("  \(Redaction.redactURL(s))") }
        c.out(Message("podfile.show.platform", ["platform": platform(m.platform)]).localized)
        c.out(Message(m.inhibitAllWarnings ? "podfile.show.inhibit-yes" : "podfile.show.inhibit-no").localized)
        func heading(_ key: String, empty: Bool) -> String {
            let h = Message(key).localized
            return empty ? Message("podfile.show.heading-none", ["heading": h, "none": none]).localized : h
        }
        c.out(heading("podfile.show.targets", empty: m.root.children.isEmpty))
        func show(_ t: PodfileTarget, _ depth: Int) {
            var line = String(repeating: "  ", count: depth + 1) + t.name
            if t.abstract { line += " " + Message("podfile.show.abstract-target").localized }
            if let p = t.platform { line += "  platform \(platform(p))" }
            if t.inhibitAllWarnings {
                line += "  inhibit_all_warnings!"
            } else if t.effectiveInhibitAllWarnings {
                line += "  " + Message("podfile.show.inherited-inhibit").localized
            }
            c.out(line)
            t.children.forEach { show($0, depth + 1) }
        }
        m.root.children.forEach { show($0, 0) }
        c.out(heading("podfile.show.hooks", empty: m.hooks.isEmpty))
        for h in m.hooks {
            let args = ["name": h.name, "line": String(h.line), "parameter": h.parameter ?? ""]
            let hook = h.target.map { Message("podfile.show.hook-in-target", args.merging(["target": $0]) { $1 }) }
            c.out("  " + (hook ?? Message("podfile.show.hook", args)).localized)
        }
        if !m.buildSettings.isEmpty || !m.deploymentTargets.isEmpty {
            c.out(Message("podfile.show.build-settings").localized)
            for s in m.buildSettings {
                var line = "  \(s.key) = \(s.value)\(s.configuration.map { " [\($0)]" } ?? "")"
                if let pod = s.pod { line += " " + Message("podfile.show.on-pod", ["pod": pod]).localized }
                c.out(line + "  " + Message("podfile.show.at-line", ["line": String(s.line)]).localized)
            }
            for s in m.deploymentTargets {
                c.out(
                    "  \(s.key) >= \(s.value) " + Message("podfile.show.at-least").localized + "  "
                        + Message("podfile.show.at-line", ["line": String(s.line)]).localized)
            }
        }
        for p in m.problems {
            c.err(
                c.paint(Message("cli.prefix.error").localized, .red, stderr: true)
                    + "\(doc.path):\(p.line): \(p.message)")
        }
    }
}

struct PodfileSourceCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "source",
        abstract: Message("help.podfile.source.abstract").abstractText,
        subcommands: [
            PodfileSourceUseCommand.self, PodfileSourceAddCommand.self, PodfileSourceRemoveCommand.self,
            PodfileSourceSetCommand.self,
        ]
    )
}

struct PodfileSourceUseCommand: PodmirrorCommand {
    static let configuration = CommandConfiguration(
        commandName: "use",
        abstract: Message("help.podfile.source.use.abstract").abstractText,
        discussion:
            Message("help.podfile.source.use.discussion").discussionText
    )
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
    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: Message("help.podfile.source.add.abstract").abstractText,
        discussion:
            Message("help.podfile.source.add.discussion").discussionText
    )
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
    static let configuration = CommandConfiguration(
        commandName: "remove",
        abstract: Message("help.podfile.source.remove.abstract").abstractText
    )
    static let commandName = "podfile source remove"
    @OptionGroup var global: GlobalOptions
    @OptionGroup var location: PodfileLocation
    @Argument(help: Message("help.podfile.source.remove.argument.url").help) var url: String

    func run(_ runner: CommandRunner) throws {
        try runPodfileEdits([.removeSource(url)], location: location, runner: runner)
    }
}

struct PodfileSourceSetCommand: PodmirrorCommand {
    static let configuration = CommandConfiguration(
        commandName: "set",
        abstract: Message("help.podfile.source.set.abstract").abstractText
    )
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
    static let configuration = CommandConfiguration(
        commandName: "platform",
        abstract: Message("help.podfile.platform.abstract").abstractText,
        discussion:
            Message("help.podfile.platform.discussion").discussionText
    )
    static let commandName = "podfile platform"
    @OptionGroup var global: GlobalOptions
    @OptionGroup var location: PodfileLocation
    @Argument(help: Message("help.podfile.platform.argument.name").help) var name: String
    @Argument(help: Message("help.podfile.platform.argument.version").help) var version: String?
    @Option(name: .long, help: Message("help.podfile.platform.option.target").help) var target: String?
    @Flag(name: .long, help: Message("help.podfile.platform.flag.force").help) var force = false

    func run(_ runner: CommandRunner) throws {
        let (name, version) = try SetupRequest.parsePlatform(name, version: version)
        try runPodfileEdits(
            [.platform(name: name, version: version, target: target, force: force)], location: location, runner: runner)
    }
}

struct PodfileInhibitWarningsCommand: PodmirrorCommand {
    static let configuration = CommandConfiguration(
        commandName: "inhibit-warnings",
        abstract: Message("help.podfile.inhibit-warnings.abstract").abstractText
    )
    static let commandName = "podfile inhibit-warnings"
    @OptionGroup var global: GlobalOptions
    @OptionGroup var location: PodfileLocation
    @Argument(help: Message("help.podfile.inhibit-warnings.argument.state").help) var state: OnOff = .on

    func run(_ runner: CommandRunner) throws {
        try runPodfileEdits([.inhibitWarnings(state == .on)], location: location, runner: runner)
    }
}

struct PodfileBuildSettingCommand: PodmirrorCommand {
    static let configuration = CommandConfiguration(
        commandName: "build-setting",
        abstract:
            Message("help.podfile.build-setting.abstract").abstractText,
        discussion:
            Message("help.podfile.build-setting.discussion").discussionText
    )
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
    static let configuration = CommandConfiguration(
        commandName: "deployment-target",
        abstract: Message("help.podfile.deployment-target.abstract").abstractText,
        discussion:
            Message("help.podfile.deployment-target.discussion").discussionText
    )
    static let commandName = "podfile deployment-target"
    @OptionGroup var global: GlobalOptions
    @OptionGroup var location: PodfileLocation
    @Argument(help: Message("help.podfile.deployment-target.argument.platform").help) var platform: String
    @Argument(help: Message("help.podfile.deployment-target.argument.version").help) var version: String?

    func run(_ runner: CommandRunner) throws {
        let (platform, version) = try SetupRequest.parsePlatform(platform, version: version)
        try runPodfileEdits(
            [.deploymentTarget(platform: platform, version: version)], location: location, runner: runner)
    }
}
