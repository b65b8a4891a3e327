import Foundation

/// A small recording HTTP proxy on 127.0.0.1 for tests: forwards absolute-form `http://` requests to their
/// target (one request per connection: it asks both sides for `Connection: close`) and tunnels `CONNECT`.
/// Every request line is recorded (`requests`), with whether it carried the expected credentials.
///
/// With `credentials` ("user:password"), a request without that `Proxy-Authorization: Basic` answers
/// 407, as an authenticating proxy does.
///
///     let proxy = try RecordingProxy()
///     run(..., extraEnvironment: ["http_proxy": proxy.url])
///     XCTAssertTrue(proxy.requests.contains { $0.contains("/info/refs") })
package final class RecordingProxy: @unchecked Sendable {
    package let credentials: String?
    package private(set) var port: Int = 0
    private let state: String
    private let process = Process()

    package init(credentials: String? = nil) throws {
        self.credentials = credentials
        state = NSTemporaryDirectory() + "/podmirror-proxy-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: state, withIntermediateDirectories: true)
        let script = state + "/proxy.py"
        try Self.script.write(toFile: script, atomically: true, encoding: .utf8)
        process.executableURL = URL(fileURLWithPath: ProcessRunner.which("python3") ?? "/usr/bin/python3")
        process.arguments = [script, state] + (credentials.map { [$0] } ?? [])
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        for _ in 0..<200 {
            if let s = try? String(contentsOfFile: state + "/port", encoding: .utf8),
                let p = Int(s.trimmingCharacters(in: .whitespacesAndNewlines))
            {
                port = p
                return
            }
            usleep(25_000)
        }
        stop()
        throw NSError(
            domain: "RecordingProxy", code: 1, userInfo: [NSLocalizedDescriptionKey: "the proxy did not start"])
    }

    deinit {
        stop()
        try? FileManager.default.removeItem(atPath: state)
    }

    /// `http://[credentials@]127.0.0.1:PORT`.
    package var url: String { "http://\(credentials.map { $0 + "@" } ?? "")127.0.0.1:\(port)" }

    /// Request lines seen, in order, each prefixed with `auth ` when it carried the expected credentials
    /// (or none were required) and `noauth ` otherwise.
    package var log: [String] {
        ((try? String(contentsOfFile: state + "/log", encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
    }

    /// Request lines that were forwarded (credentials accepted), e.g. `GET http://127.0.0.1:5/x HTTP/1.1`.
    package var requests: [String] {
        log.filter { $0.hasPrefix("auth ") }.map { String($0.dropFirst(5)) }
    }

    package func stop() {
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
    }

    static let script = #"""
        import base64, os, socket, sys, threading
        from urllib.parse import urlsplit

        state = sys.argv[1]
        expected = ("Basic " + base64.b64encode(sys.argv[2].encode()).decode()) if len(sys.argv) > 2 else None
        lock = threading.Lock()

        def record(line, ok):
            with lock:
                with open(os.path.join(state, "log"), "a") as f:
                    f.write(("auth " if ok else "noauth ") + line + "\n")

        def pump(src_read, dst):
            try:
                while True:
                    data = src_read(65536)
                    if not data:
                        break
                    dst.sendall(data)
            except OSError:
                pass
            try:
                dst.shutdown(socket.SHUT_WR)
            except OSError:
                pass

        def handle(client):
            reader = client.makefile("rb")
            try:
                line = reader.readline().decode("latin-1").rstrip("\r\n")
                headers = []
                while True:
                    h = reader.readline()
                    if h in (b"\r\n", b"\n", b""):
                        break
                    headers.append(h.decode("latin-1").rstrip("\r\n"))
                if not line:
                    return
                auth = None
                for h in headers:
                    k, _, v = h.partition(":")
                    if k.strip().lower() == "proxy-authorization":
                        auth = v.strip()
                ok = expected is None or auth == expected
                record(line, ok)
                if not ok:
                    client.sendall(b"HTTP/1.1 407 Proxy Authentication Required\r\n\#
        Proxy-Authenticate: Basic realm=\"test\"\r\n"
                                   b"Content-Length: 0\r\nConnection: close\r\n\r\n")
                    return
                method, target, version = line.split(" ", 2)
                if method == "CONNECT":
                    host, _, port = target.rpartition(":")
                    upstream = socket.create_connection((host, int(port)))
                    client.sendall(b"HTTP/1.1 200 Connection established\r\n\r\n")
                else:
                    u = urlsplit(target)
                    upstream = socket.create_connection((u.hostname, u.port or 80))
                    path = (u.path or "/") + ("?" + u.query if u.query else "")
                    keep = [h for h in headers if h.partition(":")[0].strip().lower()
                            not in ("proxy-authorization", "proxy-connection", "connection", "keep-alive")]
                    head = "%s %s %s\r\n" % (method, path, version) + "".join(h + "\r\n" for h in keep) + \#
        "Connection: close\r\n\r\n"
                    upstream.sendall(head.encode("latin-1"))
                t = threading.Thread(target=pump, args=(reader.read1, upstream), daemon=True)
                t.start()
                pump(upstream.recv, client)
                upstream.close()
            except OSError:
                pass
            finally:
                try:
                    client.close()
                except OSError:
                    pass

        srv = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        srv.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        srv.bind(("127.0.0.1", 0))
        srv.listen(64)
        with open(os.path.join(state, "port.tmp"), "w") as f:
            f.write(str(srv.getsockname()[1]))
        os.rename(os.path.join(state, "port.tmp"), os.path.join(state, "port"))
        while True:
            c, _ = srv.accept()
            threading.Thread(target=handle, args=(c,), daemon=True).start()
        """#
}
