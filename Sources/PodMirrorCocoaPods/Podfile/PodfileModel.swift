import Foundation
import PodMirrorFoundation

/// A `platform` statement: `name` as CocoaPods stores it (`:macos` becomes `osx`), and either a literal
/// `version` or the `expression` written instead (e.g. `min_ios_version_supported`).
public struct PodfilePlatform: Equatable, Sendable {
    public var name: String
    public var version: String?
    public var expression: String?
    public var line: Int
    /// Inside an `if`/`unless`/`case`: may not run.
    public var conditional: Bool

    /// The deployment target CocoaPods uses: the literal version, else the platform's default when the
    /// line gives none (iOS 4.3, macOS 10.6, …); nil for an expression.
    public var effectiveVersion: String? {
        if let version { return version }
        guard expression == nil else { return nil }
        return PodPlatform(rawValue: name)?.defaultDeploymentTarget
    }

    public var json: JSONValue {
        var o: [String: JSONValue] = [
            "name": .string(name), "line": .int(line), "effectiveVersion": .string(effectiveVersion),
        ]
        if let expression { o["expression"] = .string(expression) } else { o["version"] = .string(version) }
        return .object(o)
    }
}

/// A `target` / `abstract_target` definition (or the implicit root `Pods`).
public struct PodfileTarget: Sendable {
    public var name: String
    public var abstract: Bool
    /// The `inherit!` mode written in the block (`complete` when absent).
    public var inheritance: String
    /// The platform written in this target's own scope.
    public var platform: PodfilePlatform?
    /// `inhibit_all_warnings!` written in this target's own scope.
    public var inhibitAllWarnings: Bool
    /// Whether it applies here: written in this scope or in any enclosing one (CocoaPods asks the parent).
    public var effectiveInhibitAllWarnings: Bool = false
    public var children: [PodfileTarget]
    public var line: Int

    public var json: JSONValue {
        .object([
            "name": .string(name), "abstract": .bool(abstract), "platform": platform?.json ?? .null,
            "inhibitAllWarnings": .bool(inhibitAllWarnings),
            "effectiveInhibitAllWarnings": .bool(effectiveInhibitAllWarnings), "inheritance": .string(inheritance),
            "line": .int(line), "children": .array(children.map(\.json)),
        ])
    }
}

/// A hook block: `post_install do |installer| … end`.
public struct PodfileHook: Sendable {
    /// `pre_install`, `post_install`, `pre_integrate` or `post_integrate`.
    public var name: String
    public var line: Int
    /// The block parameter (`installer`), if any.
    public var parameter: String?
    public var braces: Bool
    /// The target whose block contains it (hooks are global anyway), nil at top level.
    public var target: String?

    public var json: JSONValue {
        .object([
            "name": .string(name), "line": .int(line), "parameter": .string(parameter),
            "style": .string(braces ? "braces" : "do-end"), "target": .string(target),
        ])
    }
}

/// A build setting assignment in the form podmirror writes into the post_install hook.
public struct PodfileBuildSetting: Equatable, Sendable {
    public var key: String
    public var value: String
    public var configuration: String?
    public var pod: String?
    public var line: Int

    public init(key: String, value: String, configuration: String? = nil, pod: String? = nil, line: Int) {
        self.key = key
        self.value = value
        self.configuration = configuration
        self.pod = pod
        self.line = line
    }

    public var json: JSONValue {
        .object([
            "key": .string(key), "value": .string(value), "configuration": .string(configuration),
            "pod": .string(pod), "line": .int(line),
        ])
    }
}

/// A `source` statement.
public struct PodfileSource: Equatable, Sendable {
    /// The URL as written; nil when the argument is not a plain string.
    public var url: String?
    public var text: String
    public var line: Int
}

/// Something CocoaPods would reject, with its own message, or a note about what podmirror cannot read.
public struct PodfileProblem: Equatable, Sendable {
    public var message: String
    public var line: Int
    public var code: PodfileProblemCode

    public var json: JSONValue {
        .object(["message": .string(message), "line": .int(line), "code": .string(code.rawValue)])
    }
}

/// What a Podfile says, read statically (nothing is evaluated).
public struct PodfileModel: Sendable {
    public var sources: [PodfileSource]
    /// The root scope's platform.
    public var platform: PodfilePlatform?
    /// Root-level `inhibit_all_warnings!`.
    public var inhibitAllWarnings: Bool
    /// The implicit root `Pods` with the file's targets as children.
    public var root: PodfileTarget
    public var hooks: [PodfileHook]
    public var buildSettings: [PodfileBuildSetting]
    /// The user's own plain assignments in the post_install hook (`config.build_settings['K'] = 'V'`, not inside
    /// a condition): the values `podfile build-setting K=V` updates in place.
    public var hookAssignments: [PodfileBuildSetting] = []
    /// podmirror's "raise to at least" lines (`podfile deployment-target`): `value` is the minimum.
    public var deploymentTargets: [PodfileBuildSetting] = []
    /// What CocoaPods would reject (two post_install hooks, two platforms in one scope).
    public var problems: [PodfileProblem]

    /// Source URLs in order (duplicates removed, first kept, as CocoaPods does).
    public var sourceURLs: [String] {
        var seen: Set<String> = []
        return sources.compactMap(\.url).filter { seen.insert($0).inserted }
    }

    /// The `podfile show --json` fields (source URL credentials redacted).
    public var json: JSONValue {
        .object([
            "sources": .array(sourceURLs.map { .string(Redaction.redactURL($0)) }),
            "platform": platform?.json ?? .null,
            "inhibitAllWarnings": .bool(inhibitAllWarnings),
            "targets": .array(root.children.map(\.json)),
            "hooks": .array(hooks.map(\.json)),
            "buildSettings": .array(buildSettings.map(\.json)),
            "deploymentTargets": .array(deploymentTargets.map(\.json)),
            "problems": .array(problems.map(\.json)),
        ])
    }
}
