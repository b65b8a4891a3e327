import ArgumentParser
import Foundation
import PodMirrorKit

struct PodfileCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "podfile",
        abstract:
            "Read and precisely rewrite a Podfile: sources, platform, inhibit_all_warnings!, post_install build "
            + "settings.",
        discussion:
            "Edits change only the bytes they must (comments, CRLF, BOM, tabs and quotes stay) and are idempotent.",
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
        help: ArgumentHelp(
            "The Podfile, or a folder to look in (default: the current folder; CocoaPods.podfile, Podfile, "
                + "Podfile.rb, as CocoaPods looks).")
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
    func runPodfileEdits(_ edits: [PodfileEdit], location: PodfileLocation) throws {
        let runner = runner()
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
            "Show what the Podfile says: sources, platform, inhibit_all_warnings!, targets, hooks, build settings.",
        discussion:
            "Exits 1 when CocoaPods would reject the file for a reason podmirror can see (two post_install hooks, "
            + "two platforms in one target)."
    )
    static let commandName = "podfile show"
    @OptionGroup var global: GlobalOptions
    @OptionGroup var location: PodfileLocation

    func run() throws {
        let runner = runner()
        let env = runner.environment
        let doc = try PodfileDocument.load(path: location.resolve(env), fs: env.fileSystem)
        let model = doc.model
        let rejected = model.problems.contains { $0.code != "podfile.source-expression" }
        try runner.show(
            ok: !rejected,
            json: {
                var object: [String: JSONValue] = ["podfile": .string(doc.path)]
                if case .object(let fields) = model.json { for (k, v) in fields { object[k] = v } }
                return object
            }, text: { renderText(doc) })
    }

    func renderText(_ doc: PodfileDocument) {
        let c = Console.shared
        let m = doc.model
        func platform(_ p: PodfilePlatform?) -> String {
            guard let p else { return "(none)" }
            if let e = p.expression, !["ios", "osx", "tvos", "visionos", "watchos"].contains(p.name) {
                return "\(e) (expression)"
            }
            if let e = p.expression { return ":\(p.name), \(e) (expression)" }
            if let v = p.version { return ":\(p.name), '\(v)'" }
            return ":\(p.name) "
                + Message("podfile.show.default-version", ["version": p.effectiveVersion ?? "?"]).localized
        }
        c.out(c.paint(doc.path, .bold))
        c.out("sources:" + (m.sourceURLs.isEmpty ? " (none: trunk https://cdn.cocoapods.org/ is implicit)" : ""))
        for s in m.sourceURLs { c.out("  \(Redaction.redactURL(s))") }
        c.out("platform: \(platform(m.platform))")
        c.out("inhibit_all_warnings!: \(m.inhibitAllWarnings ? "yes" : "no")")
        c.out("targets:" + (m.root.children.isEmpty ? " (none)" : ""))
        func show(_ t: PodfileTarget, _ depth: Int) {
            var line = String(repeating: "  ", count: depth + 1) + t.name + (t.abstract ? " (abstract)" : "")
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
        c.out("hooks:" + (m.hooks.isEmpty ? " (none)" : ""))
        for h in m.hooks {
            c.out("  \(h.name) (line \(h.line)\(h.target.map { ", in target \($0)" } ?? ""), |\(h.parameter ?? "")|)")
        }
        if !m.buildSettings.isEmpty {
            c.out("build settings (written by podmirror):")
            for s in m.buildSettings {
                c.out(
                    "  \(s.key) = \(s.value)\(s.configuration.map { " [\($0)]" } ?? "")"
                        + "\(s.pod.map { " on \($0)" } ?? "")  (line \(s.line))"
                )
            }
        }
        for p in m.problems {
            c.err(c.paint("error: ", .red, stderr: true) + "\(doc.path):\(p.line): \(p.message)")
        }
    }
}

struct PodfileSourceCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "source",
        abstract: "Change the Podfile's `source` lines.",
        subcommands: [
            PodfileSourceUseCommand.self, PodfileSourceAddCommand.self, PodfileSourceRemoveCommand.self,
            PodfileSourceSetCommand.self,
        ]
    )
}

struct PodfileSourceUseCommand: PodmirrorCommand {
    static let configuration = CommandConfiguration(
        commandName: "use",
        abstract: "Use a Specs mirror: official and catalog sources are replaced by it; private sources stay.",
        discussion:
            "MIRROR is a catalog name (see `podmirror mirror list`) or a URL. A Podfile without `source` lines "
            + "(implicit trunk) gets the mirror as its first statement."
    )
    static let commandName = "podfile source use"
    @OptionGroup var global: GlobalOptions
    @OptionGroup var location: PodfileLocation
    @Argument(help: "Catalog name or URL of the Specs mirror.") var mirror: String

    func run() throws { try runPodfileEdits([.useSource(mirror)], location: location) }
}

struct PodfileSourceAddCommand: PodmirrorCommand {
    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: "Add a source after the existing ones (or first with --first).",
        discussion:
            "A Podfile without sources used trunk implicitly; trunk is then written explicitly next to URL so "
            + "nothing is lost."
    )
    static let commandName = "podfile source add"
    @OptionGroup var global: GlobalOptions
    @OptionGroup var location: PodfileLocation
    @Argument(help: "Catalog name (see `podmirror mirror list`) or source URL.") var url: String
    @Flag(name: .long, help: "Put it before the other sources.") var first = false

    func run() throws { try runPodfileEdits([.addSource(url, first: first)], location: location) }
}

