internal import CHTTP
import Foundation
import PodMirrorFoundation

/// One HTTP answer, redirects not followed (the caller decides whether a redirect is acceptable).
package struct HTTPAnswer: Sendable {
    package var status: Int
    package var headers: [String: String]
    package var body: Data
    package var seconds: Double

    /// A header by case-insensitive name.
    package func header(_ name: String) -> String? {
        headers.first { $0.key.lowercased() == name.lowercased() }?.value
    }
}

/// A failure to get any answer: timeout, refused connection, TLS, DNS.
package struct HTTPFailure: Error, Sendable {
    /// In English (JSON, logs).
    package var message: String
    /// The catalog form of `message`, when podmirror (not libcurl) words it.
    package var text: Message?

    package init(message: String) { self.message = message }

    /// A failure podmirror words itself: `message` is its English text.
    package init(_ text: Message) {
        message = text.english
        self.text = text
    }
}

/// Blocking HTTP requests with a timeout, without following redirects, through libcurl loaded on first
/// use (`CHTTP`) on every platform, so the path tested on Linux is the one macOS users run. Linking
/// FoundationNetworking would load libcurl and its ~25 dependencies at every start, about 5 ms of each
/// command's 13 ms start-up. The proxy is the one git transfers use (`ProxySettings`).
package final class HTTPGet: Sendable {
    package let timeout: Double
    /// The proxy configuration git transfers use; each request's proxy is decided from it.
    package let proxy: ProxySettings
    /// The most bytes of body kept: a longer answer (an endless ref advertisement) fails, cut at this size.
    let maxBodyBytes: Int64

    /// The default `maxBodyBytes`: far above a real ref advertisement, gem index or CDN file podmirror probes.
    package static let defaultMaxBodyBytes: Int64 = 64 << 20

    package init(timeout: Double, proxy: ProxySettings = ProxySettings(), maxBodyBytes: Int64 = defaultMaxBodyBytes) {
        self.timeout = timeout
        self.proxy = proxy
        self.maxBodyBytes = maxBodyBytes
    }

    /// GET (or HEAD) `url`; throws `HTTPFailure` when no answer came within the timeout.
    package func fetch(_ url: String, method: String = "GET") throws -> HTTPAnswer {
        guard URL(string: url) != nil else { throw HTTPFailure(message: "not a URL: \(Redaction.redactURL(url))") }
        var result = pm_http_result()
        let start = Date()
        var proxyURL: String?
        if case .proxy(let address) = proxy.choice(for: url) { proxyURL = address }
        let agent = "podmirror/\(PodMirrorVersion.string)"
        let shown = Redaction.redactURL(url)
        Trace.emit(.httpRequest(method: method, url: shown, range: nil, proxy: proxyURL.map(Redaction.redactURL)))
        // "" for noproxy: the decision above is final, libcurl reads no environment.
        let rc = pm_http_request(url, method, Int(timeout * 1000), agent, proxyURL ?? "", "", maxBodyBytes, &result)
        defer { pm_http_result_free(&result) }
        let seconds = Date().timeIntervalSince(start)
        guard rc == 0 else {
            let failure: HTTPFailure
            if result.timed_out != 0 {
                failure = HTTPFailure(Message("network.cause.no-answer", ["seconds": Self.format(timeout)]))
            } else {
                let message = withUnsafeBytes(of: result.error) {
                    String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
                }
                // libcurl's own words; in another language, the failure said in it.
                failure = HTTPFailure(
                    CurlReason.message(code: Int32(result.curl_code), said: Redaction.redactText(message)))
            }
            Trace.emit(.httpFailure(method: method, url: shown, reason: failure.message, seconds: seconds))
            throw failure
        }
        let body = result.body.map { Data(bytes: $0, count: result.body_len) } ?? Data()
        Trace.emit(
            .httpResponse(
                method: method, url: shown, status: result.status, bytes: Int64(body.count), seconds: seconds))
        let raw =
            result.headers.map {
                String(decoding: UnsafeRawBufferPointer(start: $0, count: result.headers_len), as: UTF8.self)
            } ?? ""
        return HTTPAnswer(status: result.status, headers: Self.headers(raw), body: body, seconds: seconds)
    }

    /// Header fields of the last response in `raw` (a proxy's `CONNECT` answer comes first).
    package static func headers(_ raw: String) -> [String: String] {
        var out: [String: String] = [:]
        for line in raw.split(whereSeparator: { $0 == "\r\n" || $0 == "\n" || $0 == "\r" }) {
            if line.hasPrefix("HTTP/") { out = [:]; continue }
            guard let colon = line.firstIndex(of: ":") else { continue }
            out[String(line[..<colon])] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return out
    }

    static func format(_ s: Double) -> String { String(format: "%.1f", s) }
}
