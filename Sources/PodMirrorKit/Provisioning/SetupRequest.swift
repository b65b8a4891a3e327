import Foundation
import PodMirrorCocoaPods
import PodMirrorTransport

/// What `podmirror setup` is asked to make true on this machine.
package struct SetupRequest: Sendable, Equatable {
    /// How Podfiles reach the mirror: by their `source` lines, through git `insteadOf` rules, or through CocoaPods'
    /// own `trunk` made whole from the mirror (the team's files untouched).
    package enum Strategy: String, Sendable, Codable, CaseIterable {
        case podfile
        case insteadof
        case trunk
    }

    /// Specs mirror (catalog name or URL); nil leaves spec repos alone.
    package var mirror: String?
    /// Directory name for the spec repo; nil follows CocoaPods' naming for the URL.
    package var repoName: String?
    /// Gem mirror (catalog name or URL); nil leaves gem sources alone.
    package var gems: String?
    /// Also set Bundler's mirror for rubygems.org.
    var bundler: Bool
    /// Podfiles to edit.
    var podfiles: [String]
    /// `platform NAME, 'VERSION'` for every Podfile.
    package var platform: PlatformVersion?
    /// `inhibit_all_warnings!` on (true) or off (false) in every Podfile; nil leaves it as it is.
    package var inhibitWarnings: Bool?
    /// Build settings every pod target gets through the post_install hook.
    package var buildSettings: [(key: String, value: String)]
    /// Raise every pod target's deployment target on this platform to at least this version.
    package var deploymentTarget: PlatformVersion?
    /// nil: `trunk` when every Podfile given names only trunk, else `podfile` (`Setup.strategy(for:)`).
    var strategy: Strategy?
    /// Remove `repos/trunk` so locked pods move to the mirror.
    var removeTrunk: Bool
    /// Run `gem install cocoapods` from the gem mirror when `pod` is missing.
    package var installCocoaPods: Bool
    /// Probe mirrors before switching to them.
    package var verify: Bool
    /// Source mirrors for pod sources (`--source-mirror PREFIX=MIRROR_PREFIX`), written as git insteadOf rules.
    package var sourceMirrors: [InsteadOfRule] = []
    /// A git bundle to seed the Specs repo from when there is none (`setup --seed`).
    package var seed: String?
    /// Packages, `.xcodeproj`s or `.xcworkspace`s whose `mirrors.json` gets the source mirrors (`setup --swiftpm`).
    package var swiftPMProjects: [String] = []

    package init(
        mirror: String? = nil, repoName: String? = nil, gems: String? = nil, bundler: Bool = false,
        podfiles: [String] = [], platform: PlatformVersion? = nil, inhibitWarnings: Bool? = nil,
        buildSettings: [(key: String, value: String)] = [], strategy: Strategy? = .podfile,
        removeTrunk: Bool = false, installCocoaPods: Bool = false, verify: Bool = true,
        deploymentTarget: PlatformVersion? = nil, seed: String? = nil
    ) {
        self.mirror = mirror
        self.repoName = repoName
        self.gems = gems
        self.bundler = bundler
        self.podfiles = podfiles
        self.platform = platform
        self.inhibitWarnings = inhibitWarnings
        self.buildSettings = buildSettings
        self.strategy = strategy
        self.removeTrunk = removeTrunk
        self.installCocoaPods = installCocoaPods
        self.verify = verify
        self.deploymentTarget = deploymentTarget
        self.seed = seed
    }

    package static func == (a: SetupRequest, b: SetupRequest) -> Bool {
        a.mirror == b.mirror && a.repoName == b.repoName && a.gems == b.gems && a.bundler == b.bundler
            && a.podfiles == b.podfiles && a.platform == b.platform
            && a.inhibitWarnings == b.inhibitWarnings
            && a.buildSettings.map { "\($0.key)=\($0.value)" } == b.buildSettings.map { "\($0.key)=\($0.value)" }
            && a.strategy == b.strategy && a.removeTrunk == b.removeTrunk && a.installCocoaPods == b.installCocoaPods
            && a.verify == b.verify
            && a.sourceMirrors == b.sourceMirrors
            && a.deploymentTarget == b.deploymentTarget
            && a.seed == b.seed
            && a.swiftPMProjects == b.swiftPMProjects
    }

    /// Parses `KEY=VALUE` for a build setting (conditional keys such as `EXCLUDED_ARCHS[sdk=iphonesimulator*]`).
    package static func parseBuildSetting(_ text: String) throws -> (key: String, value: String) {
        let a = try BuildSettingAssignment(parsing: text)
        return (a.key, a.value)
    }
}
