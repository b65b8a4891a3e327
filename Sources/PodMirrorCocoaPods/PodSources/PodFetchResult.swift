import Foundation
import PodMirrorFoundation

/// What happened to one pod in `pods fetch` (or what would happen, in dry-run and check).
package struct PodFetchResult: Sendable, Codable, Equatable {
    /// What happened to the pod (`status` in JSON); `meaning` says what each value means (docs/json.md).
    package enum Status: String, Sendable, Codable, CaseIterable {
        case fetched
        case cached
        case skipped
        case failed
        case missing
        /// Stopped by SIGINT or SIGTERM before it was ready.
        case interrupted
    }

    /// Where a pod's files come from (`kind` in JSON); `meaning` says what each value means.
    package enum Kind: String, Sendable, Codable, CaseIterable {
        case git
        case http
        case path
        case podspec
        case other
    }

    /// Where a pod's version was chosen (`origin` in JSON); `meaning` says what each value means.
    package enum Origin: String, Sendable, Codable, CaseIterable {
        case release
        case external
    }

    package var name: String
    package var version: String
    package var kind: Kind
    package var origin: Origin
    /// The source URL after source-mirror rewriting, credentials redacted.
    package var url: String?
    package var status: Status
    package var reason: String?
    package var error: String?
    /// The code of `error` (an error code of docs/exit-codes.md).
    package var errorCode: ErrorCode?
    package var bytes: Int64
    package var seconds: Double
    /// The entry's folder in the cache.
    package var cachePath: String?
    /// The commit checked out (git sources).
    package var commit: String?
    /// Where the podspec was read or downloaded from when it was not in a local spec repo: the trunk CDN URL
    /// of a podspec CocoaPods had not stored yet, or a `:podspec` pod's path or URL (credentials redacted).
    var podspec: String?
    /// The local spec repo (its folder name in the repos dir) that serves a released pod's podspec.
    package var specRepo: String?
    /// What the user can do about `error`: set when a GitHub download failed with no source mirror for it.
    package var remedy: String?

    /// Catalog forms of `reason`/`error` for text output (not in JSON).
    package var reasonText: Message?
    package var errorText: Message?
    package var remedyText: Message?
    package var exitStatus: ExitStatus?

    enum CodingKeys: String, CodingKey {
        case name, version, kind, origin, url, status, reason, error, errorCode, bytes, seconds, cachePath, commit,
            podspec, specRepo, remedy
    }

    package func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(name, forKey: .name)
        try c.encode(version, forKey: .version)
        try c.encode(kind, forKey: .kind)
        try c.encode(origin, forKey: .origin)
        try c.encode(url, forKey: .url)
        try c.encode(status, forKey: .status)
        try c.encode(reason, forKey: .reason)
        try c.encode(error, forKey: .error)
        try c.encode(errorCode, forKey: .errorCode)
        try c.encode(bytes, forKey: .bytes)
        try c.encode((seconds * 1000).rounded() / 1000, forKey: .seconds)
        try c.encode(cachePath, forKey: .cachePath)
        try c.encode(commit, forKey: .commit)
        try c.encode(podspec, forKey: .podspec)
        try c.encode(specRepo, forKey: .specRepo)
        try c.encode(remedy, forKey: .remedy)
    }
}

extension PodFetchResult.Status: DocumentedCode {
    package var meaning: String {
        switch self {
        case .fetched: "Downloaded and published into CocoaPods' download cache in this run."
        case .cached: "Already in the download cache; nothing was written."
        case .skipped: "Left to CocoaPods (`reason` says why)."
        case .failed: "Could not be made ready (`error` and `errorCode` say why)."
        case .missing: "Dry run and check: not in the cache, would be fetched."
        case .interrupted: "Stopped by SIGINT or SIGTERM before it was in the cache; the next run fetches it."
        }
    }
}

extension PodFetchResult.Kind: DocumentedCode {
    package var meaning: String {
        switch self {
        case .git: "The source is a git repository."
        case .http: "The source is an archive or file over http(s)."
        case .path: "A local `:path` pod (left to CocoaPods)."
        case .podspec: "A `:podspec` pod whose source is not known (its podspec was not read)."
        case .other: "No source was found (the pod is skipped or failed)."
        }
    }
}

extension PodFetchResult.Origin: DocumentedCode {
    package var meaning: String {
        switch self {
        case .release: "A released pod: its podspec comes from a spec repo or trunk."
        case .external: "The Podfile names its source (`:git`, `:http`, `:path` or `:podspec`)."
        }
    }
}
