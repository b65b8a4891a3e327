import Foundation
import PodMirrorFoundation

/// Settings for one git operation: the run's `NetworkSettings`, whole, with the operation's progress and
/// cancellation. Every transfer's stall timeout, minimum rate, proxy and insteadOf rules come from `network`.
package struct TransferOptions: Sendable {
    /// The run's network settings (`NetworkSettings.resolve`).
    package var network: NetworkSettings
    package var progress: any ProgressReporter
    package var cancellation: CancellationToken

    package init(
        network: NetworkSettings, progress: any ProgressReporter = NullProgress(),
        cancellation: CancellationToken = .init()
    ) {
        self.network = network
        self.progress = progress
        self.cancellation = cancellation
    }

    /// Options for work on repositories already on disk (a checkout, a rollback): nothing is fetched, so no
    /// server, proxy or insteadOf rule is involved; the stall timeout is the default.
    package static func local(
        progress: any ProgressReporter = NullProgress(), cancellation: CancellationToken = .init()
    ) -> TransferOptions {
        TransferOptions(
            network: NetworkSettings(urlRewrite: SourceMirrorRules(rules: [])), progress: progress,
            cancellation: cancellation)
    }

    /// Seconds without any data from the server before the transfer is aborted (`GitError.timeout`).
    /// libgit2 1.5.1 has no server timeout option: podmirror's socket stream enforces it (see `TransferSession`).
    var stallTimeout: TimeInterval { network.stallTimeout }
    /// The setting a user changes to raise `stallTimeout` (named in the timeout error's remedy).
    var stallTimeoutSetting: String { network.stallTimeoutSetting }
    /// The slowest the transfer may go; the socket stream measures it over a sliding window.
    var minimumRate: MinimumRate { network.minimumRate }

    /// The URL a transfer of `url` connects to: `url` rewritten once by the insteadOf rules of the files git
    /// reads (`NetworkSettings.urlRewrite`), as git does.
    package func connectURL(for url: String) -> String { network.urlRewrite.rewrite(url) }

    /// The insteadOf rule a transfer of `url` follows, or nil when none rewrites it.
    package func rewriteRule(for url: String) -> InsteadOfRule? {
        network.urlRewrite.rule(for: url)
    }

    /// The proxy decision for `url` (see `ProxySettings`): the URL the transfer connects to, after git's
    /// `insteadOf` rewriting (see `GitURLRewrite`), as git decides it.
    func proxyChoice(for url: String) -> ProxySettings.Choice {
        network.proxy.choice(for: url)
    }
}
