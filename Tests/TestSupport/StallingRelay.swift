import Foundation
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// An upstream that stalls, for `NginxGitServer`'s `/stall/` URLs: it listens on 127.0.0.1 (a free port),
/// relays each connection to the real upstream's Unix socket and passes back only the first `stallAfter`
/// bytes of its answer, then sends nothing more and keeps both connections open until `stop()`.
/// With `stallAfter` 0 (the default) it never answers and does not reach the upstream at all.
// @unchecked: `stopped` and `limit` are read and written under `lock`; the rest is constant.
final class StallingRelay: @unchecked Sendable {
    let port: Int
    private let listenFD: Int32
    private let upstream: String
    private let lock = NSLock()
    private var stopped = false
    private var limit = 0

    /// Starts listening; `upstream` is the path of the real upstream's Unix socket.
    init(upstream: String) throws {
        self.upstream = upstream
        (listenFD, port) = try LoopbackListener.open(owner: "StallingRelay")
        Thread { [self] in
            HTTPConnection.acceptLoop(listenFD, isStopped: { self.isStopped }) { self.relay($0.fd) }
        }.start()
    }

    deinit { stop() }

    /// How many bytes of the upstream's answer pass before the stall; read when a connection is accepted.
    var stallAfter: Int {
        get { lock.lock(); defer { lock.unlock() }; return limit }
        set { lock.lock(); limit = newValue; lock.unlock() }
    }

    private var isStopped: Bool { lock.lock(); defer { lock.unlock() }; return stopped }

    /// Closes the listener and ends every held connection.
    func stop() {
        lock.lock()
        let was = stopped
        stopped = true
        lock.unlock()
        if !was { shutdown(listenFD, Int32(SHUT_RDWR)); close(listenFD) }
    }

    private func relay(_ client: Int32) {
        let limit = stallAfter
        let requestCopied = DispatchGroup()
        var server: Int32 = -1
        if limit > 0, let fd = Self.openUnix(upstream) {
            server = fd
            requestCopied.enter()
            DispatchQueue.global().async {
                Self.copy(from: client, to: fd, upTo: .max)
                requestCopied.leave()
            }
            Self.copy(from: fd, to: client, upTo: limit)
        }
        while !isStopped { usleep(50_000) }
        // Wake the request copy before closing its socket (the accept loop closes `client`).
        shutdown(client, Int32(SHUT_RDWR))
        if server >= 0 {
            shutdown(server, Int32(SHUT_RDWR))
            requestCopied.wait()
            close(server)
        }
    }

    /// Copies bytes until `limit` went through or either side closes.
    private static func copy(from source: Int32, to destination: Int32, upTo limit: Int) {
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        var copied = 0
        while copied < limit {
            let want = min(buffer.count, limit - copied)
            let n = buffer.withUnsafeMutableBytes { recv(source, $0.baseAddress, want, 0) }
            if n <= 0 || !HTTPConnection(fd: destination).send(Array(buffer[0..<n])) { return }
            copied += n
        }
    }

    private static func openUnix(_ path: String) -> Int32? {
        #if os(Linux)
            let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        #else
            let fd = socket(AF_UNIX, SOCK_STREAM, 0)
        #endif
        guard fd >= 0 else { return nil }
        var addr = sockaddr_un()
        addr.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        guard bytes.count < MemoryLayout.size(ofValue: addr.sun_path) else {
            close(fd)
            return nil
        }
        withUnsafeMutableBytes(of: &addr.sun_path) { for (i, b) in bytes.enumerated() { $0[i] = b } }
        let connected = withUnsafePointer(to: &addr) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        if connected != 0 {
            close(fd)
            return nil
        }
        return fd
    }
}
