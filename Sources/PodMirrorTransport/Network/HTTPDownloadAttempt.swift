internal import CHTTP
import Foundation
import PodMirrorFoundation

/// One attempt at downloading a URL into a file through libcurl (`CHTTP`): resumed from `resumeFrom` with
/// `Range`, abandoned after `stallTimeout` seconds without a byte or under the minimum rate, cut at `maxBytes`,
/// through the proxy decided for it. Retrying, backing off and naming the failure are the caller's.
struct HTTPDownloadAttempt {
    var url: String
    var path: String
    var resumeFrom: Int64 = 0
    /// `Name: value` request headers.
    var headers: [String] = []
    var userAgent: String?
    /// The proxy to go through (`ProxySettings.choice(for:)`); nil connects directly.
    var proxy: String?
    /// A `.netrc` file libcurl may read credentials from.
    var netrc: String?
    var stallTimeout: TimeInterval
    var minimumRate: MinimumRate
    /// The transfer is cut when the file would pass this size.
    var maxBytes: Int64
    var cancellation: CancellationToken
    /// Called with the bytes written so far.
    var progress: (@Sendable (Int64) -> Void)?

    init(
        url: String, path: String, stallTimeout: TimeInterval, minimumRate: MinimumRate, maxBytes: Int64,
        cancellation: CancellationToken
    ) {
        self.url = url
        self.path = path
        self.stallTimeout = stallTimeout
        self.minimumRate = minimumRate
        self.maxBytes = maxBytes
        self.cancellation = cancellation
    }

    /// How an attempt ended.
    enum Outcome: Equatable {
        /// The whole body is in the file.
        case complete
        case cancelled
        /// The file would have passed `maxBytes`.
        case tooLarge
        /// The server ignored or refused the range asked (curl 33, HTTP 416): only a fresh start can help.
        case rangeNotHonoured
        /// The server answered an error status (curl's `--fail`).
        case httpStatus(Int)
        /// The file could not be written (a full disk, a quota): the system's reason, `strerror(errno)`.
        case writeFailed(reason: Message)
        /// No complete answer: a timeout, a stall, a dropped connection. Another attempt may help unless
        /// `permanent` (bad URL, TLS verification, a local write error, a redirect loop).
        case failed(reason: Message, permanent: Bool)
    }

    /// What an attempt returns: how it ended, the last HTTP status (0 when none) and the raw response headers.
    struct Result {
        var outcome: Outcome
        var status: Int
        var headers: String
        /// True when the attempt was abandoned under the minimum rate (the server sent, too slowly).
        var tooSlow = false
    }

    /// libcurl errors that another attempt cannot fix (bad URL, TLS verification, disk full, redirect loop).
    static let permanentCurlCodes: Set<Int32> = [1, 3, 23, 47, 51, 58, 60, 77]
    static let rangeError: Int32 = 33
    static let httpError: Int32 = 22
    static let aborted: Int32 = 42
    static let timedOut: Int32 = 28

    /// Carries the attempt into libcurl's progress callback, which also watches for stalls: libcurl's own
    /// low-speed check averages over a few seconds, so it fires several seconds late.
    final class Context: @unchecked Sendable {
        let attempt: HTTPDownloadAttempt
        var watch: StallWatch
        var stalled: Bool { watch.stalled }
        var tooLarge = false
        init(_ attempt: HTTPDownloadAttempt) {
            self.attempt = attempt
            watch = StallWatch(timeout: attempt.stallTimeout)
        }
    }