struct PodfileSourceRemoveCommand: PodmirrorCommand {
    static let configuration = CommandConfiguration(
        commandName: "remove",
        abstract: "Remove every `source` line CocoaPods would match to URL (case, trailing .git and / ignored)."
    )
    static let commandName = "podfile source remove"
    @OptionGroup var global: GlobalOptions
    @OptionGroup var location: PodfileLocation
    @Argument(help: "Catalog name (see `podmirror mirror list`) or source URL.") var url: String

    func run() throws { try runPodfileEdits([.removeSource(url)], location: location) }
}

struct PodfileSourceSetCommand: PodmirrorCommand {
    static let configuration = CommandConfiguration(
        commandName: "set",
        abstract: "Make the sources exactly these URLs, in this order, where the first `source` line was."
    )
    static let commandName = "podfile source set"
    @OptionGroup var global: GlobalOptions
    @OptionGroup var location: PodfileLocation
    @Argument(help: "Catalog names or source URLs, in order.") var urls: [String]

    func validate() throws {
        if urls.isEmpty { throw ValidationError("give at least one URL (use `source remove` to remove sources)") }
    }

    func run() throws { try runPodfileEdits([.setSources(urls)], location: location) }
}

struct PodfilePlatformCommand: PodmirrorCommand {
    static let configuration = CommandConfiguration(
        commandName: "platform",
        abstract: "Set `platform :NAME, 'VERSION'` at root or in a target.",
        discussion:
            "Changes the existing platform in place (keeping its quote style), else uncomments `# platform :ios, "
            + "'9.0'` as written by pod init and Flutter, else inserts one after the sources. A version written "
            + "as an expression (e.g. min_ios_version_supported) is replaced only with --force."
    )
    static let commandName = "podfile platform"
    @OptionGroup var global: GlobalOptions
    @OptionGroup var location: PodfileLocation
    @Argument(help: "ios, osx, macos, tvos, visionos or watchos.") var name: String
    @Argument(help: "Deployment target, e.g. 13.0.") var version: String
    @Option(name: .long, help: "Set it in this target's block instead of at root.") var target: String?
    @Flag(name: .long, help: "Replace a platform written as an expression.") var force = false

    func run() throws {
        try runPodfileEdits([.platform(name: name, version: version, target: target, force: force)], location: location)
    }
}

struct PodfileInhibitWarningsCommand: PodmirrorCommand {
    enum State: String, ExpressibleByArgument, CaseIterable { case on, off }
    static let configuration = CommandConfiguration(
        commandName: "inhibit-warnings",
        abstract: "Turn root-level `inhibit_all_warnings!` on or off."
    )
    static let commandName = "podfile inhibit-warnings"
    @OptionGroup var global: GlobalOptions
    @OptionGroup var location: PodfileLocation
    @Argument(help: "on or off.") var state: State

    func run() throws { try runPodfileEdits([.inhibitWarnings(state == .on)], location: location) }
}

struct PodfileBuildSettingCommand: PodmirrorCommand {
    static let configuration = CommandConfiguration(
        commandName: "build-setting",
        abstract:
            "Make every pod target (or one pod) get KEY=VALUE after `pod install`, through the post_install hook.",
        discussion:
            "Inserts into the existing post_install hook (top level or in a target, do/end or braces, Flutter's and "
            + "React Native's included), reusing its block parameter; updates a setting podmirror wrote before; "
            + "never adds a second hook. Without a hook, one is appended."
    )
    static let commandName = "podfile build-setting"
    @OptionGroup var global: GlobalOptions
    @OptionGroup var location: PodfileLocation
    @Argument(help: "KEY=VALUE, e.g. IPHONEOS_DEPLOYMENT_TARGET=13.0.") var assignment: String?
    @Option(name: .long, help: "Remove the setting podmirror wrote for KEY.") var unset: String?
    @Option(name: .long, help: "Only this build configuration (e.g. Debug).") var configuration: String?
    @Option(name: .long, help: "Only this pod target.") var pod: String?

    func validate() throws {
        if (assignment == nil) == (unset == nil) { throw ValidationError("give either KEY=VALUE or --unset KEY") }
    }

    func run() throws {
        let edit: PodfileEdit
        if let key = unset {
            edit = .unsetBuildSetting(key: key, configuration: configuration, pod: pod)
        } else {
            let a = try BuildSettingAssignment(parsing: assignment ?? "")
            edit = .buildSetting(key: a.key, value: a.value, configuration: configuration, pod: pod)
        }
        try runPodfileEdits([edit], location: location)
    }
}

struct PodfileDeploymentTargetCommand: PodmirrorCommand {
    static let configuration = CommandConfiguration(
        commandName: "deployment-target",
        abstract: "Raise every pod target's deployment target to at least VERSION, through the post_install hook.",
        discussion:
            "Writes one line into the existing post_install hook (or appends one) that sets "
            + "IPHONEOS_DEPLOYMENT_TARGET (MACOSX_, TVOS_, WATCHOS_, XROS_ for the other platforms) on each pod "
            + "target whose own value is lower; higher values stay. Running it again with another VERSION "
            + "updates that line."
    )
    static let commandName = "podfile deployment-target"
    @OptionGroup var global: GlobalOptions
    @OptionGroup var location: PodfileLocation
    @Argument(help: "ios, macos, tvos, visionos or watchos.") var platform: String
    @Argument(help: "The minimum, e.g. 15.0.") var version: String

    func run() throws {
        try runPodfileEdits([.deploymentTarget(platform: platform, version: version)], location: location)
    }
}
