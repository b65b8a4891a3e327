import Foundation
#if os(Linux)
import CHTTP
#elseif canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One HTTP answer, redirects not followed (the caller decides whether a redirect is acceptable).
public struct HTTPAnswer: Sendable {
    public var status: Int
    public var headers: [String: String]
    public var body: Data
    public var seconds: Double

    /// A header by case-insensitive name.
    public func header(_ name: String) -> String? {
        headers.first { $0.key.lowercased() == name.lowercased() }?.value
    }
}

/// A failure to get any answer: timeout, refused connection, TLS, DNS.
public struct HTTPFailure: Error, Sendable {
    public var message: String
}

#if os(Linux)
/// Blocking HTTP requests with a timeout, without following redirects. On Linux through libcurl,
/// loaded on first use (`CHTTP`): linking FoundationNetworking would load libcurl and its ~25
/// dependencies at every start, about 5 ms of each command's 13 ms start-up.
public final class HTTPGet: Sendable {
    public let timeout: Double

    public init(timeout: Double) { self.timeout = timeout }

    /// GET (or HEAD) `url`; throws `HTTPFailure` when no answer came within the timeout.
    public func fetch(_ url: String, method: String = "GET") throws -> HTTPAnswer {
        guard URL(string: url) != nil else { throw HTTPFailure(message: "not a URL: \(Redaction.redactURL(url))") }
        var result = pm_http_result()
        let start = Date()
        let rc = pm_http_request(url, method, Int(timeout * 1000), "podmirror/\(PodMirrorVersion.string)", &result)
        defer { pm_http_result_free(&result) }
        let seconds = Date().timeIntervalSince(start)
        guard rc == 0 else {
            if result.timed_out != 0 { throw HTTPFailure(message: "no answer within \(Self.format(timeout)) s") }
            let message = withUnsafeBytes(of: result.error) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            throw HTTPFailure(message: Redaction.redactText(message))
        }
        let body = result.body.map { Data(bytes: $0, count: result.body_len) } ?? Data()
        let raw = result.headers.map { String(decoding: UnsafeRawBufferPointer(start: $0, count: result.headers_len), as: UTF8.self) } ?? ""
        return HTTPAnswer(status: result.status, headers: Self.headers(raw), body: body, seconds: seconds)
    }

    /// Header fields of the last response in `raw` (a proxy's `CONNECT` answer comes first).
    static func headers(_ raw: String) -> [String: String] {
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
#else
/// Blocking HTTP requests through URLSession (Darwin) with a timeout, without following redirects.
// @unchecked: each probe makes its own HTTPGet and uses it from one thread; URLSession is thread-safe.
public final class HTTPGet: NSObject, URLSessionTaskDelegate, @unchecked Sendable {
    public let timeout: Double
    private lazy var session: URLSession = {
        let config = URLSessionConfiguration.ephemeral
        config.timeoutIntervalForRequest = timeout
        config.timeoutIntervalForResource = timeout
        config.requestCachePolicy = .reloadIgnoringLocalCacheData
        // Nothing on disk: no URL cache, cookies or credentials kept between runs.
        config.urlCache = nil
        config.httpCookieStorage = nil
        config.urlCredentialStorage = nil
        config.httpAdditionalHeaders = ["User-Agent": "podmirror/\(PodMirrorVersion.string)"]
        return URLSession(configuration: config, delegate: self, delegateQueue: nil)
    }()

    public init(timeout: Double) { self.timeout = timeout }

    deinit { session.invalidateAndCancel() }

    /// GET (or HEAD) `url`; throws `HTTPFailure` when no answer came within the timeout.
    public func fetch(_ url: String, method: String = "GET") throws -> HTTPAnswer {
        guard let u = URL(string: url) else { throw HTTPFailure(message: "not a URL: \(Redaction.redactURL(url))") }
        var request = URLRequest(url: u, timeoutInterval: timeout)
        request.httpMethod = method
        let done = DispatchSemaphore(value: 0)
        let box = ResultBox()
        let start = Date()
        let task = session.dataTask(with: request) { data, response, error in
            box.set(data, response, error)
            done.signal()
        }
        task.resume()
        // URLSession enforces the timeout; the extra second only guards against a lost callback.
        if done.wait(timeout: .now() + timeout + 1) == .timedOut {
            task.cancel()
            throw HTTPFailure(message: "no answer within \(Self.format(timeout)) s")
        }
        let seconds = Date().timeIntervalSince(start)
        let (data, response, error) = box.get()
        if let error {
            let ns = error as NSError
            if ns.code == NSURLErrorTimedOut { throw HTTPFailure(message: "no answer within \(Self.format(timeout)) s") }
            throw HTTPFailure(message: Redaction.redactText(ns.localizedDescription))
        }
        guard let http = response as? HTTPURLResponse else { throw HTTPFailure(message: "not an HTTP answer") }
        var headers: [String: String] = [:]
        for (k, v) in http.allHeaderFields { headers["\(k)"] = "\(v)" }
        return HTTPAnswer(status: http.statusCode, headers: headers, body: data ?? Data(), seconds: seconds)
    }

    public func urlSession(_ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
                           newRequest request: URLRequest, completionHandler: @escaping (URLRequest?) -> Void) {
        completionHandler(nil)
    }

    static func format(_ s: Double) -> String { String(format: "%.1f", s) }

    // @unchecked: every access to `value` holds `lock`.
    private final class ResultBox: @unchecked Sendable {
        private let lock = NSLock()
        private var value: (Data?, URLResponse?, Error?) = (nil, nil, nil)
        func set(_ d: Data?, _ r: URLResponse?, _ e: Error?) { lock.lock(); value = (d, r, e); lock.unlock() }
        func get() -> (Data?, URLResponse?, Error?) { lock.lock(); defer { lock.unlock() }; return value }
    }
}
#endif
