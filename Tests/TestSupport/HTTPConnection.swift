import Foundation
@testable import PodMirrorCocoaPods
@testable import PodMirrorFoundation
@testable import PodMirrorKit
@testable import PodMirrorTransport
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One accepted connection of a loopback HTTP/1.1 test server: reads the request head, sends bytes.
/// The caller closes `fd`.
struct HTTPConnection {
    /// A request line and its header fields.
    struct RequestHead {
        var method: String
        /// The request target as sent (absolute for proxied requests).
        var target: String
        /// Header fields, names lower-cased.
        var headers: [String: String]
    }

    let fd: Int32

    /// Accepts connections on `listenFD` until it is closed, each handled on a global queue and closed
    /// after `handle`. `isStopped` tells a closed listener from an interrupted `accept`.
    static func acceptLoop(
        _ listenFD: Int32, isStopped: () -> Bool, handle: @escaping @Sendable (HTTPConnection) -> Void
    ) {
        while true {
            let client = accept(listenFD, nil, nil)
            if client < 0 {
                if isStopped() || errno != EINTR { return }
                continue
            }
            DispatchQueue.global().async {
                defer { close(client) }
                handle(HTTPConnection(fd: client))
            }
        }
    }

    /// Reads up to the blank line that ends the head. Nil when the peer closes first or the request
    /// line has no target.
    func readHead() -> RequestHead? {
        var raw = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 4096)
        var end = Self.headEnd(raw)
        while end == nil {
            let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if n <= 0 { return nil }
            raw += buffer[0..<n]
            end = Self.headEnd(raw)
        }
        let lines = String(decoding: raw[..<end!], as: UTF8.self).components(separatedBy: "\r\n")
        let parts = lines[0].split(separator: " ")
        guard parts.count >= 2 else { return nil }
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            headers[line[..<colon].lowercased()] = value
        }
        return RequestHead(method: String(parts[0]), target: String(parts[1]), headers: headers)
    }

    /// Sends every byte; false when the peer has gone.
    @discardableResult
    func send(_ bytes: [UInt8]) -> Bool {
        var sent = 0
        while sent < bytes.count {
            let n = bytes.withUnsafeBytes { Glibc_send(fd, $0.baseAddress! + sent, bytes.count - sent, Self.sendFlags) }
            if n <= 0 { return false }
            sent += n
        }
        return true
    }

    @discardableResult
    func send(_ text: String) -> Bool { send(Array(text.utf8)) }

    /// Where the head's closing CRLF CRLF starts.
    static func headEnd(_ bytes: [UInt8]) -> Int? {
        guard bytes.count >= 4 else { return nil }
        for i in 0...(bytes.count - 4)
        where bytes[i] == 0x0D && bytes[i + 1] == 0x0A && bytes[i + 2] == 0x0D && bytes[i + 3] == 0x0A { return i }
        return nil
    }

    static let sendFlags = PlatformShims.sendNoSignal
}

@inline(__always) private func Glibc_send(_ fd: Int32, _ p: UnsafeRawPointer, _ n: Int, _ flags: Int32) -> Int {
    send(fd, p, n, flags)
}
