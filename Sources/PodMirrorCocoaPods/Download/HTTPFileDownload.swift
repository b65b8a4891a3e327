internal import CHTTP
import Foundation
import PodMirrorFoundation
import PodMirrorTransport

/// One URL downloaded to a file through libcurl, the way CocoaPods' `curl -f -L --retry 2` would, plus
/// what it lacks: retries with backoff that resume with `Range` (guarded by `If-Range`), a restart from
/// zero when the server ignores the range, a stall timeout, cancellation and an explicit proxy decision.
struct HTTPFileDownload {
    var url: String
    /// The URL as written, when a mirror rewrote it into `url`: errors say `url (for declaredURL)`.
    var declaredURL: String?
    /// `Name: value` request headers.
    var headers: [String]
    var userAgent: String?
    var options: DownloadOptions

    /// HTTP statuses worth another attempt; every other error status fails at once.
    static let retryableStatuses: Set<Int> = [408, 425, 429, 500, 502, 503, 504]
    /// libcurl errors that another attempt cannot fix (bad URL, TLS verification, disk full, redirect loop).
    static let permanentCurlCodes: Set<Int32> = [1, 3, 23, 47, 51, 58, 60, 77]
    static let rangeError: Int32 = 33
    static let httpError: Int32 = 22
    static let aborted: Int32 = 42
    static let timedOut: Int32 = 28
    /// Not libcurl's: the transfer was cut at `ArchiveLimits.maxArchiveBytes`.
    static let tooLarge: Int32 = -2

    /// Downloads into `path` (created or replaced); returns its size. On failure the file is removed.
    func run(to path: String) throws -> Int64 {
        try download(to: path).size
    }

