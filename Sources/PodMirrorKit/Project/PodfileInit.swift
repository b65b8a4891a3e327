import Foundation
import PodMirrorCocoaPods
import PodMirrorFoundation

/// `platform :ios, '13.0'` as given on the command line (`ios:13.0`).
package struct PlatformChoice: Sendable, Equatable {
    package var name: String
    package var version: String?

    /// Parses `ios`, `ios:13.0`, `macos:12` (written `:osx`, CocoaPods' name), `tvos`, `watchos`, `visionos`.
    package init(parsing text: String) throws {
        let (platform, version) = try PodPlatform.parse(text, versionRequired: false)
        name = platform.rawValue
        self.version = version
    }

    var podfileLine: String { "platform :\(name)" + (version.map { ", '\($0)'" } ?? "") }
}

/// Writes a new Podfile the way `pod init` does: native targets from the project,
/// test targets nested under every app target whose name prefixes theirs.
package enum PodfileInit {
    static let testTypes: Set<String> = [
        "com.apple.product-type.bundle.unit-test", "com.apple.product-type.bundle.ui-testing",
        "com.apple.product-type.bundle.ocunit-test",
    ]
    static let noInheritHosts: Set<String> = [
        "com.apple.product-type.app-extension", "com.apple.product-type.framework",
        "com.apple.product-type.library.static", "com.apple.product-type.app-extension.messages",
        "com.apple.product-type.watchkit-extension", "com.apple.product-type.xpc-service",
    ]

    /// The Podfile text. `appBody`/`testBody` are template texts; `${TARGET_NAME}` is replaced.
    package static func render(
        targets: [(name: String, productType: String)], projectLine: String?, platform: PlatformChoice?,
        appBody: String, testBody: String
    ) -> String {
        let sorted = targets.sorted { $0.name.lowercased() < $1.name.lowercased() }
        let tests = sorted.filter { testTypes.contains($0.productType) }
        let apps = sorted.filter { !testTypes.contains($0.productType) }
        var out = ""
        if let projectLine { out += "project '\(quote(projectLine))'\n\n" }
        if let platform {
            out += platform.podfileLine + "\n"
        } else {
            out += "# Uncomment the next line to define a global platform for your project\n# platform :ios, '9.0'\n"
        }
        for app in apps {
            out += "\ntarget '\(quote(app.name))' do\n"
            out += "  # Comment the next line if you don't want to use dynamic frameworks\n  use_frameworks!\n\n"
            out += indent(body(appBody, app.name), 2) + "\n"
            for test in tests where test.name.lowercased().hasPrefix(app.name.lowercased()) {
                out += "\n  target '\(quote(test.name))' do\n"
                if !noInheritHosts.contains(app.productType)
                    && test.productType != "com.apple.product-type.bundle.ui-testing"
                {
                    out += "    inherit! :search_paths\n"
                }
                out += indent(body(testBody, test.name), 4) + "\n  end\n"
            }
            out += "\nend\n"
        }
        return out
    }

    static func quote(_ s: String) -> String {
        s.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'")
    }

    static func body(_ template: String, _ target: String) -> String {
        var t = template.replacingOccurrences(of: "${TARGET_NAME}", with: target)
        while t.hasSuffix("\n") { t.removeLast() }
        return t
    }

    static func indent(_ text: String, _ n: Int) -> String {
        let pad = String(repeating: " ", count: n)
        return text.split(separator: "\n", omittingEmptySubsequences: false).map { $0.isEmpty ? "" : pad + $0 }.joined(
            separator: "\n")
    }

    /// Reads `Podfile.NAME` (and `Podfile.NAME-test`, else `Podfile.test`) from `templates/`, or a
    /// file path given as NAME.
    package static func templates(named name: String, fileSystem fs: any FileSystem) throws -> (
        app: String, test: String
    ) {
        func load(_ file: String) -> String? {
            if file.contains("/") { return try? fs.readText(file) }
            return Templates.url(for: file, fileSystem: fs).flatMap { try? fs.readText($0.path) }
        }
        guard let app = load(name.contains("/") ? name : "Podfile.\(name)") else {
            let known =
                Templates.directory().flatMap { try? fs.contentsOfDirectory($0.path) }?
                .filter { $0.hasPrefix("Podfile.") && !$0.hasSuffix("-test") && $0 != "Podfile.test" }
                .map { String($0.dropFirst("Podfile.".count)) }.sorted() ?? []
            throw PodMirrorFailure(
                Message("init.error.template", ["name": name]),
                remedy: Message("init.error.template.remedy", ["templates": known.joined(separator: ", ")]),
                code: .initTemplate)
        }
        let test =
            (name.contains("/") ? nil : load("Podfile.\(name)-test")) ?? load("Podfile.test") ?? "# Pods for testing"
        return (app, test)
    }

    /// The plan of `init [PATH]`: the Podfile goes in the current folder when PATH is absent or names the
    /// `.xcodeproj` itself (then with a `project` line naming it), else beside the project CocoaPods finds in PATH.
    /// `sources` are the source edits of `--mirror` and `--source` (`podfile source use`/`add`), made on the new
    /// Podfile before it is written.
    package static func plan(
        path: String?, platform: PlatformChoice?, template: String, environment: RuntimeEnvironment,
        sources: [PodfileEdit] = [], catalog: MirrorCatalog? = nil
    ) throws -> (Plan, Created) {
        let location = try XcodeProjectLocator.locate(path, command: "init", environment: environment)
        let namesProject = path.map { $0.hasSuffix(".xcodeproj") || $0.hasSuffix(".xcodeproj/") } ?? false
        let directory = namesProject || path == nil ? environment.currentDirectory : location.projectDirectory
        return try plan(
            project: location, podfileDirectory: directory, projectLine: namesProject ? path : nil,
            platform: platform, template: template, fileSystem: environment.fileSystem, sources: sources,
            catalog: catalog)
    }

    /// The plan creating the Podfile. Refuses when any Podfile already exists in `directory`.
    package static func plan(
        project location: XcodeProjectLocation, podfileDirectory directory: String, projectLine: String?,
        platform: PlatformChoice?, template: String, fileSystem fs: any FileSystem, sources: [PodfileEdit] = [],
        catalog: MirrorCatalog? = nil
    ) throws -> (Plan, Created) {
        let (app, test) = try templates(named: template, fileSystem: fs)
        if let existing = XcodeProjectLocator.podfileNames.first(where: {
            fs.fileExists((directory as NSString).appendingPathComponent($0))
        }) {
            throw PodMirrorFailure(
                Message("init.error.podfile-exists", ["path": directory, "file": existing]),
                remedy: Message("init.error.podfile-exists.remedy"), code: .initPodfileExists)
        }
        let file = try PBXProjectFile.read(location.pbxproj, fileSystem: fs)
        let targets = file.nativeTargets.map {
            (name: $0.string("name") ?? $0.id, productType: $0.string("productType") ?? "")
        }
        let text = render(targets: targets, projectLine: projectLine, platform: platform, appBody: app, testBody: test)
        let path = (directory as NSString).appendingPathComponent("Podfile")
        var bytes = Array(text.utf8)
        var warnings: [Diagnostic] = []
        if !sources.isEmpty {
            let edited = try PodfileEditor.apply(
                sources, to: PodfileDocument(bytes: bytes, path: path), catalog: catalog ?? MirrorCatalog.bundled())
            bytes = edited.new
            warnings = edited.warnings
        }
        let summary = Message("init.summary.create", ["path": path, "project": location.name])
        let change = Change.fileEdit(
            id: "podfile.create:\(path)", kind: .podfileCreate, path: path, displayPath: "Podfile",
            old: nil, new: bytes, summary: summary.english, fileSystem: fs
        ).said(summary)
        let created = Created(
            podfile: path, project: location.xcodeproj,
            targets: targets.map {
                .init(name: $0.name, productType: $0.productType, test: testTypes.contains($0.productType))
            })
        return (Plan(title: "init \(location.name)", changes: [change], warnings: warnings), created)
    }

    /// The Podfile `init` writes, the project it is for and that project's targets (`init --json`'s own fields).
    package struct Created: Encodable, Sendable {
        package var podfile: String
        package var project: String
        package var targets: [Target]

        /// A native target of the project; `test` when its product is a test bundle.
        package struct Target: Encodable, Sendable {
            package var name: String
            var productType: String
            var test: Bool
        }
    }
}
