import Foundation
import PodMirrorFoundation

/// The remote packages a project names, each with the files that name it: the pins of its `Package.resolved`,
/// the `XCRemoteSwiftPackageReference`s of its Xcode projects and the literal `.package(url:)`s of a root
/// `Package.swift`; and the binary targets its manifests download (the root's and, for a package, those of the
/// checkouts in `.build/checkouts/`).
package struct SwiftPMPackages: Sendable, Equatable {
    /// One package URL, as written (SwiftPM matches mirrors against it as an exact string).
    package struct Package: Sendable, Equatable, Encodable {
        package var url: String
        /// The files that name it.
        package var seenIn: [String]
    }

    /// A `.binaryTarget(url:)` download.
    package struct BinaryTarget: Sendable, Equatable, Encodable {
        package var url: String
        /// The `Package.swift` that declares it.
        package var manifest: String
    }

    var packages: [Package] = []
    package var binaryTargets: [BinaryTarget] = []

    /// Reads what `project` names; a malformed `Package.resolved` or `project.pbxproj` is refused naming it.
    package static func read(_ project: SwiftPMProject, fileSystem fs: any FileSystem) throws -> SwiftPMPackages {
        var found = SwiftPMPackages()
        if fs.fileExists(project.resolvedFile) {
            for url in try PackageResolved.pinnedURLs(project.resolvedFile, fileSystem: fs) {
                found.add(url, seenIn: project.resolvedFile)
            }
        }
        for xcodeproj in project.projects(fileSystem: fs) {
            let pbxproj = xcodeproj + "/project.pbxproj"
            let file = try PBXProjectFile.read(pbxproj, fileSystem: fs)
            for object in file.objects where object.isa == "XCRemoteSwiftPackageReference" {
                if let url = object.string("repositoryURL") { found.add(url, seenIn: pbxproj) }
            }
        }
        if project.kind == .package {
            let manifest = project.path + "/Package.swift"
            if let scan = try PackageManifestScan.read(manifest, fileSystem: fs) {
                for url in scan.packageURLs where PackageResolved.isRemote(url) { found.add(url, seenIn: manifest) }
                found.binaryTargets += scan.binaryTargetURLs.map { BinaryTarget(url: $0, manifest: manifest) }
            }
            let checkouts = project.path + "/.build/checkouts"
            for name in ((try? fs.contentsOfDirectory(checkouts)) ?? []).sorted() {
                let path = checkouts + "/" + name + "/Package.swift"
                guard let scan = try? PackageManifestScan.read(path, fileSystem: fs) else { continue }
                found.binaryTargets += scan.binaryTargetURLs.map { BinaryTarget(url: $0, manifest: path) }
            }
        }
        return found
    }

    mutating func add(_ url: String, seenIn file: String) {
        if let i = packages.firstIndex(where: { $0.url == url }) {
            if !packages[i].seenIn.contains(file) { packages[i].seenIn.append(file) }
        } else {
            packages.append(Package(url: url, seenIn: [file]))
        }
    }
}
