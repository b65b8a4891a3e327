import Foundation
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A small HTTP/1.1 server on 127.0.0.1 (a random port), in-process: an accept loop on a thread,
/// one connection per request (`Connection: close`). Serves canned answers for gem index files and
/// a Specs `info/refs` advertisement, in normal, slow and broken modes.
// @unchecked: `stopped` and `requestLog` are read and written under `lock`; the rest is constant.
package final class StaticHTTPServer: @unchecked Sendable {
    package struct Response: Sendable {
        package var status: Int
        package var headers: [String: String]
        package var body: [UInt8]
        package init(status: Int = 200, headers: [String: String] = [:], body: [UInt8] = []) {
            self.status = status
            self.headers = headers
            self.body = body
        }
    }

    /// How the server misbehaves.
    package enum Mode: Sendable, Equatable {
        case normal
        /// Waits this many seconds before answering.
        case slow(Double)
        /// Answers every request with HTTP 500.
        case error500
        /// Answers 200 with an HTML page instead of the expected content.
        case wrongContent
        /// Redirects every request to the same path on plain http at another host.
        case redirectToHTTP
    }

    package let port: Int
    package var url: String { "http://127.0.0.1:\(port)" }
    private let listenFD: Int32
    private let routes: [String: Response]
    private let mode: Mode
    private let lock = NSLock()
    private var stopped = false
    private var requestLog: [String] = []

    /// Starts serving `routes` (path with query → answer); other paths get 404.
    package init(routes: [String: Response], mode: Mode = .normal) throws {
        self.routes = routes
        self.mode = mode
        let (fd, port) = try LoopbackListener.open(owner: "StaticHTTPServer")
        self.port = port
        listenFD = fd
        let thread = Thread { [weak self] in self?.acceptLoop() }
        thread.start()
    }

    deinit { stop() }

    /// Request lines received so far (`GET /path`), for assertions.
    package var requests: [String] { lock.lock(); defer { lock.unlock() }; return requestLog }

    package func stop() {
        lock.lock()
        let was = stopped
        stopped = true
        lock.unlock()
        if !was { shutdown(listenFD, Int32(SHUT_RDWR)); close(listenFD) }
    }

    private func acceptLoop() {
        HTTPConnection.acceptLoop(
            listenFD,
            isStopped: {
                lock.lock(); defer { lock.unlock() }; return stopped
            }
        ) {
            self.handle($0)
        }
    }

    private func handle(_ connection: HTTPConnection) {
        guard let request = connection.readHead() else { return }
        let method = request.method
        let path = request.target
        lock.lock(); requestLog.append("\(method) \(path)"); lock.unlock()
        var response =
            routes[path]
            ?? Response(status: 404, headers: ["Content-Type": "text/plain"], body: Array("not found\n".utf8))
        switch mode {
        case .normal: break
        case .slow(let seconds): Thread.sleep(forTimeInterval: seconds)
        case .error500:
            response = Response(
                status: 500, headers: ["Content-Type": "text/plain"], body: Array("internal error\n".utf8))
        case .wrongContent:
            response = Response(
                status: 200, headers: ["Content-Type": "text/html"],
                body: Array("<html><body>mirror moved</body></html>\n".utf8))
        case .redirectToHTTP:
            response = Response(status: 301, headers: ["Location": "http://mirror.example.invalid\(path)"])
        }
        var head = "HTTP/1.1 \(response.status) \(response.status == 200 ? "OK" : "Status")\r\n"
        for (k, v) in response.headers { head += "\(k): \(v)\r\n" }
        head += "Content-Length: \(response.body.count)\r\nConnection: close\r\n\r\n"
        var out = Array(head.utf8)
        if method != "HEAD" { out += response.body }
        connection.send(out)
    }

    // MARK: canned content

    /// The answers a gem mirror gives: `specs.4.8.gz` (gzip bytes) and the compact index `versions`.
    package static func gemMirrorRoutes() -> [String: Response] {
        // A gzip member holding an empty marshalled array, enough for the magic-number check.
        let gzip: [UInt8] = [
            0x1F, 0x8B, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x03, 0x63, 0x61, 0x60, 0x00, 0x00,
            0x7A, 0x1D, 0x44, 0x5A, 0x03, 0x00, 0x00, 0x00,
        ]
        return [
            "/specs.4.8.gz": Response(headers: ["Content-Type": "application/octet-stream"], body: gzip),
            "/versions": Response(
                headers: ["Content-Type": "text/plain"], body: Array("created_at: 2026-11-01T00:00:00Z\n---\n".utf8)),
        ]
    }

    /// A smart-HTTP `info/refs` advertisement whose HEAD (and master) is `head`, for the repo at `repo`.
    package static func specsMirrorRoutes(head: String, repo: String = "/Specs.git") -> [String: Response] {
        func pkt(_ s: String) -> String { String(format: "%04x", s.utf8.count + 4) + s }
        let body =
            pkt("# service=git-upload-pack\n") + "0000"
            + pkt("\(head) HEAD\0multi_ack side-band-64k symref=HEAD:refs/heads/master agent=git/2.43\n")
            + pkt("\(head) refs/heads/master\n") + "0000"
        return [
            repo + "/info/refs?service=git-upload-pack": Response(
                headers: [
                    "Content-Type": "application/x-git-upload-pack-advertisement",
                    "Cache-Control": "no-cache",
                ], body: Array(body.utf8))
        ]
    }
}
