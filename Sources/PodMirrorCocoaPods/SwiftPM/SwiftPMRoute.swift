import Foundation
import PodMirrorFoundation
import PodMirrorTransport

/// Where SwiftPM will fetch one package from, and why: the mirror an entry of the `mirrors.json` it reads
/// names, or the original URL (no rule covers it, no entry yet, or the rule's mirror ends in another name).
package struct SwiftPMRoute: Sendable, Equatable, Encodable {
    package enum Reason: String, Sendable, Equatable, Encodable {
        /// No source-mirror rule covers the URL.
        case noRule = "no-rule"
        /// A rule covers it, but the `mirrors.json` SwiftPM reads has no entry: `swiftpm use` writes it.
        case noEntry = "no-entry"
        /// The rule's mirror ends in another repository name, which SwiftPM would take as the package's name.
        case nameDiffers = "name-differs"
    }

    package var url: String
    package var seenIn: [String]
    /// The mirror SwiftPM fetches from; nil: the original URL.
    package var mirror: String?
    /// The `mirrors.json` whose entry names the mirror.
    package var mirrorsFile: String?
    /// Why the original URL is fetched (nil when a mirror is).
    package var reason: Reason?
    /// The mirror the source-mirror rules give, when one covers the URL.
    package var ruleMirror: String?

    /// True when fetching goes to github.com.
    package var goesToGitHub: Bool { mirror == nil && SwiftPMRoute.isGitHub(url) }

    static func isGitHub(_ url: String) -> Bool {
        let lower = url.lowercased()
        return lower.hasPrefix("https://github.com/") || lower.hasPrefix("http://github.com/")
            || lower.hasPrefix("git@github.com:") || lower.hasPrefix("ssh://git@github.com/")
            || lower.hasPrefix("https://www.github.com/")
    }

    /// The routes of `packages` given the `mirrors.json` SwiftPM reads and the source-mirror rules.
    package static func routes(
        _ packages: [SwiftPMPackages.Package], effective: SwiftPMMirrorsFile, rules: SourceMirrorRules
    ) -> [SwiftPMRoute] {
        packages.map { p in
            let covered = SwiftPMMirrorPlanner.mirror(for: p.url, rules: rules)
            var route = SwiftPMRoute(url: p.url, seenIn: p.seenIn, ruleMirror: covered)
            if let mirror = effective.mirror(for: p.url) {
                route.mirror = mirror
                route.mirrorsFile = effective.path
            } else if let covered {
                route.reason = SwiftPMMirrorPlanner.sameName(p.url, covered) ? .noEntry : .nameDiffers
            } else {
                route.reason = .noRule
            }
            return route
        }
    }
}

/// What `swiftpm show` reports for a project: each package's route, the binary targets that download from GitHub
/// (SwiftPM before 6.4 applies no mirror to them), and which `mirrors.json` SwiftPM reads.
package struct SwiftPMSurvey: Sendable, Equatable {
    package var project: SwiftPMProject
    package var routes: [SwiftPMRoute]
    package var binaryTargets: [SwiftPMPackages.BinaryTarget]
    /// The file SwiftPM reads: the project's when it exists, else the user's.
    package var mirrorsFile: String
    /// The user's file, when it exists and the project's hides it.
    package var hiddenUserFile: String?

    /// Binary targets downloading from github.com.
    package var gitHubBinaryTargets: [SwiftPMPackages.BinaryTarget] {
        binaryTargets.filter { SwiftPMRoute.isGitHub($0.url) }
    }

    /// Surveys `project` with `rules`; a malformed `mirrors.json`, `Package.resolved` or `project.pbxproj` is
    /// refused naming it.
    package static func survey(
        _ project: SwiftPMProject, rules: SourceMirrorRules, environment: RuntimeEnvironment
    ) throws -> SwiftPMSurvey {
        let fs = environment.fileSystem
        let found = try SwiftPMPackages.read(project, fileSystem: fs)
        let user = SwiftPMProject.userMirrorsFile(environment: environment)
        let projectFileExists = fs.fileExists(project.mirrorsFile)
        let effective = try SwiftPMMirrorsFile.read(projectFileExists ? project.mirrorsFile : user, fileSystem: fs)
        return SwiftPMSurvey(
            project: project, routes: SwiftPMRoute.routes(found.packages, effective: effective, rules: rules),
            binaryTargets: found.binaryTargets, mirrorsFile: effective.path,
            hiddenUserFile: projectFileExists && fs.fileExists(user) ? user : nil)
    }
}
