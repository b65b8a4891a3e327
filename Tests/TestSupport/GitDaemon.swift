import Foundation
@testable import PodMirrorFoundation
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `git daemon` serving the bare repositories under `root` over `git://` on 127.0.0.1 (a port the kernel called
/// free), read-only; nil from `start` where git has no daemon.
package final class GitDaemon {
    package let port: Int
    private let process = Process()

    private init(root: String, port: Int) throws {
        self.port = port
        process.executableURL = URL(fileURLWithPath: ProcessRunner.which("git") ?? "/usr/bin/git")
        process.arguments = [
            "daemon", "--reuseaddr", "--export-all", "--base-path=\(root)", "--listen=127.0.0.1", "--port=\(port)",
            root,
        ]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
    }

    /// Starts the daemon and returns once it accepts connections.
    package static func start(root: String) throws -> GitDaemon? {
        for _ in 0..<3 {
            let (fd, port) = try LoopbackListener.open(owner: "GitDaemon")
            close(fd)
            let daemon = try GitDaemon(root: root, port: port)
            for _ in 0..<100 {
                if !daemon.process.isRunning { break }
                if daemon.accepts() { return daemon }
                usleep(50_000)
            }
            daemon.stop()
        }
        return nil
    }

    /// `git://[userinfo@]127.0.0.1:<port>/<path>`.
    package func url(_ path: String, userinfo: String? = nil) -> String {
        "git://" + (userinfo.map { $0 + "@" } ?? "") + "127.0.0.1:\(port)/\(path)"
    }

    package func stop() {
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
    }

    deinit { stop() }

    private func accepts() -> Bool {
        let fd = socket(AF_INET, PlatformShims.streamSocket, 0)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var addr = sockaddr_in()
        addr.sin_family = sa_family_t(AF_INET)
        addr.sin_port = in_port_t(UInt16(port).bigEndian)
        addr.sin_addr.s_addr = inet_addr("127.0.0.1")
        return withUnsafePointer(to: &addr) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
            }
        }
    }
}
