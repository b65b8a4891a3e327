import Foundation
import PodMirrorFoundation
import PodMirrorTransport

/// The archive kinds cocoapods-downloader's `:http` strategy knows, named as its `:type` option.
package enum ArchiveType: String, Sendable, CaseIterable, Codable {
    case zip, tgz, tar, tbz, txz, dmg

    /// The type cocoapods-downloader infers from a URL's path (the query is ignored); nil when it
    /// would raise `Unsupported file type`.
    package static func from(url: String) -> ArchiveType? {
        var path = url
        if let r = path.range(of: "://") { path = String(path[r.upperBound...]) }
        if let q = path.firstIndex(where: { $0 == "?" || $0 == "#" }) { path = String(path[..<q]) }
        let p = path.lowercased()
        if p.hasSuffix(".zip") { return .zip }
        if p.hasSuffix(".tgz") || p.hasSuffix(".tar.gz") { return .tgz }
        if p.hasSuffix(".tar") { return .tar }
        if p.hasSuffix(".tbz") || p.hasSuffix(".tar.bz2") { return .tbz }
        if p.hasSuffix(".txz") || p.hasSuffix(".tar.xz") { return .txz }
        if p.hasSuffix(".dmg") { return .dmg }
        return nil
    }
}

/// A pod's `:http` source, as its podspec or Podfile.lock `CHECKOUT OPTIONS` give it.
package struct HTTPSource: Sendable, Equatable {
    /// The URL to download (after source-mirror rewriting).
    package var url: String
    /// The URL as the podspec names it, when a source mirror rewrote `url`: errors name both.
    package var declaredURL: String?
    /// `:type`; nil means "from the URL's path".
    package var type: ArchiveType?
    /// `:flatten`; nil means cocoapods-downloader's default (tar kinds flattened, zip not).
    package var flatten: Bool?
    package var sha256: String?
    package var sha1: String?
    /// `:headers`, each `Name: value`.
    package var headers: [String]

    package init(
        url: String, type: ArchiveType? = nil, flatten: Bool? = nil, sha256: String? = nil,
        sha1: String? = nil, headers: [String] = []
    ) {
        self.url = url
        self.type = type
        self.flatten = flatten
        self.sha256 = sha256
        self.sha1 = sha1
        self.headers = headers
    }
}

/// How a pod source download behaves on the wire.
package struct DownloadOptions: Sendable {
    /// Seconds without a byte before the transfer is abandoned (then retried).
    package var stallTimeout: TimeInterval
    /// Attempts after the first one, with backoff, resuming with `Range` where the server allows it.
    package var retries: Int
    package var cancellation: CancellationToken
    /// The environment proxies are read from (`https_proxy`, `no_proxy`, …) and archive tools run in
    /// (its `PATH` finds the decompressors `gzip`, `bzip2` and `xz`).
    package var environment: [String: String]
    /// Called with the bytes received so far.
    package var progress: (@Sendable (Int64) -> Void)?
    /// Seconds before the first retry; each further retry waits twice as long (at most 30 s).
    package var retryDelay: TimeInterval
    /// The `User-Agent` sent unless the source's headers give one: CocoaPods' own by default.
    package var userAgent: String
    /// The slowest a transfer may go (libcurl's low-speed limit).
    package var minimumRate = MinimumRate.default
    /// The run's proxy configuration (`NetworkSettings.proxy`); none (direct) unless set.
    package var proxy = ProxySettings()
    /// The bounds an archive must stay within.
    package var limits: ArchiveLimits

    /// The wait before attempt `failures + 1`: `retryDelay`, doubling with each failure, at most 30 s.
    package func backoff(after failures: Int) -> TimeInterval {
        min(30, retryDelay * pow(2, Double(max(0, failures - 1))))
    }

    /// The longest one download runs when the server stalls on every attempt: `retries + 1` attempts of
    /// `stallTimeout` plus 1 s each (libcurl looks at a silent transfer once a second), plus the backoff between
    /// them (`--timeout 3`: 4 × (3 + 1) s + 1 + 2 + 4 s = 23 s).
    package var stalledBound: TimeInterval {
        Double(retries + 1) * (stallTimeout + 1) + (0..<max(0, retries)).map { backoff(after: $0 + 1) }.reduce(0, +)
    }

    /// Seconds after its start within which a download may begin another try (curl's `--retry-max-time`):
    /// `stalledBound`. A try started in the window runs to its own end, so a download that never completes ends
    /// within this plus one try (a trickle: the minimum rate's window); a try that keeps the minimum rate is never
    /// cut.
    package var retryWindow: TimeInterval { stalledBound }

    /// The User-Agent cocoapods-downloader's `curl` sends, quotes included (its `-A` is one argv element
    /// holding the quotes): `'CocoaPods/1.17.0 cocoapods-downloader/2.1'`.
    package static func cocoaPodsUserAgent(cocoaPods: String = "1.17.0", downloader: String = "2.1") -> String {
        "'CocoaPods/\(cocoaPods) cocoapods-downloader/\(downloader)'"
    }

    package init(
        stallTimeout: TimeInterval = TransferOptions.defaultStallTimeout, retries: Int = 3,
        cancellation: CancellationToken = .init(), environment: [String: String] = [:],
        progress: (@Sendable (Int64) -> Void)? = nil, retryDelay: TimeInterval = 1,
        userAgent: String = DownloadOptions.cocoaPodsUserAgent(), limits: ArchiveLimits = .default
    ) {
        self.limits = limits
        self.stallTimeout = stallTimeout
        self.retries = retries
        self.cancellation = cancellation
        self.environment = environment
        self.progress = progress
        self.retryDelay = retryDelay
        self.userAgent = userAgent
    }
}
