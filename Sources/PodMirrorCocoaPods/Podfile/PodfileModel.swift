import Foundation
import PodMirrorFoundation

/// A `platform` statement: `name` as CocoaPods stores it (`:macos` becomes `osx`), and either a literal
/// `version` or the `expression` written instead (e.g. `min_ios_version_supported`).
package struct PodfilePlatform: Equatable, Sendable {
    package var name: String
    package var version: String?
    package var expression: String?
    package var line: Int
    /// Inside an `if`/`unless`/`case`: may not run.
    var conditional: Bool

    /// The deployment target CocoaPods uses: the literal version, else the platform's default when the
    /// line gives none (iOS 4.3, macOS 10.6, …); nil for an expression.
    package var effectiveVersion: String? {
        if let version { return version }
        guard expression == nil else { return nil }
        return PodPlatform(rawValue: name)?.defaultDeploymentTarget
    }

    package var json: JSONValue {
        var o: [String: JSONValue] = [
            "name": .string(name), "line": .int(line), "effectiveVersion": .string(effectiveVersion),
        ]
        if let expression { o["expression"] = .string(expression) } else { o["version"] = .string(version) }
        return .object(o)
    }
}

/// A `target` / `abstract_target` definition (or the implicit root `Pods`).
package struct PodfileTarget: Sendable {
    package var name: String
    package var abstract: Bool
    /// The `inherit!` mode written in the block (`complete` when absent).
    var inheritance: String
    /// The platform written in this target's own scope.
    package var platform: PodfilePlatform?
    /// `inhibit_all_warnings!` written in this target's own scope.
    package var inhibitAllWarnings: Bool
    /// Whether it applies here: written in this scope or in any enclosing one (CocoaPods asks the parent).
    package var effectiveInhibitAllWarnings: Bool = false
    package var children: [PodfileTarget]
    package var line: Int

    package var json: JSONValue {
        .object([
            "name": .string(name), "abstract": .bool(abstract), "platform": platform?.json ?? .null,
            "inhibitAllWarnings": .bool(inhibitAllWarnings),
            "effectiveInhibitAllWarnings": .bool(effectiveInhibitAllWarnings), "inheritance": .string(inheritance),
            "line": .int(line), "children": .array(children.map(\.json)),
        ])
    }
}

/// A hook block: `post_install do |installer| … end`.
package struct PodfileHook: Sendable {
    /// `pre_install`, `post_install`, `pre_integrate` or `post_integrate`.
    package var name: String
    package var line: Int
    /// The block parameter (`installer`), if any.
    package var parameter: String?
    var braces: Bool
    /// The target whose block contains it (hooks are global anyway), nil at top level.
    package var target: String?

    package var json: JSONValue {
        .object([
            "name": .string(name), "line": .int(line), "parameter": .string(parameter),
            "style": .string(braces ? "braces" : "do-end"), "target": .string(target),
        ])
    }
}

/// A build setting assignment in the form podmirror writes into the post_install hook.
package struct PodfileBuildSetting: Equatable, Sendable {
    package var key: String
    package var value: String
    package var configuration: String?
    package var pod: String?
    package var line: Int

    package init(key: String, value: String, configuration: String? = nil, pod: String? = nil, line: Int) {
        self.key = key
        self.value = value
        self.configuration = configuration
        self.pod = pod
        self.line = line
    }

    package var json: JSONValue {
        .object([
            "key": .string(key), "value": .string(value), "configuration": .string(configuration),
            "pod": .string(pod), "line": .int(line),
        ])
    }
}

/// A `source` statement.
package struct PodfileSource: Equatable, Sendable {
    /// The URL as written; nil when the argument is not a plain string.
    package var url: String?
    package var text: String
    package var line: Int
}

/// Something CocoaPods would reject, with its own message, or a note about what podmirror cannot read.
package struct PodfileProblem: Equatable, Sendable {
    package var message: String
    package var line: Int
    package var code: PodfileProblemCode

    package var json: JSONValue {
        .object(["message": .string(message), "line": .int(line), "code": .string(code.rawValue)])
    }
}

/// What a Podfile says, read statically (nothing is evaluated).
package struct PodfileModel: Sendable {
    package var sources: [PodfileSource]
    /// The root scope's platform.
    package var platform: PodfilePlatform?
    /// Root-level `inhibit_all_warnings!`.
    package var inhibitAllWarnings: Bool
    /// The implicit root `Pods` with the file's targets as children.
    package var root: PodfileTarget
    package var hooks: [PodfileHook]
    package var buildSettings: [PodfileBuildSetting]
    /// The user's own plain assignments in the post_install hook (`config.build_settings['K'] = 'V'`, not inside
    /// a condition): the values `podfile build-setting K=V` updates in place.
    package var hookAssignments: [PodfileBuildSetting] = []
    /// podmirror's "raise to at least" lines (`podfile deployment-target`): `value` is the minimum.
    package var deploymentTargets: [PodfileBuildSetting] = []
    /// What CocoaPods would reject (two post_install hooks, two platforms in one scope).
    package var problems: [PodfileProblem]
    /// The `pod` statements (outside hooks), with their per-pod `:source`.
    var dependencies: [PodfileDependency] = []

    /// Source URLs in order (duplicates removed, first kept, as CocoaPods does).
    package var sourceURLs: [String] {
        var seen: Set<String> = []
        return sources.compactMap(\.url).filter { seen.insert($0).inserted }
    }

    /// The `podfile show --json` fields (source URL credentials redacted).
    package var json: [String: JSONValue] {
        [
            "sources": .array(sourceURLs.map { .string(Redaction.redactURL($0)) }),
            "platform": platform?.json ?? .null,
            "inhibitAllWarnings": .bool(inhibitAllWarnings),
            "targets": .array(root.children.map(\.json)),
            "hooks": .array(hooks.map(\.json)),
            "buildSettings": .array(buildSettings.map(\.json)),
            "deploymentTargets": .array(deploymentTargets.map(\.json)),
            "problems": .array(problems.map(\.json)),
        ]
    }
}
