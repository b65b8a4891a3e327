import Foundation
import PodMirrorFoundation
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Carries libgit2's plain-`http://` requests through an HTTP proxy.
///
/// libgit2 1.5 uses a proxy only for https (`CONNECT`): for an http URL it writes the absolute-form
/// request line but connects to the server itself. During such a transfer libgit2 talks to this relay on
/// 127.0.0.1 instead (`git_remote_set_instance_url`); the relay rewrites each request for the proxy
/// (absolute URL, the server's `Host`, `Proxy-Authorization` from the proxy URL's credentials,
/// `Connection: close` so each connection carries one request) and pipes the bytes both ways.
final class HTTPProxyRelay: @unchecked Sendable {  // fields are set once in init; sockets are per thread
    private let listener: Int32
    let port: Int
    private let origin: String
    private let hostHeader: String
    private let proxyHost: String
    private let proxyPort: Int
    private let authorization: String?
    private let stopped = AtomicFlag()

    /// A relay to the server of `url` (http) through `proxyURL`; listening when init returns.
    init(url: String, proxyURL: String) throws {
        guard let target = ProxyURLParts(url), let proxy = ProxyURLParts(proxyURL) else {
            throw GitError(.transport, operation: "use proxy for", subject: url, cause: Message("git.cause.proxy-url"))
        }
        let hostText = target.host.contains(":") ? "[\(target.host)]" : target.host
        hostHeader = target.port == 80 ? hostText : "\(hostText):\(target.port)"
        origin = "http://\(hostHeader)"
        proxyHost = proxy.host
        proxyPort = proxy.port
        authorization = Self.basicAuthorization(proxyURL)
        let fd = socket(AF_INET, PlatformShims.streamSocket, 0)
        guard fd >= 0 else {
            throw GitError(.transport, operation: "use proxy for", subject: url, cause: Message("git.cause.no-socket"))
        }
        var addr = sockaddr_in()
        addr.sin_family = sa_family_t(AF_INET)
        addr.sin_addr.s_addr = inet_addr("127.0.0.1")
        addr.sin_port = 0
        var len = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &addr) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, len) == 0 && listen(fd, 16) == 0 && getsockname(fd, $0, &len) == 0
            }
        }
        guard bound else {
            close(fd)
            throw GitError(.transport, operation: "use proxy for", subject: url, cause: Message("git.cause.no-listen"))
        }
        listener = fd
        port = Int(UInt16(bigEndian: addr.sin_port))
        let thread = Thread { [self] in acceptLoop() }
        thread.start()
    }

    deinit { stop() }

    /// `url` with its origin replaced by the relay's.
    func relayURL(for url: String) -> String {
        guard let schemeEnd = url.range(of: "://") else { return url }
        let rest = url[schemeEnd.upperBound...]
        let path = rest.firstIndex(of: "/").map { String(rest[$0...]) } ?? "/"
        return "http://127.0.0.1:\(port)" + path
    }

    func stop() {
        if stopped.setOnce() {
            shutdown(listener, Int32(SHUT_RDWR))
            close(listener)
        }
    }

    static func basicAuthorization(_ proxyURL: String) -> String? {
        guard let schemeEnd = proxyURL.range(of: "://") else { return nil }
        let rest = proxyURL[schemeEnd.upperBound...]
        let authority = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        guard let at = authority.lastIndex(of: "@") else { return nil }
        let userinfo = String(authority[..<at]).removingPercentEncoding ?? String(authority[..<at])
        return "Basic " + Data(userinfo.utf8).base64EncodedString()
    }

    private func acceptLoop() {
        while !stopped.isSet {
            let client = accept(listener, nil, nil)
            if client < 0 {
                if errno == EINTR { continue }
                return
            }
            Thread { [self] in serve(client) }.start()
        }
    }

    private func serve(_ client: Int32) {
        defer { close(client) }
        var head = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 16384)
        var end: Int?
        while end == nil, head.count < 65536 {
            let n = read(client, &buffer, buffer.count)
            if n <= 0 { return }
            head += buffer[0..<n]
            end = Self.headEnd(head)
        }
        guard let end, let rewritten = rewrite(Array(head[0..<end])) else { return }
        let upstream = connectToProxy()
        guard upstream >= 0 else {
            let answer = "HTTP/1.1 502 Bad Gateway\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"
            Self.writeAll(client, Array(answer.utf8))
            return
        }
        defer { close(upstream) }
        guard Self.writeAll(upstream, rewritten + head[end...]) else { return }
        let upload = Thread { Self.pump(from: client, to: upstream) }
        upload.start()
        Self.pump(from: upstream, to: client)
        shutdown(client, Int32(SHUT_RDWR))
        shutdown(upstream, Int32(SHUT_RDWR))
    }

    /// The request head for the proxy, or nil when it is not an HTTP request.
    private func rewrite(_ head: [UInt8]) -> [UInt8]? {
        let text = String(decoding: head, as: UTF8.self)
        var lines = text.components(separatedBy: "\r\n").filter { !$0.isEmpty }
        guard !lines.isEmpty else { return nil }
        let parts = lines[0].split(separator: " ", maxSplits: 2).map(String.init)
        guard parts.count == 3, parts[1].hasPrefix("/") else { return nil }
        lines.removeFirst()
        let dropped: Set<String> = ["host", "connection", "proxy-connection", "keep-alive", "proxy-authorization"]
        var out = "\(parts[0]) \(origin)\(parts[1]) \(parts[2])\r\nHost: \(hostHeader)\r\n"
        for line in lines {
            let name = line.prefix { $0 != ":" }.trimmingCharacters(in: .whitespaces).lowercased()
            if !dropped.contains(name) { out += line + "\r\n" }
        }
        if let authorization { out += "Proxy-Authorization: \(authorization)\r\n" }
        out += "Connection: close\r\n\r\n"
        return Array(out.utf8)
    }

    private func connectToProxy() -> Int32 {
        var hints = addrinfo()
        hints.ai_socktype = PlatformShims.streamSocket
        var info: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(proxyHost, String(proxyPort), &hints, &info) == 0, let first = info else { return -1 }
        defer { freeaddrinfo(info) }
        var cursor: UnsafeMutablePointer<addrinfo>? = first
        while let ai = cursor {
            let fd = socket(ai.pointee.ai_family, ai.pointee.ai_socktype, ai.pointee.ai_protocol)
            if fd >= 0 {
                if connect(fd, ai.pointee.ai_addr, ai.pointee.ai_addrlen) == 0 { return fd }
                close(fd)
            }
            cursor = ai.pointee.ai_next
        }
        return -1
    }

    static func headEnd(_ bytes: [UInt8]) -> Int? {
        guard bytes.count >= 4 else { return nil }
        let crlfcrlf: [UInt8] = [13, 10, 13, 10]
        for i in 0...(bytes.count - 4) where Array(bytes[i..<i + 4]) == crlfcrlf {
            return i + 4
        }
        return nil
    }

    @discardableResult
    static func writeAll(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let n = bytes[offset...].withUnsafeBytes { send(fd, $0.baseAddress, $0.count, PlatformShims.sendNoSignal) }
            if n <= 0 { return false }
            offset += n
        }
        return true
    }

    static func pump(from source: Int32, to destination: Int32) {
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = read(source, &buffer, buffer.count)
            if n <= 0 || !writeAll(destination, Array(buffer[0..<n])) { break }
        }
        shutdown(destination, Int32(SHUT_WR))
    }
}

/// A flag set once, safe across threads.
final class AtomicFlag: @unchecked Sendable {  // every access holds `lock`
    private let lock = NSLock()
    private var value = false

    var isSet: Bool { lock.lock(); defer { lock.unlock() }; return value }

    /// Sets the flag; true for the caller that set it first.
    func setOnce() -> Bool {
        lock.lock(); defer { lock.unlock() }
        if value { return false }
        value = true
        return true
    }
}
