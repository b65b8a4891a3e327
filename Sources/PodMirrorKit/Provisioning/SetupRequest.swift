import Foundation
import PodMirrorCocoaPods
import PodMirrorTransport

/// What `podmirror setup` is asked to make true on this machine.
public struct SetupRequest: Sendable, Equatable {
    /// How Podfiles reach the mirror: by their `source` lines, or through git `insteadOf` rules.
    public enum Strategy: String, Sendable, Codable, CaseIterable {
        case podfile
        case insteadof
    }

    /// Specs mirror (catalog name or URL); nil leaves spec repos alone.
    public var mirror: String?
    /// Directory name for the spec repo; nil follows CocoaPods' naming for the URL.
    public var repoName: String?
    /// Gem mirror (catalog name or URL); nil leaves gem sources alone.
    public var gems: String?
    /// Also set Bundler's mirror for rubygems.org.
    public var bundler: Bool
    /// Podfiles to edit.
    public var podfiles: [String]
    /// `platform NAME, 'VERSION'` for every Podfile.
    public var platform: (name: String, version: String)?
    /// `inhibit_all_warnings!` on (true) or off (false) in every Podfile; nil leaves it as it is.
    public var inhibitWarnings: Bool?
    /// Build settings every pod target gets through the post_install hook.
    public var buildSettings: [(key: String, value: String)]
    /// Raise every pod target's deployment target on this platform to at least this version.
    public var deploymentTarget: (name: String, version: String)?
    public var strategy: Strategy
    /// Remove `repos/trunk` so locked pods move to the mirror.
    public var removeTrunk: Bool
    /// Run `gem install cocoapods` from the gem mirror when `pod` is missing.
    public var installCocoaPods: Bool
    /// Probe mirrors before switching to them.
    public var verify: Bool
    /// Source mirrors for pod sources (`--source-mirror PREFIX=MIRROR_PREFIX`), written as git insteadOf rules.
    public var sourceMirrors: [InsteadOfRule] = []
    /// A git bundle to seed the Specs repo from when there is none (`setup --seed`).
    public var seed: String?

    public init(
        mirror: String? = nil, repoName: String? = nil, gems: String? = nil, bundler: Bool = false,
        podfiles: [String] = [], platform: (name: String, version: String)? = nil, inhibitWarnings: Bool? = nil,
        buildSettings: [(key: String, value: String)] = [], strategy: Strategy = .podfile,
        removeTrunk: Bool = false, installCocoaPods: Bool = false, verify: Bool = true,
        deploymentTarget: (name: String, version: String)? = nil, seed: String? = nil
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

    public static func == (a: SetupRequest, b: SetupRequest) -> Bool {
        a.mirror == b.mirror && a.repoName == b.repoName && a.gems == b.gems && a.bundler == b.bundler
            && a.podfiles == b.podfiles && a.platform?.name == b.platform?.name
            && a.platform?.version == b.platform?.version
            && a.inhibitWarnings == b.inhibitWarnings
            && a.buildSettings.map { "\($0.key)=\($0.value)" } == b.buildSettings.map { "\($0.key)=\($0.value)" }
            && a.strategy == b.strategy && a.removeTrunk == b.removeTrunk && a.installCocoaPods == b.installCocoaPods
            && a.verify == b.verify
            && a.sourceMirrors == b.sourceMirrors
            && a.deploymentTarget?.name == b.deploymentTarget?.name
            && a.deploymentTarget?.version == b.deploymentTarget?.version
            && a.seed == b.seed
    }

    /// Parses `ios:13.0` (or `ios 13.0`); names are case-insensitive, `macos` is stored as `osx`.
    public static func parsePlatform(_ text: String, version: String? = nil) throws -> (name: String, version: String) {
        let (platform, version) = try PodPlatform.parse(
            [text, version].compactMap { $0 }.joined(separator: ":"), versionRequired: true)
        return (platform.rawValue, version ?? platform.defaultDeploymentTarget)
    }

    /// Parses `KEY=VALUE` for a build setting (conditional keys such as `EXCLUDED_ARCHS[sdk=iphonesimulator*]`).
    public static func parseBuildSetting(_ text: String) throws -> (key: String, value: String) {
        let a = try BuildSettingAssignment(parsing: text)
        return (a.key, a.value)
    }
}
