import Foundation
import PodMirrorFoundation
import PodMirrorTransport

/// Downloads an `http(s)://` bundle to a local file for `repo import`, through the same downloader as
/// `:http` pod sources: resumed with `Range` after a broken connection (with back-off), abandoned when
/// no byte arrives for the stall timeout, through the proxy git transfers use.
enum SpecBundleDownload {
    static let retries = 3

    /// Fetches `url` into `path`; throws a network error (exit 4) when it fails.
    static func fetch(
        _ url: String, to path: String, options: TransferOptions,
        environment: [String: String]
    ) throws {
        let download = DownloadOptions(
            network: options.network, cancellation: options.cancellation, environment: environment, retries: retries)
        let limits = ArchiveLimits.default
        let file = HTTPDownload(
            url: url, userAgent: "podmirror/\(PodMirrorVersion.string)", options: download,
            maxBytes: limits.maxArchiveBytes)
        do {
            _ = try HTTPSourceError.downloading(limits: limits) { try file.run(to: path) }
        } catch let error as HTTPSourceError {
            // A bundle that could not be written locally is a write failure (exit 1), not a network one.
            throw PodMirrorFailure(
                Message("bundle.error.download", ["url": Redaction.redactURL(url), "reason": error.message]),
                code: error.kind == .fileSystem ? .bundleWrite : .bundleDownload)
        }
    }
}
