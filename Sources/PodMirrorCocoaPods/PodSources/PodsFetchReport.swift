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

    /// The fields of `pods fetch` and `pods list` in JSON (docs/json.md), besides `command` and `ok`.
    package func jsonFields() throws -> [String: JSONValue] {
        var counts: [String: JSONValue] = [:]
        for s in PodFetchResult.Status.allCases {
            counts[s.rawValue] = .int(pods.filter { $0.status == s }.count)
        }
        return [
            "mode": .string(mode.rawValue), "changed": .bool(changed),
            "lockfile": .string(lockfile), "cachePath": .string(cachePath),
            "cocoapodsVersion": .string(cocoapodsVersion),
            "versionSource": .string(versionSource.rawValue),
            "versionAction": .string(versionAction.rawValue),
            "pods": try JSONValue.encoding(pods), "counts": .object(counts),
            "interrupted": .bool(interrupted),
            "warnings": try JSONValue.encoding(
                warnings.map { w -> Diagnostic in
                    var r = w
                    r.message = Redaction.redactText(w.message)
                    return r
                }),
        ]
    }
}
