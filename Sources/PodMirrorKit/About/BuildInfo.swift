internal import CBuildCommit
import Foundation
import PodMirrorFoundation
import PodMirrorTransport

/// What `podmirror --version --verbose` (or `--json`) reports: the version, the libgit2 it runs on and
/// what that libgit2 can do, the platform, and the commit it was built from.
package struct BuildInfo: Sendable {
    package var version: String
    var libgit2Version: String
    /// Whether the linked libgit2 can fetch shallow (`--depth`); podmirror's pinned 1.5.1 cannot.
    var libgit2Shallow: Bool
    /// `linux-x86_64`, `macos-arm64`, …
    package var platform: String
    /// nil in a development build.
    package var commit: String?

    package static var current: BuildInfo {
        BuildInfo(
            version: PodMirrorVersion.string, libgit2Version: Libgit2.version, libgit2Shallow: Libgit2.supportsShallow,
            platform: "\(PlatformShims.systemName)-\(arch)", commit: pm_build_commit().map { String(cString: $0) })
    }

    static var arch: String {
        #if arch(x86_64)
            return "x86_64"
        #elseif arch(arm64)
            return "arm64"
        #else
            return "unknown"
        #endif
    }

    package var json: [String: JSONValue] {
        [
            "command": .string("version"), "version": .string(version),
            "libgit2": .object(["version": .string(libgit2Version), "shallow": .bool(libgit2Shallow)]),
            "platform": .string(platform), "commit": .string(commit), "warnings": .array([]),
        ]
    }

    /// The lines for a person.
    package var lines: [Message] {
        [
            Message("version.line", ["version": version]),
            Message(
                "version.libgit2", ["version": libgit2Version],
                parts: ["shallow": Message(libgit2Shallow ? "version.shallow.yes" : "version.shallow.no")]),
            Message("version.platform", ["platform": platform]),
            commit.map { Message("version.commit", ["commit": $0]) } ?? Message("version.commit.unknown"),
        ]
    }
}
