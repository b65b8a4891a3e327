import Foundation
import PodMirrorFoundation
import PodMirrorTransport

/// A smart-HTTP ref advertisement (`GET <repo>/info/refs?service=git-upload-pack`, protocol v0/v1):
/// pkt-lines `# service=git-upload-pack`, a flush, then `<sha> <ref>` lines, the first carrying
/// capabilities after a NUL (gitprotocol-http, gitprotocol-pack).
struct RefAdvertisement: Sendable, Equatable {
    var refs: [String: String]
    /// `symref=HEAD:refs/heads/master` when advertised.
    var headTarget: String?

    /// HEAD's commit: the `HEAD` line, else the ref HEAD points to, else `refs/heads/master`.
    var head: String? {
        refs["HEAD"] ?? headTarget.flatMap { refs[$0] } ?? refs["refs/heads/master"]
    }

    /// The ref HEAD's commit is advertised on, as `head` finds it (what a fetch of HEAD asks for).
    var headRef: String? {
        if refs["HEAD"] != nil { return "HEAD" }
        if let t = headTarget, refs[t] != nil { return t }
        return refs["refs/heads/master"] == nil ? nil : "refs/heads/master"
    }

    init(parsing data: Data) throws {
        let bytes = [UInt8](data)
        var refs: [String: String] = [:]
        var headTarget: String?
        var i = 0
        var sawService = false
        while i + 4 <= bytes.count {
            guard let length = Int(String(decoding: bytes[i..<(i + 4)], as: UTF8.self), radix: 16) else {
                throw HTTPFailure(Message("mirror.probe.bad-pkt-length", ["offset": String(i)]))
            }
            if length == 0 { i += 4; continue }
            guard length >= 4, i + length <= bytes.count else {
                throw HTTPFailure(Message("mirror.probe.truncated-pkt", ["offset": String(i)]))
            }
            var payload = Array(bytes[(i + 4)..<(i + length)])
            i += length
            if payload.last == 0x0A { payload.removeLast() }
            var caps = ""
            if let nul = payload.firstIndex(of: 0) {
                caps = String(decoding: payload[(nul + 1)...], as: UTF8.self)
                payload = Array(payload[..<nul])
            }
            let line = String(decoding: payload, as: UTF8.self)
            if line.hasPrefix("# service=") { sawService = true; continue }
            let parts = line.split(separator: " ", maxSplits: 1).map(String.init)
            guard parts.count == 2, parts[0].count >= 40, parts[0].allSatisfy(\.isHexDigit) else {
                throw HTTPFailure(Message("mirror.probe.unexpected-line", ["line": String(line.prefix(60))]))
            }
            refs[parts[1]] = parts[0]
            for cap in caps.split(separator: " ") where cap.hasPrefix("symref=HEAD:") {
                headTarget = String(cap.dropFirst("symref=HEAD:".count))
            }
        }
        guard sawService else {
            throw HTTPFailure(Message("mirror.probe.not-smart-http"))
        }
        self.refs = refs
        self.headTarget = headTarget
    }
}
