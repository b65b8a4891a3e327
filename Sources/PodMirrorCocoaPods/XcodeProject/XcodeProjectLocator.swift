import Foundation
import PodMirrorFoundation

/// Where a project lives: the .xcodeproj, its project.pbxproj, and the Podfile folder that holds `Pods/`.
package struct XcodeProjectLocation: Sendable, Equatable {
    /// Absolute path of the `.xcodeproj` folder.
    package var xcodeproj: String
    /// Absolute path of the Podfile's folder (the installation root), or the project's folder when
    /// there is no Podfile above it.
    package var installationRoot: String
    package var hasPodfile: Bool

    package var pbxproj: String { (xcodeproj as NSString).appendingPathComponent("project.pbxproj") }
    package var podsDirectory: String { (installationRoot as NSString).appendingPathComponent("Pods") }
    /// The folder holding the .xcodeproj: the source root its paths are relative to.
    package var projectDirectory: String { (xcodeproj as NSString).deletingLastPathComponent }
    /// `App.xcodeproj`, as CocoaPods names it in messages.
    package var name: String { (xcodeproj as NSString).lastPathComponent }
    /// The project path relative to the installation root (what `pod deintegrate` prints).
    package var displayPath: String { Self.relative(xcodeproj, to: installationRoot) }

    static func relative(_ path: String, to base: String) -> String {
        if path.hasPrefix(base + "/") { return String(path.dropFirst(base.count + 1)) }
        return path
    }

    /// `path` as a hint can name it to be used from `currentDirectory`: relative when inside it, else absolute.
    package static func usable(_ path: String, from currentDirectory: String) -> String {
        let cwd = currentDirectory.hasSuffix("/") ? String(currentDirectory.dropLast()) : currentDirectory
        return cwd.isEmpty ? path : relative(path, to: cwd)
    }
}

/// Finds the project a command works on: a PATH argument (a folder or the .xcodeproj) or the
/// project next to the Podfile in the current folder.
package enum XcodeProjectLocator {
    /// File names CocoaPods accepts as a Podfile, in its order of preference.
    package static let podfileNames = ["CocoaPods.podfile.yaml", "CocoaPods.podfile", "Podfile", "Podfile.rb"]

    package static func locate(
        _ argument: String?, command: String, environment: RuntimeEnvironment
    ) throws -> XcodeProjectLocation {
        let fs = environment.fileSystem
        let xcodeproj: String
        if let argument, !argument.isEmpty {
            var path = environment.expandPath(argument)
            if (path as NSString).lastPathComponent == "project.pbxproj" {
                path = (path as NSString).deletingLastPathComponent
            }
            guard fs.fileExists(path) else {
                throw PodMirrorFailure(
                    Message("xcodeproj.error.no-such-path", ["path": argument]),
                    remedy: Message("xcodeproj.error.no-such-path.remedy"), code: .xcodeprojNotFound)
            }
            if path.hasSuffix(".xcodeproj") {
                xcodeproj = path
            } else if fs.isDirectory(path) {
                xcodeproj = try single(
                    in: path, command: command, fileSystem: fs, currentDirectory: environment.currentDirectory)
            } else {
                throw PodMirrorFailure(
                    Message("xcodeproj.error.not-a-project", ["path": argument]), code: .xcodeprojNotAProject)
            }
        } else {
            xcodeproj = try single(
                in: environment.currentDirectory, command: command, fileSystem: fs,
                currentDirectory: environment.currentDirectory)
        }
        let pbxproj = (xcodeproj as NSString).appendingPathComponent("project.pbxproj")
        guard fs.fileExists(pbxproj) else {
            throw PodMirrorFailure(Message("xcodeproj.error.no-pbxproj", ["path": xcodeproj]), code: .xcodeprojInvalid)
        }
        let projectDir = (xcodeproj as NSString).deletingLastPathComponent
        var dir = projectDir
        while true {
            if podfileNames.contains(where: { fs.fileExists((dir as NSString).appendingPathComponent($0)) }) {
                return XcodeProjectLocation(xcodeproj: xcodeproj, installationRoot: dir, hasPodfile: true)
            }
            let up = (dir as NSString).deletingLastPathComponent
            if up == dir || up.isEmpty { break }
            dir = up
        }
        return XcodeProjectLocation(xcodeproj: xcodeproj, installationRoot: projectDir, hasPodfile: false)
    }

    /// The one .xcodeproj in a folder; errors list the candidates when there are several.
    /// `command` (`deintegrate`, `reinstall`, `init`) is named in the remedy with the project's path from
    /// `currentDirectory` (not from the folder searched), so it can be run as written.
    static func single(
        in folder: String, command: String, fileSystem fs: any FileSystem, currentDirectory: String
    ) throws -> String {
        let entries = ((try? fs.contentsOfDirectory(folder)) ?? []).filter { $0.hasSuffix(".xcodeproj") }.sorted()
        if entries.count == 1 { return (folder as NSString).appendingPathComponent(entries[0]) }
        if entries.isEmpty {
            throw PodMirrorFailure(
                Message("xcodeproj.error.none-in-folder", ["path": folder]),
                remedy: Message("xcodeproj.error.none-in-folder.remedy", ["command": command]), code: .xcodeprojNotFound
            )
        }
        throw PodMirrorFailure(
            Message("xcodeproj.error.ambiguous", ["path": folder, "projects": entries.joined(separator: ", ")]),
            remedy: Message(
                "xcodeproj.error.ambiguous.remedy",
                [
                    "command": command,
                    "project": XcodeProjectLocation.usable(
                        (folder as NSString).appendingPathComponent(entries[0]), from: currentDirectory),
                ]),
            code: .xcodeprojAmbiguous)
    }
}
