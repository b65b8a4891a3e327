import Foundation

/// A real git smart-HTTP server on 127.0.0.1 for tests and benchmarks: `git http-backend` behind a
/// small Python server (adapted from shared/tools/git-http-server.py), started on a free port and
/// stopped on `stop()`/deinit. Every bare repo under `root` is served at `url("<name>.git")`.
///
/// Faults for failure tests (`setFault`), read by the server on each request:
/// - `.http500`: every request answers HTTP 500;
/// - `.killAfter(bytes)`: the server process dies after sending that many bytes of a pack response;
/// - `.truncateAfter(bytes)`: the connection is closed after that many bytes of a pack response;
/// - `.stallAfter(bytes)`: the server stops sending (keeps the connection open) after that many bytes;
/// - `.trickleAfter(bytes)`: after that many bytes, one byte every quarter second (never a stall) for a minute;
/// - `.basicAuth(user:password:)`: a request without these HTTP Basic credentials answers 401.
///
/// A slow link for every response (`setSlowLink`, like shared/tools' `--delay-ms 150 --rate-kbps 256`): a delay
/// before each response (a round trip to a far server) and a cap on each response's body throughput.
///
///     let server = try GitHTTPServer(root: reposRoot)
///     let url = server.url("specs.git")          // http://127.0.0.1:PORT/specs.git
///     server.setFault(.killAfter(bytes: 50_000))
// @unchecked: `port` is set once in init; the server itself runs in a child process.
package final class GitHTTPServer: @unchecked Sendable {
    package enum Fault: Sendable, Equatable {
        case none
        case http500
        case killAfter(bytes: Int)
        case truncateAfter(bytes: Int)
        case stallAfter(bytes: Int)
        case trickleAfter(bytes: Int)
        /// Flips one byte of a pack response at that offset (the transfer completes, the pack is corrupt).
        case corruptAt(byte: Int)
        /// Every request without this user name and password (HTTP Basic) answers 401.
        case basicAuth(user: String, password: String)
    }

    package let root: String
    package private(set) var port: Int = 0
    private let state: String
    private let process = Process()

    package init(root: String) throws {
        self.root = root
        state = NSTemporaryDirectory() + "/podmirror-githttp-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: state, withIntermediateDirectories: true)
        let script = state + "/server.py"
        try Self.script.write(toFile: script, atomically: true, encoding: .utf8)
        process.executableURL = URL(fileURLWithPath: ProcessRunner.which("python3") ?? "/usr/bin/python3")
        process.arguments = [script, "--root", root, "--state", state]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle(forWritingAtPath: "/dev/null")
        try process.run()
        let portFile = state + "/port"
        for _ in 0..<200 {
            if let s = try? String(contentsOfFile: portFile, encoding: .utf8),
                let p = Int(s.trimmingCharacters(in: .whitespacesAndNewlines))
            {
                port = p
                return
            }
            usleep(25_000)
        }
        stop()
        throw NSError(
            domain: "GitHTTPServer", code: 1, userInfo: [NSLocalizedDescriptionKey: "the git HTTP server did not start"]
        )
    }

    deinit {
        stop()
        try? FileManager.default.removeItem(atPath: state)
    }

    /// `http://127.0.0.1:PORT/<path>`; `userinfo` adds credentials (for redaction tests).
    package func url(_ path: String, userinfo: String? = nil) -> String {
        "http://\(userinfo.map { $0 + "@" } ?? "")127.0.0.1:\(port)/\(path)"
    }

    package var isRunning: Bool { process.isRunning }

    package func setFault(_ fault: Fault) {
        let text: String
        switch fault {
        case .none: text = "none"
        case .http500: text = "500"
        case .killAfter(let n): text = "kill \(n)"
        case .truncateAfter(let n): text = "truncate \(n)"
        case .stallAfter(let n): text = "stall \(n)"
        case .trickleAfter(let n): text = "trickle \(n)"
        case .corruptAt(let n): text = "corrupt \(n)"
        case .basicAuth(let user, let password): text = "auth " + Data("\(user):\(password)".utf8).base64EncodedString()
        }
        try? text.write(toFile: state + "/fault", atomically: true, encoding: .utf8)
    }

    /// Makes every later response wait `delayMilliseconds` before its head and send its body at most
    /// `rateKiBps` KiB a second (0: no cap); `setSlowLink(delayMilliseconds: 0, rateKiBps: 0)` is a fast link again.
    package func setSlowLink(delayMilliseconds: Int, rateKiBps: Int) {
        try? "\(delayMilliseconds) \(rateKiBps * 1024)".write(
            toFile: state + "/slow", atomically: true, encoding: .utf8)
    }

    /// Number of pack bytes the server sent since start (for "only the delta travelled" checks).
    package var bytesSent: Int {
        Int(
            (try? String(contentsOfFile: state + "/bytes", encoding: .utf8))?.trimmingCharacters(
                in: .whitespacesAndNewlines) ?? "") ?? 0
    }

    package func stop() {
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
    }

    static let script = #"""
        import argparse, os, shutil, subprocess, sys, threading, time
        from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
        from urllib.parse import urlsplit

        BACKEND = subprocess.run(["git", "--exec-path"], capture_output=True, text=True, check=True).stdout.strip() \#
        + "/git-http-backend"
        LOCK = threading.Lock()
        SENT = [0]

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"
            root = "."
            state = "."

            def log_message(self, fmt, *args):
                pass

            def fault(self):
                try:
                    with open(os.path.join(self.state, "fault")) as f:
                        parts = f.read().split()
                except OSError:
                    return ("none", 0)
                if not parts:
                    return ("none", 0)
                if parts[0] == "auth":
                    return ("auth", parts[1])
                return (parts[0], int(parts[1]) if len(parts) > 1 else 0)

            def slow_link(self):
                try:
                    with open(os.path.join(self.state, "slow")) as f:
                        delay, rate = f.read().split()
                    return (int(delay) / 1000.0, int(rate))
                except (OSError, ValueError):
                    return (0.0, 0)

            def body_reader(self, proc):
                try:
                    if self.headers.get("Transfer-Encoding", "").lower() == "chunked":
                        while True:
                            line = self.rfile.readline()
                            size = int(line.split(b";")[0].strip() or b"0", 16)
                            if size == 0:
                                while self.rfile.readline() not in (b"\r\n", b"\n", b""):
                                    pass
                                break
                            remaining = size
                            while remaining:
                                chunk = self.rfile.read(min(remaining, 1 << 16))
                                if not chunk:
                                    break
                                proc.stdin.write(chunk)
                                remaining -= len(chunk)
                            self.rfile.readline()
                    else:
                        remaining = int(self.headers.get("Content-Length") or 0)
                        while remaining > 0:
                            chunk = self.rfile.read(min(remaining, 1 << 16))
                            if not chunk:
                                break
                            proc.stdin.write(chunk)
                            remaining -= len(chunk)
                except (BrokenPipeError, ConnectionResetError):
                    pass
                finally:
                    try:
                        proc.stdin.close()
                    except BrokenPipeError:
                        pass

            def run(self):
                kind, limit = self.fault()
                delay, rate = self.slow_link()
                if delay:
                    time.sleep(delay)
                if kind == "500":
                    self.send_response(500, "Internal Server Error")
                    self.send_header("Content-Type", "text/plain")
                    self.send_header("Content-Length", "17")
                    self.send_header("Connection", "close")
                    self.close_connection = True
                    self.end_headers()
                    self.wfile.write(b"injected failure\n")
                    return
                if kind == "auth" and self.headers.get("Authorization", "") != "Basic " + limit:
                    self.send_response(401, "Unauthorized")
                    self.send_header("WWW-Authenticate", 'Basic realm="specs"')
                    self.send_header("Content-Length", "0")
                    self.send_header("Connection", "close")
                    self.end_headers()
                    return
                u = urlsplit(self.path)
                env = {
                    "PATH": os.environ.get("PATH", os.defpath), "GIT_PROJECT_ROOT": self.root, \#
        "GIT_HTTP_EXPORT_ALL": "1",
                    "GATEWAY_INTERFACE": "CGI/1.1", "SERVER_PROTOCOL": "HTTP/1.1", "SERVER_NAME": "127.0.0.1",
                    "SERVER_PORT": str(self.server.server_address[1]), "REQUEST_METHOD": self.command,
                    "PATH_INFO": u.path, "QUERY_STRING": u.query, "REMOTE_ADDR": self.client_address[0],
                    "CONTENT_TYPE": self.headers.get("Content-Type", ""),
                }
                if self.headers.get("Content-Length"):
                    env["CONTENT_LENGTH"] = self.headers["Content-Length"]
                for h in ("Content-Encoding", "Git-Protocol", "Accept", "User-Agent"):
                    if self.headers.get(h):
                        env["HTTP_" + h.upper().replace("-", "_")] = self.headers[h]
                proc = subprocess.Popen([BACKEND], stdin=subprocess.PIPE, stdout=subprocess.PIPE, env=env, bufsize=0)
                t = threading.Thread(target=self.body_reader, args=(proc,), daemon=True)
                t.start()
                out = proc.stdout
                status = "200 OK"
                headers = []
                while True:
                    line = out.readline()
                    if not line or line in (b"\r\n", b"\n"):
                        break
                    k, _, v = line.decode("latin-1").rstrip("\r\n").partition(":")
                    if k.lower() == "status":
                        status = v.strip()
                    else:
                        headers.append((k, v.strip()))
                code, _, msg = status.partition(" ")
                self.send_response(int(code), msg or None)
                # As git hosts do: a body is framed by Content-Length or chunked, never ended by closing.
                chunked = not any(k.lower() == "content-length" for k, _ in headers)
                for k, v in headers:
                    self.send_header(k, v)
                if chunked:
                    self.send_header("Transfer-Encoding", "chunked")
                if self.close_connection:  # the client (or a proxy) asked for it: say so, as HTTP/1.1 wants
                    self.send_header("Connection", "close")
                self.end_headers()

                started = time.monotonic()
                throttled = [0]

                def send(data):
                    # At most `rate` bytes a second since the head went, in twentieths of a second.
                    step = max(1, rate // 20) if rate else len(data) or 1
                    for i in range(0, len(data), step):
                        part = data[i:i + step]
                        self.wfile.write(b"%x\r\n%s\r\n" % (len(part), part) if chunked else part)
                        self.wfile.flush()
                        throttled[0] += len(part)
                        ahead = throttled[0] / rate - (time.monotonic() - started) if rate else 0
                        if ahead > 0:
                            time.sleep(ahead)

                is_pack = self.command == "POST" and u.path.endswith("git-upload-pack")
                sent = 0
                try:
                    while True:
                        chunk = out.read(1 << 14)
                        if not chunk:
                            if chunked:
                                self.wfile.write(b"0\r\n\r\n")
                            break
                        if is_pack and kind == "trickle" and sent + len(chunk) > limit:
                            part = chunk[: max(0, limit - sent)]
                            if part:
                                send(part)
                            # The rest of the pack, this chunk and the next ones, one byte a quarter second.
                            rest = chunk[len(part):]
                            until = time.time() + 60
                            while rest and time.time() < until:
                                send(rest[:1])
                                rest = rest[1:] or out.read(1 << 14)
                                time.sleep(0.25)
                            self.close_connection = True
                            proc.kill()
                            break
                        if is_pack and kind in ("kill", "truncate", "stall") and sent + len(chunk) > limit:
                            part = chunk[: max(0, limit - sent)]
                            if part:
                                send(part)
                            if kind == "kill":
                                os._exit(1)
                            if kind == "stall":
                                # Count what was sent, so a test can tell the transfer is under way and stalled.
                                with LOCK:
                                    SENT[0] += sent + len(part)
                                    with open(os.path.join(self.state, "bytes"), "w") as f:
                                        f.write(str(SENT[0]))
                                time.sleep(3600)
                            # truncate: the body ends without its last chunk, the connection closes.
                            self.close_connection = True
                            proc.kill()
                            break
                        if is_pack and kind == "corrupt" and sent <= limit < sent + len(chunk):
                            i = limit - sent
                            chunk = chunk[:i] + bytes([chunk[i] ^ 0x5A]) + chunk[i + 1:]
                        send(chunk)
                        sent += len(chunk)
                except (BrokenPipeError, ConnectionResetError):
                    self.close_connection = True
                if is_pack:
                    with LOCK:
                        SENT[0] += sent
                        with open(os.path.join(self.state, "bytes"), "w") as f:
                            f.write(str(SENT[0]))
                proc.wait()
                t.join()

            do_GET = run
            do_POST = run

        def main():
            ap = argparse.ArgumentParser()
            ap.add_argument("--root", required=True)
            ap.add_argument("--state", required=True)
            ap.add_argument("--port", type=int, default=0)
            a = ap.parse_args()
            Handler.root = os.path.abspath(a.root)
            Handler.state = a.state
            srv = ThreadingHTTPServer(("127.0.0.1", a.port), Handler)
            srv.daemon_threads = True
            with open(os.path.join(a.state, "port.tmp"), "w") as f:
                f.write(str(srv.server_address[1]))
            os.rename(os.path.join(a.state, "port.tmp"), os.path.join(a.state, "port"))
            srv.serve_forever()

        main()
        """#
}