    /// Runs the attempt; never throws: every way it can end is an `Outcome`.
    func perform() -> Result {
        let context = Context(self)
        let cHeaders = headers.map { strdup($0) }
        defer { cHeaders.forEach { free($0) } }
        var result = pm_http_download_result()
        let progress: @convention(c) (UnsafeMutableRawPointer?, Int64) -> Int32 = { raw, bytes in
            let context = Unmanaged<Context>.fromOpaque(raw!).takeUnretainedValue()
            let attempt = context.attempt
            if attempt.cancellation.isCancelled { return 1 }
            if bytes > attempt.maxBytes {
                context.tooLarge = true
                return 1
            }
            if context.watch.observe(bytes) { attempt.progress?(bytes) }
            return context.stalled ? 1 : 0
        }
        let shown = Redaction.redactURL(url)
        let started = Date()
        Trace.emit(
            .httpRequest(
                method: "GET", url: shown, range: resumeFrom > 0 ? "bytes=\(resumeFrom)-" : nil,
                proxy: proxy.map(Redaction.redactURL)))
        let rc: Int32 = withExtendedLifetime(context) {
            cHeaders.map { UnsafePointer($0) }.withUnsafeBufferPointer { headerPointers in
                url.withCString { cURL in
                    path.withCString { cPath in
                        (userAgent ?? "").withCString { cAgent in
                            // "" for no proxy: the decision is final, libcurl must not read the environment.
                            (proxy ?? "").withCString { cProxy in
                                "".withCString { cNoProxy in
                                    (netrc ?? "").withCString { cNetrc in
                                        var request = pm_http_download_request()
                                        request.url = cURL
                                        request.path = cPath
                                        request.resume_from = resumeFrom
                                        request.headers = headerPointers.baseAddress
                                        request.header_count = headerPointers.count
                                        request.user_agent = userAgent == nil ? nil : cAgent
                                        request.proxy = cProxy
                                        request.noproxy = cNoProxy
                                        request.netrc_file = netrc == nil ? nil : cNetrc
                                        request.stall_seconds = max(1, Int(stallTimeout.rounded(.up)))
                                        if minimumRate.isEnabled {
                                            request.min_rate = minimumRate.bytesPerSecond
                                            request.min_rate_seconds = max(1, Int(minimumRate.seconds.rounded()))
                                        }
                                        request.progress = progress
                                        request.context = Unmanaged.passUnretained(context).toOpaque()
                                        return pm_http_download(&request, &result) == 0 ? 0 : result.curl_code
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        defer { pm_http_download_result_free(&result) }
        let raw =
            result.headers.map {
                String(decoding: UnsafeRawBufferPointer(start: $0, count: result.headers_len), as: UTF8.self)
            } ?? ""
        let error = withUnsafeBytes(of: result.error) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        let seconds = Date().timeIntervalSince(started)
        if result.status > 0 {
            Trace.emit(
                .httpResponse(method: "GET", url: shown, status: result.status, bytes: result.written, seconds: seconds)
            )
        } else {
            let reason = context.stalled ? "stalled" : Redaction.redactText(error)
            Trace.emit(.httpFailure(method: "GET", url: shown, reason: reason, seconds: seconds))
        }
        let tooSlow = result.too_slow != 0 && rc == Self.timedOut
        if result.write_errno != 0 && rc != 0 {
            let reason = SystemReason.message(errno: result.write_errno)
            return Result(outcome: .writeFailed(reason: reason), status: result.status, headers: raw)
        }
        return Result(
            outcome: outcome(rc, status: result.status, tooSlow: tooSlow, context: context, error: error),
            status: result.status, headers: raw, tooSlow: tooSlow)
    }

    func outcome(_ rc: Int32, status: Int, tooSlow: Bool, context: Context, error: String) -> Outcome {
        switch rc {
        case 0: return .complete
        case Self.timedOut where tooSlow: return .failed(reason: minimumRate.cause, permanent: false)
        case Self.aborted where context.tooLarge: return .tooLarge
        case Self.aborted where context.stalled:
            let seconds = Self.seconds(stallTimeout)
            return .failed(reason: Message("network.cause.no-data", ["seconds": seconds]), permanent: false)
        case Self.aborted where cancellation.isCancelled: return .cancelled
        case Self.rangeError: return .rangeNotHonoured
        case Self.httpError where status == 416: return .rangeNotHonoured
        case Self.httpError: return .httpStatus(status)
        default:
            let reason = CurlReason.message(code: rc, said: Redaction.redactText(error))
            return .failed(reason: reason, permanent: Self.permanentCurlCodes.contains(rc))
        }
    }

    static func seconds(_ t: TimeInterval) -> String {
        t == t.rounded() ? String(Int(t)) : String(format: "%.1f", t)
    }
}
