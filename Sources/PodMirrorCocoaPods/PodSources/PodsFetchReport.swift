import Foundation
import PodMirrorFoundation

/// The outcome of `pods fetch`: each pod's result, the drift (the cache entries still missing) and the exit
/// status, all decided here; the command only renders it.
package struct PodsFetchReport: BatchReport {
    package var lockfile: String
    /// `<cache root>/Pods`.
    package var cachePath: String
    var cocoapodsVersion: String
    var versionSource: DownloadCache.VersionSource
    var versionAction: DownloadCache.VersionAction
    package var pods: [PodFetchResult]
    package var warnings: [Diagnostic]
    package var mode: RunMode
    package var interrupted: Bool

    /// Something was (or, in dry run and check, would be) written.
    package var changed: Bool {
        versionAction != .none || pods.contains { $0.status == .fetched || $0.status == .missing }
    }

    /// The drift a dry run or check finds: the pods whose cache entry is missing.
    package var missing: [PodFetchResult] { pods.filter { $0.status == .missing } }

    /// The pods that could not be fetched.
    package var failed: [PodFetchResult] { pods.filter { $0.status == .failed } }

    /// Every pod is in the cache or deliberately left to CocoaPods.
    var allReady: Bool {
        !pods.contains { $0.status == .failed || $0.status == .missing || $0.status == .interrupted }
    }

    /// The pods the interruption stopped before they were in the cache.
    package var stopped: [PodFetchResult] { pods.filter { $0.status == .interrupted } }

    /// Interrupted (130), a pod failed (1), `--check` found something to write (3), else 0.
    package var exitStatus: ExitStatus {
        if interrupted { return .interrupted }
        if !failed.isEmpty { return .failure }
        return mode == .check && changed ? .drift : .success
    }

}

/// The facts of `pods fetch` and `pods list` (docs/json.md): the mode, the lock and cache, the CocoaPods version the
/// cache is kept for and why, each pod's result, the warnings as they were given; the CLI's renderer adds the
/// counts and redacts the warnings' text.
extension PodsFetchReport: Encodable {
    private enum CodingKeys: String, CodingKey {
        case mode, changed, lockfile, cachePath, cocoapodsVersion, versionSource, versionAction, pods, interrupted
        case warnings
    }

    package func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(mode.rawValue, forKey: .mode)
        try c.encode(changed, forKey: .changed)
        try c.encode(lockfile, forKey: .lockfile)
        try c.encode(cachePath, forKey: .cachePath)
        try c.encode(cocoapodsVersion, forKey: .cocoapodsVersion)
        try c.encode(versionSource.rawValue, forKey: .versionSource)
        try c.encode(versionAction.rawValue, forKey: .versionAction)
        try c.encode(pods, forKey: .pods)
        try c.encode(interrupted, forKey: .interrupted)
        try c.encode(warnings, forKey: .warnings)
    }
}
