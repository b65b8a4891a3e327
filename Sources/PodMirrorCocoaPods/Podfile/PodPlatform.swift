import Foundation
import PodMirrorFoundation

/// A platform as the Podfile DSL names it (`:macos` is stored as `osx`, as CocoaPods does). Every command
/// that takes a platform (`podfile platform`, `podfile deployment-target`, `setup --platform`,
/// `init --platform`) parses it here.
package enum PodPlatform: String, CaseIterable, Sendable {
    case ios, osx, tvos, visionos, watchos

    /// The names accepted on the command line, in the order people read them.
    static let acceptedNames = ["ios", "macos", "osx", "tvos", "visionos", "watchos"]

    /// Parses a name case-insensitively (`iOS`, `:ios`, `macOS`); an unknown name gets the nearest one
    /// suggested.
    package init(parsing text: String) throws {
        var name = text.trimmingCharacters(in: .whitespaces).lowercased()
        if name.hasPrefix(":") { name.removeFirst() }
        if name == "macos" { name = "osx" }
        guard let platform = PodPlatform(rawValue: name) else {
            let suggestion = Suggestion.nearest(to: text.lowercased(), in: Self.acceptedNames)
            // `ios13.0`: a known name glued to a version.
            let glued = Self.acceptedNames.first { n in
                name.hasPrefix(n) && name.dropFirst(n.count).first?.isNumber == true
            }
            throw PodMirrorFailure(
                Message(
                    "podfile.platform.unknown", ["name": text, "names": Self.acceptedNames.joined(separator: ", ")]),
                remedy: glued.map {
                    Message(
                        "podfile.platform.missing-colon", ["name": $0, "version": String(name.dropFirst($0.count))])
                } ?? suggestion.map { Message("podfile.platform.did-you-mean", ["name": $0]) },
                code: .platformName)
        }
        self = platform
    }

    /// The deployment target CocoaPods uses when a `platform` line gives no version
    /// (cocoapods-core `TargetDefinition::PLATFORM_DEFAULTS`).
    var defaultDeploymentTarget: String {
        switch self {
        case .ios: return "4.3"
        case .osx: return "10.6"
        case .tvos: return "9.0"
        case .visionos: return "1.0"
        case .watchos: return "2.0"
        }
    }

    /// The Xcode build setting holding a target's minimum version on this platform.
    var deploymentTargetSetting: String {
        switch self {
        case .ios: return "IPHONEOS_DEPLOYMENT_TARGET"
        case .osx: return "MACOSX_DEPLOYMENT_TARGET"
        case .tvos: return "TVOS_DEPLOYMENT_TARGET"
        case .visionos: return "XROS_DEPLOYMENT_TARGET"
        case .watchos: return "WATCHOS_DEPLOYMENT_TARGET"
        }
    }

    /// Checks a deployment target: one to three numeric components (`13`, `13.0`, `10.15.4`).
    package static func version(parsing text: String) throws -> String {
        guard text.range(of: #"^[0-9]{1,4}(\.[0-9]{1,4}){0,2}$"#, options: .regularExpression) != nil else {
            throw PodMirrorFailure(
                Message("podfile.platform.bad-version", ["version": text]),
                remedy: Message("podfile.platform.bad-version.remedy"), code: .platformVersion)
        }
        return text
    }

    /// Parses `NAME:VERSION` (also `NAME VERSION`, `NAME=VERSION`); the version is optional only when
    /// `versionRequired` is false.
    package static func parse(_ text: String, versionRequired: Bool) throws -> (platform: PodPlatform, version: String?)
    {
        let parts = text.split(maxSplits: 1, whereSeparator: { $0 == ":" || $0 == " " || $0 == "=" }).map(String.init)
        guard let first = parts.first else {
            throw PodMirrorFailure(
                Message("podfile.platform.unknown", ["name": text, "names": acceptedNames.joined(separator: ", ")]),
                code: .platformName)
        }
        let platform = try PodPlatform(parsing: first)
        guard parts.count == 2 else {
            if versionRequired {
                throw PodMirrorFailure(
                    Message("podfile.platform.missing-version", ["text": text]),
                    remedy: Message("podfile.platform.bad-version.remedy"), code: .platformVersion)
            }
            return (platform, nil)
        }
        return (platform, try version(parsing: parts[1]))
    }
}

/// A platform and its deployment target as given on the command line (`ios:13.0`, `ios 13.0`, `macos` and a
/// separate `12`), parsed once where the input arrives and carried typed to the Podfile edit that writes it.
package struct PlatformVersion: Sendable, Equatable {
    package var platform: PodPlatform
    /// A checked deployment target (`PodPlatform.version(parsing:)`).
    package var version: String

    package init(_ platform: PodPlatform, version: String) {
        self.platform = platform
        self.version = version
    }

    /// Parses `NAME:VERSION` (or `NAME VERSION`, or `NAME` and `version` apart); names are case-insensitive,
    /// `macos` is `osx`; a missing or malformed version is an error naming the accepted forms.
    package init(parsing text: String, version: String? = nil) throws {
        let (platform, parsed) = try PodPlatform.parse(
            [text, version].compactMap { $0 }.joined(separator: ":"), versionRequired: true)
        self.init(platform, version: parsed ?? platform.defaultDeploymentTarget)
    }
}
