import Foundation

/// A static file server in its own process (Python's http.server), for tests that kill a server with SIGKILL
/// mid-download and start it again on the same port: files under `root`, `Range: bytes=N-` answered 206 with
/// `Content-Range`, every body sent at most `rateKiBps` KiB a second. The project's own, so those tests run from a
/// plain clone.
package final class RangeFileServer: @unchecked Sendable {
    package let port: Int
    package var url: String { "http://127.0.0.1:\(port)" }
    private let process = Process()
    private let state: String

    /// Starts serving `root` on `port` (0: a free one); returns once it listens.
    package init(root: String, port: Int = 0, rateKiBps: Int = 256) throws {
        state = NSTemporaryDirectory() + "/podmirror-rangefile-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: state, withIntermediateDirectories: true)
        let script = state + "/server.py"
        try Self.script.write(toFile: script, atomically: true, encoding: .utf8)
        process.executableURL = URL(fileURLWithPath: ProcessRunner.which("python3") ?? "/usr/bin/python3")
        process.arguments = [script, root, String(port), String(rateKiBps * 1024), state + "/port"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        for _ in 0..<200 {
            if let s = try? String(contentsOfFile: state + "/port", encoding: .utf8), let p = Int(s) {
                self.port = p
                return
            }
            usleep(25_000)
        }
        process.terminate()
        throw NSError(
            domain: "RangeFileServer", code: 1, userInfo: [NSLocalizedDescriptionKey: "the file server did not start"])
    }

    /// The server's process id (for `kill(pid, SIGKILL)`).
    package var processIdentifier: Int32 { process.processIdentifier }

    package func stop() {
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
    }

    deinit {
        stop()
        try? FileManager.default.removeItem(atPath: state)
    }

    static let script = #"""
        import os, re, sys, time
        from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
        ROOT, PORT, RATE, PORT_FILE = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, fmt, *args):
                pass

            def do_HEAD(self):
                self.answer(False)

            def do_GET(self):
                self.answer(True)

            def answer(self, body):
                path = os.path.normpath(os.path.join(ROOT, self.path.split("?")[0].lstrip("/")))
                if not path.startswith(os.path.abspath(ROOT)) or not os.path.isfile(path):
                    self.send_response(404)
                    self.send_header("Content-Length", "0")
                    self.end_headers()
                    return
                data = open(path, "rb").read()
                start = 0
                m = re.match(r"bytes=(\d+)-$", self.headers.get("Range", ""))
                if m and int(m.group(1)) < len(data):
                    start = int(m.group(1))
                    self.send_response(206)
                    self.send_header("Content-Range", "bytes %d-%d/%d" % (start, len(data) - 1, len(data)))
                else:
                    self.send_response(200)
                self.send_header("Content-Length", str(len(data) - start))
                self.send_header("Accept-Ranges", "bytes")
                self.send_header("ETag", '"%d-%d"' % (len(data), int(os.path.getmtime(path))))
                self.end_headers()
                if not body:
                    return
                began = time.monotonic()
                sent = 0
                step = max(1, RATE // 20) if RATE else len(data)
                for i in range(start, len(data), step):
                    part = data[i:i + step]
                    self.wfile.write(part)
                    self.wfile.flush()
                    sent += len(part)
                    ahead = sent / RATE - (time.monotonic() - began) if RATE else 0
                    if ahead > 0:
                        time.sleep(ahead)

        ThreadingHTTPServer.allow_reuse_address = True
        srv = ThreadingHTTPServer(("127.0.0.1", PORT), Handler)
        srv.daemon_threads = True
        with open(PORT_FILE + ".tmp", "w") as f:
            f.write(str(srv.server_address[1]))
        os.rename(PORT_FILE + ".tmp", PORT_FILE)
        srv.serve_forever()
        """#
}
