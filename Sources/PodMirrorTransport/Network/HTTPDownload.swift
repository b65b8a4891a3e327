import Foundation
import PodMirrorFoundation
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One URL downloaded to a file through libcurl, the way CocoaPods' `curl -f -L --retry 2` would, plus
/// what it lacks: retries with backoff that resume with `Range` (guarded by `If-Range`), a restart from
/// zero when the server ignores the range, a stall timeout, cancellation and an explicit proxy decision.
/// The retry policy is `DownloadOptions`' (`retries`, `retryDelay`, `retryWindow`); one try is `HTTPDownloadAttempt`.
package struct HTTPDownload {
    package var url: String
    /// How errors name the URL: redacted, and when a mirror rewrote it, as `GitTransfer.subject` says it.
    package var shownURL: String
    /// `Name: value` request headers.
    package var headers: [String]
    var userAgent: String?
    package var options: DownloadOptions
    /// The most bytes the file may hold: the download is cut there (`HTTPDownloadError.Kind.tooLarge`).
    var maxBytes: Int64

    package init(
        url: String, shownURL: String? = nil, headers: [String] = [], userAgent: String?, options: DownloadOptions,
        maxBytes: Int64
    ) {
        self.url = url
        self.shownURL = shownURL ?? Redaction.redactURL(url)
        self.headers = headers
        self.userAgent = userAgent
        self.options = options
        self.maxBytes = maxBytes
    }

    /// HTTP statuses worth another attempt; every other error status fails at once.
    static let retryableStatuses: Set<Int> = [408, 425, 429, 500, 502, 503, 504]

    /// Downloads into `path` (created or replaced); returns its size. On failure the file is removed.
    package func run(to path: String) throws -> Int64 {
        try download(to: path).size
    }

    /// Downloads into `path` like `run(to:)`; also returns the header fields of the final response.
    ///
    /// The retry policy (docs/pods-fetch.md): at most `retries` tries after the first, with backoff, each resuming
    /// with `Range`; at most two restarts from zero when the server ignores the range. No try starts once the
    /// download has run `DownloadOptions.retryWindow` seconds (curl's `--retry-max-time`), and a try abandoned
    /// under the minimum rate is not restarted from zero: a trickling server that ignores `Range` would only send
    /// the same first bytes again, as slowly.
    package func download(to path: String) throws -> (size: Int64, headers: [String: String]) {
        var failures = 0
        var restarts = 0
        var validator: String?
        var fresh = true
        let started = Date()
        // Why the last try ended, when it was abandoned under the minimum rate.
        var tooSlow: Message?
        let shown = shownURL
        func windowLeft(after wait: TimeInterval) -> Bool {
            Date().timeIntervalSince(started) + wait < options.retryWindow
        }
        do {
            while true {
                if options.cancellation.isCancelled { throw InterruptedError() }
                let have = fresh ? 0 : Self.size(of: path)
                var lines = headers
                if have > 0, let validator { lines.append("If-Range: \(validator)") }
                let attempt = perform(path: path, resumeFrom: have, headers: lines)
                fresh = false
                if have == 0, let v = Self.validator(in: attempt.headers) { validator = v }
                var reason: Message
                switch attempt.outcome {
                case .complete:
                    return (Self.size(of: path), HTTPGet.headers(attempt.headers))
                case .cancelled:
                    throw InterruptedError()
                case .tooLarge:
                    throw HTTPDownloadError(.tooLarge, nil, url: shown)
                case .writeFailed(let why):
                    // A full disk: the system's reason and the file, never libcurl's "Failure writing output".
                    throw HTTPDownloadError(
                        .fileSystem,
                        Message("pods.http.write-failed", ["url": shown, "path": path], parts: ["reason": why]),
                        url: shown)
                case .rangeNotHonoured:
                    // The server ignored or refused the range: start over from zero, unless the last try was too
                    // slow (the same server would trickle the same bytes again) or the window is spent.
                    restarts += 1
                    fresh = true
                    validator = nil
                    if let tooSlow {
                        throw HTTPDownloadError(
                            .transfer, Self.failure(shown, attempts: failures + 1, tooSlow), url: shown)
                    }
                    if restarts <= 2 && windowLeft(after: 0) { continue }
                    reason = Message("network.cause.http-status", ["status": "\(attempt.status)"])
                case .httpStatus(let status) where !Self.retryableStatuses.contains(status):
                    let message = Message("pods.http.status", ["url": shown, "status": "\(status)"])
                    throw HTTPDownloadError(.httpStatus, message, url: shown, status: status)
                case .httpStatus(let status):
                    reason = Message("network.cause.http-status", ["status": "\(status)"])
                case .failed(let why, permanent: true):
                    throw HTTPDownloadError(.transfer, Self.failure(shown, attempts: failures + 1, why), url: shown)
                case .failed(let why, permanent: false):
                    reason = why
                }
                tooSlow = attempt.tooSlow ? reason : nil
                failures += 1
                if failures > options.retries || !windowLeft(after: options.backoff(after: failures)) {
                    throw HTTPDownloadError(
                        .transfer, Self.failure(shown, attempts: failures, reason), url: shown,
                        status: attempt.status == 0 ? nil : attempt.status)
                }
                try backoff(failures)
            }
        } catch {
            try? LocalFileSystem().removeItem(path)
            throw error
        }
    }

    /// Waits before attempt `failures + 1` (`DownloadOptions.backoff(after:)`); cancellation cuts it short.
    func backoff(_ failures: Int) throws {
        let until = Date().addingTimeInterval(options.backoff(after: failures))
        while Date() < until {
            if options.cancellation.isCancelled { throw InterruptedError() }
            Thread.sleep(forTimeInterval: min(0.05, max(0, until.timeIntervalSinceNow)))
        }
    }

    /// One attempt through libcurl, with the proxy git transfers would take for this URL and the user's
    /// `~/.netrc`, as CocoaPods' `curl` reads it.
    func perform(path: String, resumeFrom: Int64, headers lines: [String]) -> HTTPDownloadAttempt.Result {
        var attempt = HTTPDownloadAttempt(
            url: url, path: path, stallTimeout: options.stallTimeout, minimumRate: options.network.minimumRate,
            maxBytes: maxBytes, cancellation: options.cancellation)
        attempt.resumeFrom = resumeFrom
        attempt.headers = lines
        attempt.userAgent = userAgent
        attempt.progress = options.progress
        if case .proxy(let address) = options.network.proxy.choice(for: url) { attempt.proxy = address }
        let home = options.environment["HOME"].flatMap { $0.isEmpty ? nil : $0 }
        attempt.netrc = home.map { $0 + "/.netrc" }.flatMap { LocalFileSystem().fileExists($0) ? $0 : nil }
        return attempt.perform()
    }

    /// The strong `ETag`, else `Last-Modified`, of the last response in `raw`: what `If-Range` may carry.
    static func validator(in raw: String) -> String? {
        let fields = HTTPGet.headers(raw)
        func field(_ name: String) -> String? { fields.first { $0.key.lowercased() == name }?.value }
        if let etag = field("etag"), !etag.hasPrefix("W/"), !etag.isEmpty { return etag }
        if let date = field("last-modified"), !date.isEmpty { return date }
        return nil
    }

    static func failure(_ url: String, attempts: Int, _ reason: Message) -> Message {
        Message("pods.http.transfer-failed", ["url": url, "attempts": "\(attempts)"], parts: ["reason": reason])
    }

    static func size(of path: String) -> Int64 {
        var st = stat()
        return stat(path, &st) == 0 ? Int64(st.st_size) : 0
    }
}

/// Why an HTTP download failed after its retries (URLs redacted): the caller says it in its own words
/// (`HTTPSourceError` for a pod's archive, `bundle.error.download` for `repo import`).
package struct HTTPDownloadError: Error, Sendable {
    package enum Kind: Sendable {
        /// The server answered an HTTP error that retrying does not fix (404, 403, …).
        case httpStatus
        /// No complete answer after every attempt (timeouts, stalls, dropped connections, 5xx).
        case transfer
        /// The file grew past `HTTPDownload.maxBytes`.
        case tooLarge
        /// The file could not be written.
        case fileSystem
    }

    package var kind: Kind
    /// What happened (nil for `tooLarge`: the caller names its own bound).
    package var text: Message?
    /// The URL as errors show it (redacted; `url (for declaredURL)` when a mirror rewrote it).
    package var url: String
    /// The HTTP status, for `httpStatus` (and `transfer` when the last answer was one).
    package var status: Int?

    package init(_ kind: Kind, _ text: Message?, url: String, status: Int? = nil) {
        self.kind = kind
        self.text = text
        self.url = url
        self.status = status
    }
}
