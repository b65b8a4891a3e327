import Foundation
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A loopback HTTP/1.1 file server for download tests: `Range: bytes=N-` (206 + `Content-Range`),
/// `ETag`/`If-Range`, redirects, and scripted faults per path — a connection dropped or stalled
/// mid-body, an error status, a server that ignores `Range`. It also answers proxy-style requests
/// (`GET http://host/path`), recording them as proxied, so it can stand in for a forward proxy.
package final class ArchiveHTTPServer: @unchecked Sendable {
    /// What the next request to a path suffers; each fault is used once, in order.
    package enum Fault: Sendable, Equatable {
        /// Sends the headers (full length) and this many body bytes, then closes the connection.
        case dropAfter(Int)
        /// Sends this many body bytes, then nothing for `seconds`, then closes.
        case stallAfter(Int, seconds: Double)
        /// Sends this many body bytes, then one byte every quarter second (never a stall) for `seconds`,
        /// then closes.
        case trickleAfter(Int, seconds: Double)
        /// Answers with this status and a short text body.
        case status(Int)
        /// Answers 200 with the whole body even when `Range` was asked.
        case ignoreRange
        /// Answers 200 with the whole body even when `Range` was asked, two bytes a second for `seconds`, then
        /// closes: a trickling server without `Range`.
        case trickleIgnoringRange(seconds: Double)
    }

    /// One request as received.
    package struct Request: Sendable {
        package var method: String
        /// The request target as sent (absolute for proxied requests).
        package var target: String
        package var path: String
        /// Header fields, names lower-cased.
        package var headers: [String: String]
        package var proxied: Bool
    }

    package let port: Int
    package var url: String { "http://127.0.0.1:\(port)" }
    private let listenFD: Int32
    private let lock = NSLock()
    private var files: [String: [UInt8]] = [:]
    private var redirects: [String: String] = [:]
    private var faults: [String: [Fault]] = [:]
    private var log: [Request] = []
    private var stopped = false

    /// Starts serving `files` (path → bytes); other paths get 404.
    package init(files: [String: [UInt8]] = [:]) throws {
        self.files = files
        let (fd, port) = try LoopbackListener.open(owner: "ArchiveHTTPServer")
        self.port = port
        listenFD = fd
        Thread { [weak self] in self?.acceptLoop() }.start()
    }

    deinit { stop() }

    package func serve(_ path: String, _ bytes: [UInt8]) { lock.lock(); files[path] = bytes; lock.unlock() }
    package func redirect(_ path: String, to location: String) {
        lock.lock(); redirects[path] = location; lock.unlock()
    }
    /// Queues faults for the next requests to `path`.
    package func inject(_ path: String, _ list: [Fault]) {
        lock.lock()
        faults[path, default: []] += list
        lock.unlock()
    }
    package var requests: [Request] { lock.lock(); defer { lock.unlock() }; return log }

    /// The `ETag` served for `bytes`.
    package static func etag(_ bytes: [UInt8]) -> String {
        var h: UInt64 = 1469598103934665603
        for b in bytes { h = (h ^ UInt64(b)) &* 1099511628211 }
        return "\"\(String(h, radix: 16))-\(bytes.count)\""
    }

    package func stop() {
        lock.lock()
        let was = stopped
        stopped = true
        lock.unlock()
        if !was { shutdown(listenFD, Int32(SHUT_RDWR)); close(listenFD) }
    }

    private var isStopped: Bool { lock.lock(); defer { lock.unlock() }; return stopped }

    private func acceptLoop() {
        HTTPConnection.acceptLoop(listenFD, isStopped: { isStopped }) { self.handle($0) }
    }

    private func handle(_ connection: HTTPConnection) {
        guard let request = connection.readHead() else { return }
        let headers = request.headers
        let method = request.method
        let target = request.target
        var path = target
        let proxied = target.hasPrefix("http://")
        if proxied, let slash = target.dropFirst(7).firstIndex(of: "/") { path = String(target[slash...]) }
        lock.lock()
        log.append(Request(method: method, target: target, path: path, headers: headers, proxied: proxied))
        // A path is looked up with its query first, then without it.
        if files[path] == nil && redirects[path] == nil && faults[path] == nil, let q = path.firstIndex(of: "?") {
            path = String(path[..<q])
        }
        let fault = faults[path]?.isEmpty == false ? faults[path]!.removeFirst() : nil
        let body = files[path]
        let location = redirects[path]
        lock.unlock()

        if let location {
            connection.send("HTTP/1.1 302 Found\r\nLocation: \(location)\r\n" + Self.emptyEnd)
            return
        }
        if case .status(let code) = fault {
            connection.send("HTTP/1.1 \(code) Fault\r\n" + Self.textEnd("fault\n"))
            return
        }
        guard let body else {
            connection.send("HTTP/1.1 404 Not Found\r\n" + Self.textEnd("not found\n"))
            return
        }
        let etag = Self.etag(body)
        var start = 0
        let ignoresRange: Bool
        switch fault {
        case .ignoreRange?, .trickleIgnoringRange?: ignoresRange = true
        default: ignoresRange = false
        }
        if !ignoresRange, let range = headers["range"], range.hasPrefix("bytes="), range.hasSuffix("-"),
            let from = Int(range.dropFirst(6).dropLast()), headers["if-range"].map({ $0 == etag }) ?? true
        {
            if from >= body.count {
                let range = "Content-Range: bytes */\(body.count)\r\n"
                connection.send("HTTP/1.1 416 Range Not Satisfiable\r\n" + range + Self.emptyEnd)
                return
            }
            start = from
        }
        var head =
            start > 0
            ? "HTTP/1.1 206 Partial Content\r\nContent-Range: bytes \(start)-\(body.count - 1)/\(body.count)\r\n"
            : "HTTP/1.1 200 OK\r\n"
        head += "ETag: \(etag)\r\nAccept-Ranges: bytes\r\nContent-Type: application/octet-stream\r\n"
        head += "Content-Length: \(body.count - start)\r\nConnection: close\r\n\r\n"
        guard connection.send(head) else { return }
        if method == "HEAD" { return }
        let rest = Array(body[start...])
        switch fault {
        case .dropAfter(let n)?:
            _ = connection.send(Array(rest.prefix(n)))
        case .stallAfter(let n, let seconds)?:
            guard connection.send(Array(rest.prefix(n))) else { return }
            let until = Date().addingTimeInterval(seconds)
            while Date() < until && !isStopped { Thread.sleep(forTimeInterval: 0.05) }
        case .trickleAfter(let n, let seconds)?:
            guard connection.send(Array(rest.prefix(n))) else { return }
            let until = Date().addingTimeInterval(seconds)
            var at = n
            while Date() < until && !isStopped && at < rest.count && connection.send([rest[at]]) {
                at += 1
                Thread.sleep(forTimeInterval: 0.25)
            }
        case .trickleIgnoringRange(let seconds)?:
            let until = Date().addingTimeInterval(seconds)
            var at = 0
            while Date() < until && !isStopped && at < rest.count && connection.send([rest[at]]) {
                at += 1
                Thread.sleep(forTimeInterval: 0.5)
            }
        default:
            _ = connection.send(rest)
        }
    }

    static let emptyEnd = "Content-Length: 0\r\nConnection: close\r\n\r\n"

    static func textEnd(_ body: String) -> String {
        "Content-Type: text/plain\r\nContent-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n" + body
    }
}
