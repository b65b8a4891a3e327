import Foundation
import PodMirrorFoundation

/// A project whose packages SwiftPM or Xcode resolves: a package root (`Package.swift`), an `.xcodeproj` or an
/// `.xcworkspace`, with the files each keeps its mirrors and pins in.
package struct SwiftPMProject: Sendable, Equatable {
    package enum Kind: String, Sendable, Equatable {
        case package, xcodeproj, xcworkspace
    }

    package var kind: Kind
    /// The package folder, the `.xcodeproj` or the `.xcworkspace` (absolute).
    package var path: String

    package init(kind: Kind, path: String) {
        self.kind = kind
        self.path = path
    }

    /// `App.xcodeproj`, `App.xcworkspace` or the package folder's name.
    package var name: String { (path as NSString).lastPathComponent }

    /// The folder SwiftPM keeps the project's shared data in (`configuration/`, `Package.resolved`).
    var sharedData: String {
        switch kind {
        case .package: return path + "/.swiftpm"
        case .xcodeproj: return path + "/project.xcworkspace/xcshareddata/swiftpm"
        case .xcworkspace: return path + "/xcshareddata/swiftpm"
        }
    }

    /// The project's `mirrors.json`, which replaces the user's when it exists.
    package var mirrorsFile: String { sharedData + "/configuration/mirrors.json" }

    /// The project's `Package.resolved`.
    var resolvedFile: String {
        kind == .package ? path + "/Package.resolved" : sharedData + "/Package.resolved"
    }

    /// The user's `mirrors.json`: `~/Library/org.swift.swiftpm/configuration/` on macOS; on Linux
    /// `$XDG_CONFIG_HOME/swiftpm/configuration/` or, without `XDG_CONFIG_HOME`, `~/.swiftpm/configuration/`
    /// (SwiftPM's `dotSwiftPM`; it does not fall back to `~/.config`).
    static func userMirrorsFile(environment: RuntimeEnvironment) -> String {
        #if os(macOS)
            return environment.home + "/Library/org.swift.swiftpm/configuration/mirrors.json"
        #else
            if let xdg = environment.variables["XDG_CONFIG_HOME"], !xdg.isEmpty {
                return xdg + "/swiftpm/configuration/mirrors.json"
            }
            return environment.home + "/.swiftpm/configuration/mirrors.json"
        #endif
    }

    /// The project at `argument` (default: the current folder) as Xcode opens it: an `.xcworkspace` or
    /// `.xcodeproj` named, else a folder's one workspace (not one inside a project), else its one project, else
    /// its `Package.swift`.
    package static func locate(_ argument: String?, environment: RuntimeEnvironment) throws -> SwiftPMProject {
        let fs = environment.fileSystem
        var path = environment.expandPath(argument.flatMap { $0.isEmpty ? nil : $0 } ?? ".")
        if (path as NSString).lastPathComponent == "Package.swift" {
            path = (path as NSString).deletingLastPathComponent
        }
        let shown = argument ?? path
        guard fs.fileExists(path) else {
            throw PodMirrorFailure(
                Message("swiftpm.error.no-such-path", ["path": shown]), code: .swiftpmProjectNotFound)
        }
        if path.hasSuffix(".xcworkspace") { return SwiftPMProject(kind: .xcworkspace, path: path) }
        if path.hasSuffix(".xcodeproj") { return SwiftPMProject(kind: .xcodeproj, path: path) }
        guard fs.isDirectory(path) else {
            throw PodMirrorFailure(
                Message("swiftpm.error.no-project", ["path": shown]),
                remedy: Message("swiftpm.error.no-project.remedy"), code: .swiftpmProjectNotFound)
        }
        let entries = ((try? fs.contentsOfDirectory(path)) ?? []).sorted()
        for ext in [".xcworkspace", ".xcodeproj"] {
            let found = entries.filter { $0.hasSuffix(ext) }
            if found.count > 1 {
                throw PodMirrorFailure(
                    Message(
                        "swiftpm.error.ambiguous", ["path": shown, "projects": found.joined(separator: ", ")]),
                    remedy: Message(
                        "swiftpm.error.ambiguous.remedy",
                        [
                            "project": XcodeProjectLocation.usable(
                                (path as NSString).appendingPathComponent(found[0]),
                                from: environment.currentDirectory)
                        ]),
                    code: .swiftpmProjectAmbiguous)
            }
            if let one = found.first {
                return SwiftPMProject(kind: ext == ".xcodeproj" ? .xcodeproj : .xcworkspace, path: path + "/" + one)
            }
        }
        if entries.contains("Package.swift") { return SwiftPMProject(kind: .package, path: path) }
        throw PodMirrorFailure(
            Message("swiftpm.error.no-project", ["path": shown]),
            remedy: Message("swiftpm.error.no-project.remedy"), code: .swiftpmProjectNotFound)
    }

    /// The `.xcodeproj`s whose package references Xcode resolves for this project: itself, or every project a
    /// workspace's `contents.xcworkspacedata` names (`group:`, `container:`, `absolute:` locations) that exists.
    func projects(fileSystem fs: any FileSystem) -> [String] {
        switch kind {
        case .package: return []
        case .xcodeproj: return [path]
        case .xcworkspace:
            let folder = (path as NSString).deletingLastPathComponent
            let data = (try? fs.readText(path + "/contents.xcworkspacedata")) ?? ""
            let refs = PackageManifestScan.matches(
                #"location\s*=\s*"(?:group|container|absolute):([^"]*\.xcodeproj)""#, data)
            return refs.map { ref in
                ref.hasPrefix("/")
                    ? ref : ((folder as NSString).appendingPathComponent(ref) as NSString).standardizingPath
            }.filter { fs.fileExists($0 + "/project.pbxproj") }
        }
    }
}
