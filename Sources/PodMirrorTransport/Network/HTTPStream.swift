internal import CHTTP
import Foundation
import PodMirrorFoundation

/// One HTTP request through libcurl (`CHTTP`) whose body is handed over as it arrives: git's smart HTTP
/// (`GitHTTPShallowFetch`). Abandoned after `stallTimeout` seconds without a byte or under the minimum rate,
/// through the proxy decided for the URL; HTTP error statuses fail.
struct HTTPStream {
    var url: String
    /// POSTed when set; a GET otherwise.
    var body: [UInt8]?
    /// `Name: value` request headers.
    var headers: [String] = []
    var followRedirects = false
    var network: NetworkSettings
    var cancellation: CancellationToken

    /// What answered.
    struct Answer {
        var status: Int
        var contentType: String?
        /// The URL that answered, after redirects.
        var effectiveURL: String?
    }

    /// How a request failed.
    enum Failure: Error {
        case cancelled
        /// No byte for the stall timeout.
        case stalled
        /// Under the minimum rate (`MinimumRate`).
        case tooSlow
        case httpStatus(Int)
        /// libcurl's reason, in the catalog where it is one podmirror knows.
        case transport(Message)
        /// `receive` threw this.
        case receiver(any Error)
    }

    /// State shared with libcurl's callbacks.
    private final class Context {
        let receive: (UnsafeRawBufferPointer) throws -> Void
        let cancellation: CancellationToken
        var error: (any Error)?
        var bytes: Int64 = 0
        var watch: StallWatch
        var stalled: Bool { watch.stalled }

        init(_ stream: HTTPStream, receive: @escaping (UnsafeRawBufferPointer) throws -> Void) {
            self.receive = receive
            cancellation = stream.cancellation
            watch = StallWatch(timeout: stream.network.stallTimeout)
        }
    }

    /// Runs the request, handing each piece of the body to `receive` (which may throw to stop it).
    func perform(receive: @escaping (UnsafeRawBufferPointer) throws -> Void) throws(Failure) -> Answer {
        let context = Context(self, receive: receive)
        let write: @convention(c) (UnsafeMutableRawPointer?, UnsafePointer<CChar>?, Int) -> Int32 = { raw, data, n in
            let context = Unmanaged<Context>.fromOpaque(raw!).takeUnretainedValue()
            do {
                try context.receive(UnsafeRawBufferPointer(start: data, count: n))
                context.bytes += Int64(n)
                return 0
            } catch {
                context.error = error
                return 1
            }
        }
        let progress: @convention(c) (UnsafeMutableRawPointer?, Int64) -> Int32 = { raw, _ in
            let context = Unmanaged<Context>.fromOpaque(raw!).takeUnretainedValue()
            if context.cancellation.isCancelled { return 1 }
            _ = context.watch.observe(context.bytes)
            return context.stalled ? 1 : 0
        }
        var proxy: String?
        if case .proxy(let address) = network.proxy.choice(for: url) { proxy = address }
        let method = body == nil ? "GET" : "POST"
        let shown = Redaction.redactURL(url)
        let started = Date()
        Trace.emit(.httpRequest(method: method, url: shown, range: nil, proxy: proxy.map(Redaction.redactURL)))
        let cHeaders = headers.map { strdup($0) }
        defer { cHeaders.forEach { free($0) } }
        let agent = "podmirror/\(PodMirrorVersion.string)"
        let minimumRate = network.minimumRate
        let stall = max(1, Int(network.stallTimeout.rounded(.up)))
        var result = pm_http_stream_result()
        defer { pm_http_stream_result_free(&result) }
        let rc: Int32 = withExtendedLifetime(context) {
            cHeaders.map { UnsafePointer($0) }.withUnsafeBufferPointer { headerPointers in
                (body ?? []).withUnsafeBufferPointer { post in
                    // "" for no proxy: the decision is final, libcurl must not read the environment.
                    url.withCString { cURL in
                        agent.withCString { cAgent in
                            (proxy ?? "").withCString { cProxy in
                                "".withCString { cNoProxy in
                                    var request = pm_http_stream_request()
                                    request.url = cURL
                                    if body != nil {
                                        let bytes = post.baseAddress.map(UnsafeRawPointer.init)
                                        request.post_body = bytes?.assumingMemoryBound(to: CChar.self) ?? cNoProxy
                                        request.post_len = post.count
                                    }
                                    request.headers = headerPointers.baseAddress
                                    request.header_count = headerPointers.count
                                    request.user_agent = cAgent
                                    request.proxy = cProxy
                                    request.noproxy = cNoProxy
                                    request.follow_redirects = followRedirects ? 1 : 0
                                    request.stall_seconds = stall
                                    if minimumRate.isEnabled {
                                        request.min_rate = minimumRate.bytesPerSecond
                                        request.min_rate_seconds = max(1, Int(minimumRate.seconds.rounded()))
                                    }
                                    request.write = write
                                    request.progress = progress
                                    request.context = Unmanaged.passUnretained(context).toOpaque()
                                    return pm_http_stream(&request, &result) == 0 ? 0 : result.curl_code
                                }
                            }
                        }
                    }
                }
            }
        }
        let seconds = Date().timeIntervalSince(started)
        let error = withUnsafeBytes(of: result.error) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        if rc == 0 || result.status > 0 {
            Trace.emit(
                .httpResponse(method: method, url: shown, status: result.status, bytes: context.bytes, seconds: seconds)
            )
        } else {
            let reason = context.stalled ? "stalled" : Redaction.redactText(error)
            Trace.emit(.httpFailure(method: method, url: shown, reason: reason, seconds: seconds))
        }
        if rc == 0 {
            return Answer(
                status: result.status, contentType: result.content_type.map { String(cString: $0) },
                effectiveURL: result.effective_url.map { String(cString: $0) })
        }
        if let thrown = context.error { throw .receiver(thrown) }
        if cancellation.isCancelled { throw .cancelled }
        if context.stalled { throw .stalled }
        switch rc {
        case HTTPDownloadAttempt.timedOut where result.too_slow != 0: throw .tooSlow
        case HTTPDownloadAttempt.timedOut: throw .stalled
        case HTTPDownloadAttempt.httpError: throw .httpStatus(result.status)
        default: throw .transport(CurlReason.message(code: rc, said: Redaction.redactText(error)))
        }
    }
}
