import Foundation
import PodMirrorFoundation

/// How one HTTP download behaves on the wire: the run's `NetworkSettings`, whole (stall timeout, minimum rate,
/// proxies), with the download's cancellation, progress and retry policy.
package struct DownloadOptions: Sendable {
    /// The run's network settings (`NetworkSettings.resolve`).
    package var network: NetworkSettings
    package var cancellation: CancellationToken
    /// The environment the download runs in: its `HOME` holds the `~/.netrc` libcurl reads (and archive tools run
    /// in it: its `PATH` finds the decompressors `gzip`, `bzip2` and `xz`).
    package var environment: [String: String]
    /// Called with the bytes received so far.
    package var progress: (@Sendable (Int64) -> Void)?
    /// Attempts after the first one, with backoff, resuming with `Range` where the server allows it.
    var retries: Int
    /// Seconds before the first retry; each further retry waits twice as long (at most 30 s).
    var retryDelay: TimeInterval

    package init(
        network: NetworkSettings, cancellation: CancellationToken = .init(), environment: [String: String] = [:],
        progress: (@Sendable (Int64) -> Void)? = nil, retries: Int = 3, retryDelay: TimeInterval = 1
    ) {
        self.network = network
        self.cancellation = cancellation
        self.environment = environment
        self.progress = progress
        self.retries = retries
        self.retryDelay = retryDelay
    }

    /// Seconds without a byte before a try is abandoned (then retried): `network.stallTimeout`.
    var stallTimeout: TimeInterval { network.stallTimeout }

    /// The wait before attempt `failures + 1`: `retryDelay`, doubling with each failure, at most 30 s.
    func backoff(after failures: Int) -> TimeInterval {
        min(30, retryDelay * pow(2, Double(max(0, failures - 1))))
    }

    /// The longest one download runs when the server stalls on every attempt: `retries + 1` attempts of
    /// `stallTimeout` plus 1 s each (libcurl looks at a silent transfer once a second), plus the backoff between
    /// them (`--timeout 3`: 4 × (3 + 1) s + 1 + 2 + 4 s = 23 s).
    var stalledBound: TimeInterval {
        Double(retries + 1) * (stallTimeout + 1) + (0..<max(0, retries)).map { backoff(after: $0 + 1) }.reduce(0, +)
    }

    /// Seconds after its start within which a download may begin another try (curl's `--retry-max-time`):
    /// `stalledBound`. A try started in the window runs to its own end, so a download that never completes ends
    /// within this plus one try (a trickle: the minimum rate's window); a try that keeps the minimum rate is never
    /// cut.
    var retryWindow: TimeInterval { stalledBound }
}
