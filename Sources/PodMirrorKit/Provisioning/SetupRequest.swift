import Foundation

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
    public var inhibitWarnings: Bool
    /// Build settings every pod target gets through the post_install hook.
    public var buildSettings: [(key: String, value: String)]
    public var strategy: Strategy
    /// Remove `repos/trunk` so locked pods move to the mirror.
    public var removeTrunk: Bool
    /// Run `gem install cocoapods` from the gem mirror when `pod` is missing.
    public var installCocoaPods: Bool
    /// Probe mirrors before switching to them.
    public var verify: Bool
    /// A git bundle to seed the Specs repo from when there is none (`setup --seed`).
    public var seed: String?

    public init(mirror: String? = nil, repoName: String? = nil, gems: String? = nil, bundler: Bool = false,
                podfiles: [String] = [], platform: (name: String, version: String)? = nil, inhibitWarnings: Bool = false,
                buildSettings: [(key: String, value: String)] = [], strategy: Strategy = .podfile,
                removeTrunk: Bool = false, installCocoaPods: Bool = false, verify: Bool = true, seed: String? = nil) {
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
        self.seed = seed
    }

    public static func == (a: SetupRequest, b: SetupRequest) -> Bool {
        a.mirror == b.mirror && a.repoName == b.repoName && a.gems == b.gems && a.bundler == b.bundler
            && a.podfiles == b.podfiles && a.platform?.name == b.platform?.name && a.platform?.version == b.platform?.version
            && a.inhibitWarnings == b.inhibitWarnings && a.buildSettings.map { "\($0.key)=\($0.value)" } == b.buildSettings.map { "\($0.key)=\($0.value)" }
            && a.strategy == b.strategy && a.removeTrunk == b.removeTrunk && a.installCocoaPods == b.installCocoaPods && a.verify == b.verify
            && a.seed == b.seed
    }

    /// Parses `ios:13.0` (or `ios 13.0`).
    public static func parsePlatform(_ text: String) throws -> (name: String, version: String) {
        let parts = text.split(whereSeparator: { $0 == ":" || $0 == " " || $0 == "=" }).map(String.init)
        let names = ["ios", "osx", "macos", "tvos", "watchos", "visionos"]
        guard parts.count == 2, names.contains(parts[0].lowercased()),
              parts[1].allSatisfy({ $0.isNumber || $0 == "." }), parts[1].first?.isNumber == true else {
            throw UsageError("bad platform '\(text)'", remedy: "write NAME:VERSION, e.g. ios:13.0 (names: \(names.joined(separator: ", ")))", code: "setup.platform")
        }
        return (parts[0].lowercased() == "macos" ? "osx" : parts[0].lowercased(), parts[1])
    }

    /// Parses `KEY=VALUE` for a build setting.
    public static func parseBuildSetting(_ text: String) throws -> (key: String, value: String) {
        guard let eq = text.firstIndex(of: "="), eq != text.startIndex else {
            throw UsageError("bad build setting '\(text)'", remedy: "write KEY=VALUE, e.g. IPHONEOS_DEPLOYMENT_TARGET=13.0", code: "setup.build-setting")
        }
        let key = String(text[..<eq])
        guard key.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "[" || $0 == "]" || $0 == "=" || $0 == "*" }) else {
            throw UsageError("bad build setting name '\(key)'", code: "setup.build-setting")
        }
        return (key, String(text[text.index(after: eq)...]))
    }
}
