import Foundation

/// Which proxy, if any, a transfer to a URL goes through, decided from the environment the way curl
/// (and so CocoaPods' `curl` and `git`) reads it, so that podmirror never leaves the choice to a library:
///
/// - `https://` URLs: `https_proxy`, `HTTPS_PROXY`, then `all_proxy`, `ALL_PROXY`;
/// - `http://` URLs: `http_proxy`, `HTTP_PROXY`, then `all_proxy`, `ALL_PROXY` (curl ignores the
///   upper-case `HTTP_PROXY`, a CGI precaution that does not apply to a command-line tool);
/// - `no_proxy` / `NO_PROXY`: comma- or space-separated host names (a leading dot optional; a name also
///   matches its subdomains), IP addresses, IPv4 CIDR blocks, `host:port`, or `*` for every host.
///
/// An empty variable counts as unset. Loopback hosts are not exempt unless `no_proxy` says so (curl's rule).
public struct ProxyDecision: Sendable, Equatable {
    /// The proxy URL to use, as the environment gave it; nil to connect directly.
    public var proxy: String?
    /// The environment variable `proxy` came from, or that exempted the host (`no_proxy`).
    public var variable: String?
    /// The `no_proxy` list in force, for a transfer library that follows redirects to other hosts.
    public var noProxy: String?

    public init(proxy: String?, variable: String?, noProxy: String?) {
        self.proxy = proxy
        self.variable = variable
        self.noProxy = noProxy
    }

    /// The proxy `proxy` with credentials removed, for messages and JSON.
    public var redactedProxy: String? { proxy.map { Redaction.redactURL($0) } }

    /// The decision for `url` under `environment`.
    public static func decide(url: String, environment: [String: String]) -> ProxyDecision {
        func value(_ names: [String]) -> (String, String)? {
            for name in names {
                if let v = environment[name]?.trimmingCharacters(in: .whitespaces), !v.isEmpty { return (name, v) }
            }
            return nil
        }
        let noProxy = value(["no_proxy", "NO_PROXY"])
        guard let parts = URLParts(url) else { return ProxyDecision(proxy: nil, variable: nil, noProxy: noProxy?.1) }
        let names: [String]
        switch parts.scheme {
        case "https": names = ["https_proxy", "HTTPS_PROXY", "all_proxy", "ALL_PROXY"]
        case "http": names = ["http_proxy", "HTTP_PROXY", "all_proxy", "ALL_PROXY"]
        default: names = ["all_proxy", "ALL_PROXY"]
        }
        guard let (variable, proxy) = value(names) else {
            return ProxyDecision(proxy: nil, variable: nil, noProxy: noProxy?.1)
        }
        if let (name, list) = noProxy, exempts(list, host: parts.host, port: parts.port) {
            return ProxyDecision(proxy: nil, variable: name, noProxy: list)
        }
        return ProxyDecision(proxy: proxy, variable: variable, noProxy: noProxy?.1)
    }

    /// True when the `no_proxy` list `list` names `host` (with `port`).
    static func exempts(_ list: String, host rawHost: String, port: Int?) -> Bool {
        let host = rawHost.lowercased()
        for raw in list.split(whereSeparator: { $0 == "," || $0 == " " || $0 == "\t" }) {
            var entry = raw.lowercased()
            if entry == "*" { return true }
            if entry.hasPrefix("[") {
                // [v6]:port or [v6]
                guard let close = entry.firstIndex(of: "]") else { continue }
                let addr = String(entry[entry.index(after: entry.startIndex)..<close])
                let rest = entry[entry.index(after: close)...]
                if rest.hasPrefix(":"), let p = Int(rest.dropFirst()), p != port { continue }
                if addr == host { return true }
                continue
            }
            // host:port (a bare IPv6 address has more than one colon and no port)
            if entry.filter({ $0 == ":" }).count == 1, let colon = entry.firstIndex(of: ":") {
                guard let p = Int(entry[entry.index(after: colon)...]) else { continue }
                if p != port { continue }
                entry = String(entry[..<colon])
            }
            if entry.contains("/"), matchesCIDR(entry, host: host) { return true }
            while entry.hasPrefix(".") { entry.removeFirst() }
            if entry.isEmpty { continue }
            if host == entry || host.hasSuffix("." + entry) { return true }
        }
        return false
    }

    static func matchesCIDR(_ block: String, host: String) -> Bool {
        let pieces = block.split(separator: "/")
        guard pieces.count == 2, let bits = Int(pieces[1]), (0...32).contains(bits),
              let net = ipv4(String(pieces[0])), let addr = ipv4(host) else { return false }
        let mask: UInt32 = bits == 0 ? 0 : ~UInt32(0) << UInt32(32 - bits)
        return net & mask == addr & mask
    }

    static func ipv4(_ s: String) -> UInt32? {
        let octets = s.split(separator: ".", omittingEmptySubsequences: false)
        guard octets.count == 4 else { return nil }
        var v: UInt32 = 0
        for o in octets {
            guard let n = UInt32(o), n <= 255 else { return nil }
            v = v << 8 | n
        }
        return v
    }

    /// Scheme, host and port of an absolute URL (credentials and path ignored).
    struct URLParts {
        var scheme: String
        var host: String
        var port: Int?

        init?(_ url: String) {
            guard let sep = url.range(of: "://") else { return nil }
            scheme = url[..<sep.lowerBound].lowercased()
            let rest = url[sep.upperBound...]
            var authority = rest[..<(rest.firstIndex { $0 == "/" || $0 == "?" || $0 == "#" } ?? rest.endIndex)]
            if let at = authority.lastIndex(of: "@") { authority = authority[authority.index(after: at)...] }
            if authority.hasPrefix("["), let close = authority.firstIndex(of: "]") {
                host = String(authority[authority.index(after: authority.startIndex)..<close])
                let after = authority[authority.index(after: close)...]
                port = after.hasPrefix(":") ? Int(after.dropFirst()) : nil
            } else if let colon = authority.lastIndex(of: ":") {
                host = String(authority[..<colon])
                port = Int(authority[authority.index(after: colon)...])
            } else {
                host = String(authority)
                port = nil
            }
            if port == nil { port = scheme == "https" ? 443 : scheme == "http" ? 80 : nil }
            guard !host.isEmpty else { return nil }
        }
    }
}