    /// Downloads into `path` like `run(to:)`; also returns the header fields of the final response.
    func download(to path: String) throws -> (size: Int64, headers: [String: String]) {
        var failures = 0
        var restarts = 0
        var validator: String?
        var fresh = true
        let shown = declaredURL.map { GitTransfer.subject($0, connectingTo: url) } ?? Redaction.redactURL(url)
        do {
            while true {
                if options.cancellation.isCancelled { throw InterruptedError() }
                let have = fresh ? 0 : Self.size(of: path)
                var lines = headers
                if have > 0, let validator { lines.append("If-Range: \(validator)") }
                let attempt = perform(path: path, resumeFrom: have, headers: lines)
                fresh = false
                if have == 0, let v = Self.validator(in: attempt.headers) { validator = v }
                switch attempt.code {
                case 0:
                    return (Self.size(of: path), HTTPGet.headers(attempt.headers))
                case Self.aborted where options.cancellation.isCancelled:
                    throw InterruptedError()
                case Self.tooLarge:
                    throw HTTPSourceError.limit(.archiveBytes, of: options.limits, url: shown)
                case _
                where attempt.code == Self.rangeError || (attempt.code == Self.httpError && attempt.status == 416):
                    // The server ignored or refused the range: start over from zero.
                    restarts += 1
                    fresh = true
                    validator = nil
                    if restarts <= 2 { continue }
                    failures += 1
                case Self.httpError where !Self.retryableStatuses.contains(attempt.status):
                    let message = Message("pods.http.status", ["url": shown, "status": "\(attempt.status)"])
                    throw HTTPSourceError(.httpStatus, message, status: attempt.status)
                case let code where Self.permanentCurlCodes.contains(code):
                    throw HTTPSourceError(.transfer, Self.failure(shown, attempts: failures + 1, attempt.error))
                default:
                    failures += 1
                }
                if failures > options.retries {
                    let reason = attempt.code == Self.httpError ? "HTTP \(attempt.status)" : attempt.error
                    throw HTTPSourceError(
                        .transfer, Self.failure(shown, attempts: failures, reason),
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

    struct Attempt {
        var code: Int32
        var status: Int
        var headers: String
        var error: String
    }

    /// Carries the options into libcurl's progress callback, which also watches for stalls: libcurl's
    /// own low-speed check averages over a few seconds, so it fires several seconds late.
    final class Context: @unchecked Sendable {
        let options: DownloadOptions
        var last: Int64 = -1
        var lastChange = Date()
        var stalled = false
        /// Set when the file passed `ArchiveLimits.maxArchiveBytes`: the transfer is cut there.
        var tooLarge = false
        init(_ options: DownloadOptions) { self.options = options }
    }

    func perform(path: String, resumeFrom: Int64, headers lines: [String]) -> Attempt {
        // The proxy git transfers would take for this URL; "" for noproxy because the decision is final.
        var proxyURL = ""
        if case .proxy(let address) = (options.proxy ?? ProxySettings.load(environment: options.environment)).choice(
            for: url)
        {
            proxyURL = address
        }
        let home = options.environment["HOME"].flatMap { $0.isEmpty ? nil : $0 }
        let netrc = home.map { $0 + "/.netrc" }.flatMap { LocalFileSystem().fileExists($0) ? $0 : nil }
        let context = Context(options)
        let cHeaders = lines.map { strdup($0) }
        defer { cHeaders.forEach { free($0) } }
        var result = pm_http_download_result()
        let progress: @convention(c) (UnsafeMutableRawPointer?, Int64) -> Int32 = { raw, bytes in
            let context = Unmanaged<Context>.fromOpaque(raw!).takeUnretainedValue()
            if context.options.cancellation.isCancelled { return 1 }
            if bytes > context.options.limits.maxArchiveBytes {
                context.tooLarge = true
                return 1
            }
            if bytes != context.last {
                context.last = bytes
                context.lastChange = Date()
                context.options.progress?(bytes)
            } else if Date().timeIntervalSince(context.lastChange) >= context.options.stallTimeout {
                context.stalled = true
                return 1
            }
            return 0
        }
        let stall = max(1, Int(options.stallTimeout.rounded(.up)))
        let shown = Redaction.redactURL(url)
        let started = Date()
        Trace.emit(
            .httpRequest(
                method: "GET", url: shown, range: resumeFrom > 0 ? "bytes=\(resumeFrom)-" : nil,
                proxy: proxyURL.isEmpty ? nil : Redaction.redactURL(proxyURL)))
        let rc: Int32 = withExtendedLifetime(context) {
            cHeaders.map { UnsafePointer($0) }.withUnsafeBufferPointer { headerPointers in
                url.withCString { cURL in
                    path.withCString { cPath in
                        (userAgent ?? "").withCString { cAgent in
                            proxyURL.withCString { cProxy in
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
                                        request.stall_seconds = stall
                                        if options.minimumRate.isEnabled {
                                            request.min_rate = options.minimumRate.bytesPerSecond
                                            request.min_rate_seconds = max(
                                                1, Int(options.minimumRate.seconds.rounded()))
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
            let answer = TraceEvent.httpResponse(
                method: "GET", url: shown, status: result.status, bytes: result.written, seconds: seconds)
            Trace.emit(answer)
        } else {
            let reason = context.stalled ? "stalled" : Redaction.redactText(error)
            Trace.emit(.httpFailure(method: "GET", url: shown, reason: reason, seconds: seconds))
        }
        if rc == Self.timedOut && result.too_slow != 0 {
            return Attempt(
                code: Self.timedOut, status: result.status, headers: raw, error: options.minimumRate.cause.english)
        }
        if rc == Self.aborted && context.tooLarge {
            return Attempt(code: Self.tooLarge, status: result.status, headers: raw, error: "")
        }
        if rc == Self.aborted && context.stalled {
            return Attempt(
                code: Self.timedOut, status: result.status, headers: raw,
                error: "no data from the server for \(Self.seconds(options.stallTimeout)) s")
        }
        return Attempt(code: rc, status: result.status, headers: raw, error: Redaction.redactText(error))
    }

    /// The strong `ETag`, else `Last-Modified`, of the last response in `raw`: what `If-Range` may carry.
    static func validator(in raw: String) -> String? {
        let fields = HTTPGet.headers(raw)
        func field(_ name: String) -> String? { fields.first { $0.key.lowercased() == name }?.value }
        if let etag = field("etag"), !etag.hasPrefix("W/"), !etag.isEmpty { return etag }
        if let date = field("last-modified"), !date.isEmpty { return date }
        return nil
    }

    static func failure(_ url: String, attempts: Int, _ reason: String) -> Message {
        Message("pods.http.transfer-failed", ["url": url, "attempts": "\(attempts)", "reason": reason])
    }

    static func seconds(_ t: TimeInterval) -> String {
        t == t.rounded() ? String(Int(t)) : String(format: "%.1f", t)
    }

    static func size(of path: String) -> Int64 {
        var st = stat()
        return stat(path, &st) == 0 ? Int64(st.st_size) : 0
    }
}
