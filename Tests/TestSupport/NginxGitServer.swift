import Foundation
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Git served the way mirror sites serve it: a real nginx in front of fcgiwrap running git's
/// `git-http-backend`, started on 127.0.0.1 (a free port) with a private prefix — its own config, pid,
/// logs, temp folders and fcgiwrap socket in a temporary folder, never /etc/nginx or a system service —
/// and stopped on `stop()`/deinit. Every bare repo under `root` is served at `url("<name>.git")`.
///
/// `stalledURL("<name>.git")` serves the same repo, except that its pack requests (`POST …/git-upload-pack`)
/// go to a second FastCGI upstream (`StallingRelay`) that passes only the first `stallAfterBytes` bytes of
/// fcgiwrap's answer (0, the default: none) and then stalls with the connection open: the ref advertisement
/// arrives, then the pack transfer stops mid-way.
///
///     guard NginxGitServer.missingTools.isEmpty else { ... }
///     let server = try NginxGitServer(root: reposRoot)
///     let url = server.url("specs.git")           // http://127.0.0.1:PORT/specs.git
// @unchecked: everything is set once in init; the servers themselves run in child processes.
package final class NginxGitServer: @unchecked Sendable {
    package let root: String
    package private(set) var port: Int = 0
    /// The private prefix: `nginx.conf`, `nginx.pid`, `logs/`, `tmp/`, `fcgiwrap.sock`.
    package let prefix: String
    private var nginx: Process?
    private var fcgiwrap: Process?
    private var stall: StallingRelay?

    /// The programs the server needs that are not installed (empty when it can start). nginx and fcgiwrap
    /// usually live in an `sbin` folder that is not on a user's PATH, so those are searched too.
    package static var missingTools: [String] {
        var missing = ["nginx", "fcgiwrap"].filter { tool($0) == nil }
        if httpBackend == nil { missing.append("git-http-backend") }
        return missing
    }

    static func tool(_ name: String) -> String? {
        if let found = ProcessRunner.which(name) { return found }
        return ["/usr/sbin", "/usr/local/sbin", "/usr/local/bin", "/opt/homebrew/bin", "/opt/homebrew/sbin"]
            .map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    static var httpBackend: String? {
        guard let r = try? ProcessRunner.git(["--exec-path"]), r.status == 0 else { return nil }
        let path = r.stdout.trimmingCharacters(in: .whitespacesAndNewlines) + "/git-http-backend"
        return FileManager.default.isExecutableFile(atPath: path) ? path : nil
    }

    /// Starts fcgiwrap and nginx; throws naming what is missing or nginx's own error log.
    package init(root: String) throws {
        self.root = URL(fileURLWithPath: root).resolvingSymlinksInPath().path
        prefix =
            URL(fileURLWithPath: NSTemporaryDirectory() + "/podmirror-nginx-\(UUID().uuidString.prefix(8))")
            .standardizedFileURL.path
        let missing = Self.missingTools
        guard missing.isEmpty, let nginxPath = Self.tool("nginx"), let fcgiPath = Self.tool("fcgiwrap"),
            let backend = Self.httpBackend
        else { throw Self.failure("not installed: \(missing.joined(separator: ", ")) (scripts/deps.sh installs them)") }
        let fm = FileManager.default
        for dir in ["logs", "tmp/body", "tmp/proxy", "tmp/fastcgi", "tmp/uwsgi", "tmp/scgi"] {
            try fm.createDirectory(atPath: prefix + "/" + dir, withIntermediateDirectories: true)
        }
        do {
            try startFcgiwrap(fcgiPath)
            let relay = try StallingRelay(upstream: prefix + "/fcgiwrap.sock")
            stall = relay
            try startNginx(nginxPath, backend: backend, stallPort: relay.port)
        } catch {
            stop()
            throw error
        }
    }

    deinit {
        stop()
        try? FileManager.default.removeItem(atPath: prefix)
    }

    /// `http://127.0.0.1:PORT/<path>`.
    package func url(_ path: String) -> String { "http://127.0.0.1:\(port)/\(path)" }

    /// The same repo as `url(path)`, whose pack transfer stalls after `stallAfterBytes` (see the type's comment).
    package func stalledURL(_ path: String) -> String { url("stall/" + path) }

    /// How many bytes of a pack answer (FastCGI records) reach nginx on a `stalledURL` before it stalls;
    /// read when the pack request arrives. 0: none.
    package var stallAfterBytes: Int {
        get { stall?.stallAfter ?? 0 }
        set { stall?.stallAfter = newValue }
    }

    /// Both nginx and fcgiwrap are running.
    package var isRunning: Bool { nginx?.isRunning == true && fcgiwrap?.isRunning == true }

    /// nginx's access log so far (one line per request: method, path, status, bytes sent).
    package var accessLog: [String] {
        ((try? String(contentsOfFile: prefix + "/logs/access.log", encoding: .utf8)) ?? "")
            .split(separator: "\n").map(String.init)
    }

    /// Stops nginx (fast shutdown, workers included), the stall upstream and fcgiwrap.
    package func stop() {
        if let nginx, nginx.isRunning {
            nginx.terminate()
            nginx.waitUntilExit()
        }
        stall?.stop()
        if let fcgiwrap, fcgiwrap.isRunning {
            fcgiwrap.terminate()
            fcgiwrap.waitUntilExit()
        }
    }

    private func startFcgiwrap(_ path: String) throws {
        let socket = prefix + "/fcgiwrap.sock"
        let p = Process()
        p.executableURL = URL(fileURLWithPath: path)
        // One process, requests one after another: with `-c N` its preforked workers outlive a stopped parent and
        // keep Foundation's exit watch open, so `waitUntilExit` would never return.
        p.arguments = ["-s", "unix:" + socket]
        p.standardInput = FileHandle.nullDevice
        p.standardOutput = FileHandle.nullDevice
        p.standardError = FileHandle(forWritingAtPath: "/dev/null")
        try p.run()
        fcgiwrap = p
        try waitUntil("fcgiwrap did not create \(socket)") { FileManager.default.fileExists(atPath: socket) }
    }

    private func startNginx(_ path: String, backend: String, stallPort: Int) throws {
        // nginx binds the port itself: take one the kernel calls free, and try another if it was taken meanwhile.
        for _ in 0..<5 {
            let probe = try LoopbackListener.open(owner: "NginxGitServer")
            close(probe.fd)
            port = probe.port
            let conf = prefix + "/nginx.conf"
            try config(backend: backend, stallPort: stallPort).write(toFile: conf, atomically: true, encoding: .utf8)
            let p = Process()
            p.executableURL = URL(fileURLWithPath: path)
            // -e: the error log from the first line on (before the config is read) goes to the prefix too.
            p.arguments = ["-p", prefix + "/", "-c", conf, "-e", prefix + "/logs/error.log", "-g", "daemon off;"]
            p.standardInput = FileHandle.nullDevice
            p.standardOutput = FileHandle.nullDevice
            p.standardError = FileHandle(forWritingAtPath: "/dev/null")
            try p.run()
            nginx = p
            // nginx writes its pid file once its socket listens.
            let pidFile = prefix + "/nginx.pid"
            try waitUntil("nginx did not start: \(errorLog)") {
                !p.isRunning || FileManager.default.fileExists(atPath: pidFile)
            }
            if p.isRunning { return }
            if !errorLog.contains("Address already in use") { throw Self.failure("nginx exited: \(errorLog)") }
        }
        throw Self.failure("nginx found no free port: \(errorLog)")
    }

    private var errorLog: String {
        (try? String(contentsOfFile: prefix + "/logs/error.log", encoding: .utf8)) ?? "(no error log)"
    }

    /// The FastCGI parameters git-http-backend reads (written out here: /etc/nginx/fastcgi_params is not used).
    private func fastcgiParams(backend: String, pathInfo: String) -> String {
        """
                    fastcgi_param SCRIPT_FILENAME \(backend);
                    fastcgi_param GIT_PROJECT_ROOT \(root);
                    fastcgi_param GIT_HTTP_EXPORT_ALL 1;
                    fastcgi_param PATH_INFO \(pathInfo);
                    fastcgi_param QUERY_STRING $query_string;
                    fastcgi_param REQUEST_METHOD $request_method;
                    fastcgi_param CONTENT_TYPE $content_type;
                    fastcgi_param CONTENT_LENGTH $content_length;
                    fastcgi_param REQUEST_URI $request_uri;
                    fastcgi_param SERVER_PROTOCOL $server_protocol;
                    fastcgi_param GATEWAY_INTERFACE CGI/1.1;
                    fastcgi_param SERVER_NAME $server_name;
                    fastcgi_param SERVER_PORT $server_port;
                    fastcgi_param REMOTE_ADDR $remote_addr;
        """
    }

    private func config(backend: String, stallPort: Int) -> String {
        // As root, nginx's workers would run as `nobody`, which may not use the prefix or fcgiwrap's socket.
        var user = ""
        if geteuid() == 0, let pw = getpwuid(geteuid()), let gr = getgrgid(getegid()) {
            user = "user \(String(cString: pw.pointee.pw_name)) \(String(cString: gr.pointee.gr_name));"
        }
        return """
            \(user)
            worker_processes 1;
            pid \(prefix)/nginx.pid;
            error_log \(prefix)/logs/error.log info;
            events { worker_connections 256; }
            http {
                access_log \(prefix)/logs/access.log;
                client_body_temp_path \(prefix)/tmp/body;
                proxy_temp_path \(prefix)/tmp/proxy;
                fastcgi_temp_path \(prefix)/tmp/fastcgi;
                uwsgi_temp_path \(prefix)/tmp/uwsgi;
                scgi_temp_path \(prefix)/tmp/scgi;
                client_max_body_size 0;
                server {
                    listen 127.0.0.1:\(port);
                    server_name 127.0.0.1;
                    # Pack requests under /stall/ go to the upstream that stalls.
                    location ~ ^/stall(/.*/git-upload-pack)$ {
                        fastcgi_pass 127.0.0.1:\(stallPort);
                        fastcgi_read_timeout 3600s;
                        fastcgi_send_timeout 3600s;
            \(fastcgiParams(backend: backend, pathInfo: "$1"))
                    }
                    location /stall/ {
                        rewrite ^/stall(/.*)$ $1 last;
                    }
                    location / {
                        fastcgi_pass unix:\(prefix)/fcgiwrap.sock;
            \(fastcgiParams(backend: backend, pathInfo: "$uri"))
                    }
                }
            }

            """
    }

    private func waitUntil(_ message: @autoclosure () -> String, _ condition: () -> Bool) throws {
        for _ in 0..<400 {
            if condition() { return }
            usleep(25_000)
        }
        throw Self.failure(message())
    }

    private static func failure(_ message: String) -> NSError {
        NSError(domain: "NginxGitServer", code: 1, userInfo: [NSLocalizedDescriptionKey: message])
    }
}
