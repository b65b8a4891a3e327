internal import CLibgit2
import Foundation
import PodMirrorFoundation

/// Which proxy a transfer to a URL goes through, decided the way git (through libcurl) decides it:
/// git config `http.<url>.proxy` (most specific URL match) or `http.proxy`, else `https_proxy` /
/// `http_proxy` / `all_proxy` (lower case first; `HTTP_PROXY` is ignored, as curl does), honouring
/// `no_proxy` / `NO_PROXY` for every source. Only http(s) URLs use a proxy; ssh, git and file go direct.
/// One decision serves libgit2's transfers and the libcurl mirror probes, so both take the same path.
package struct ProxySettings: Sendable, Equatable {
    /// One `http.proxy` (`urlPattern` nil) or `http.<url>.proxy` entry, in the order git reads them.
    package struct ConfigEntry: Sendable, Equatable {
        var urlPattern: String?
        package var value: String

        package init(urlPattern: String?, value: String) {
            self.urlPattern = urlPattern
            self.value = value
        }
    }

    /// What a transfer to one URL does.
    enum Choice: Sendable, Equatable {
        case direct
        /// Through this proxy URL (always with a scheme; may carry `user:password`, never print it raw).
        case proxy(String)

        /// The proxy URL, credentials redacted, or nil when direct.
        var displayURL: String? {
            if case .proxy(let url) = self { return Redaction.redactURL(url) }
            return nil
        }
    }

    var config: [ConfigEntry]
    package var environment: [String: String]

    package init(config: [ConfigEntry] = [], environment: [String: String] = [:]) {
        self.config = config
        self.environment = environment
    }

    /// Reads `http.proxy` and `http.<url>.proxy` from the config files git reads (system unless
    /// `GIT_CONFIG_NOSYSTEM`, XDG, global `~/.gitconfig` or `GIT_CONFIG_GLOBAL`), with `environment`.
    package static func load(environment: [String: String]) -> ProxySettings {
        ProxySettings(config: GitProxyConfig.read(environment: environment), environment: environment)
    }

    /// The proxy for `url`.
    func choice(for url: String) -> Choice {
        guard let target = ProxyURLParts(url), target.scheme == "http" || target.scheme == "https" else {
            return .direct
        }
        let configured = configuredProxy(for: target)
        let raw: String
        if let configured {
            // An empty value turns proxying off, as it does in git.
            if configured.isEmpty { return .direct }
            raw = configured
        } else if let env = environmentProxy(scheme: target.scheme) {
            raw = env
        } else {
            return .direct
        }
        if NoProxyList(noProxyValue).matches(host: target.host, port: target.port) { return .direct }
        return .proxy(raw.contains("://") ? raw : "http://" + raw)
    }

    var noProxyValue: String { nonEmpty("no_proxy") ?? nonEmpty("NO_PROXY") ?? "" }

    private func nonEmpty(_ name: String) -> String? {
        guard let v = environment[name]?.trimmingCharacters(in: .whitespaces), !v.isEmpty else { return nil }
        return v
    }

    /// curl's order: `<scheme>_proxy`, then upper case except `HTTP_PROXY` (CGI's `HTTP_` header namespace),
    /// then `all_proxy` / `ALL_PROXY`.
    func environmentProxy(scheme: String) -> String? {
        var names = [scheme + "_proxy"]
        if scheme != "http" { names.append(scheme.uppercased() + "_PROXY") }
        names += ["all_proxy", "ALL_PROXY"]
        return names.lazy.compactMap { nonEmpty($0) }.first
    }

    /// git's urlmatch: among `http.<url>.proxy` whose URL matches, the longest path wins, then one with a
    /// user name, then the last; `http.proxy` applies when none matches.
    func configuredProxy(for target: ProxyURLParts) -> String? {
        var best: (score: (Int, Int), value: String)?
        var plain: String?
        for entry in config {
            guard let pattern = entry.urlPattern else { plain = entry.value; continue }
            guard let score = ProxyURLParts(pattern)?.matchScore(target) else { continue }
            if best == nil || score >= best!.score { best = (score, entry.value) }
        }
        return best?.value ?? plain
    }
}

/// The parts of a URL that proxy decisions look at.
struct ProxyURLParts: Equatable {
    var scheme: String
    var user: String?
    var host: String
    var port: Int
    var path: String

    init?(_ text: String) {
        guard let schemeEnd = text.range(of: "://") else { return nil }
        scheme = text[..<schemeEnd.lowerBound].lowercased()
        let rest = text[schemeEnd.upperBound...]
        let authorityEnd = rest.firstIndex(where: { $0 == "/" || $0 == "?" || $0 == "#" }) ?? rest.endIndex
        var authority = rest[..<authorityEnd]
        path = String(rest[authorityEnd...].prefix { $0 != "?" && $0 != "#" })
        if let at = authority.lastIndex(of: "@") {
            user = String(authority[..<at].prefix { $0 != ":" })
            authority = authority[authority.index(after: at)...]
        }
        var hostPart = Substring(authority)
        var portText: Substring?
        if hostPart.hasPrefix("["), let close = hostPart.firstIndex(of: "]") {
            let after = hostPart[hostPart.index(after: close)...]
            if after.hasPrefix(":") { portText = after.dropFirst() }
            hostPart = hostPart[hostPart.index(after: hostPart.startIndex)..<close]
        } else if let colon = hostPart.lastIndex(of: ":") {
            portText = hostPart[hostPart.index(after: colon)...]
            hostPart = hostPart[..<colon]
        }
        host = hostPart.lowercased()
        let defaultPort = ["http": 80, "https": 443, "git": 9418, "ssh": 22][scheme] ?? 0
        port = portText.flatMap { Int($0) } ?? defaultPort
    }

    /// How specifically this config URL matches `target`, or nil when it does not (git's urlmatch rules:
    /// same scheme, host (`*` matches one label), port, user when given; path a prefix at a `/` boundary).
    func matchScore(_ target: ProxyURLParts) -> (Int, Int)? {
        guard scheme == target.scheme, port == target.port else { return nil }
        let mine = host.split(separator: ".", omittingEmptySubsequences: false)
        let theirs = target.host.split(separator: ".", omittingEmptySubsequences: false)
        guard mine.count == theirs.count, zip(mine, theirs).allSatisfy({ $0 == "*" || $0 == $1 }) else { return nil }
        if let user, user != target.user { return nil }
        var prefix = path
        while prefix.hasSuffix("/") { prefix.removeLast() }
        if !prefix.isEmpty {
            guard target.path == prefix || target.path.hasPrefix(prefix + "/") else { return nil }
        }
        return (prefix.count, user == nil ? 0 : 1)
    }
}

/// A `no_proxy` value: names separated by commas or spaces; `*` alone matches every host; a name matches
/// itself and its subdomains (a leading `.` is ignored); `host:port` only that port; an IPv4 address
/// or `a.b.c.d/n` block matches addresses in it.
struct NoProxyList {
    var entries: [String]

    init(_ value: String) {
        entries = value.split(whereSeparator: { $0 == "," || $0 == " " || $0 == "\t" })
            .map { $0.trimmingCharacters(in: .whitespaces).lowercased() }.filter { !$0.isEmpty }
    }

    func matches(host rawHost: String, port: Int) -> Bool {
        let host = rawHost.lowercased()
        for entry in entries {
            if entry == "*" { return true }
            var name = entry
            var entryPort: Int?
            if name.hasPrefix("[") {
                if let close = name.firstIndex(of: "]") {
                    let after = name[name.index(after: close)...]
                    if after.hasPrefix(":") { entryPort = Int(after.dropFirst()) }
                    name = String(name[name.index(after: name.startIndex)..<close])
                }
            } else if name.filter({ $0 == ":" }).count == 1, let colon = name.firstIndex(of: ":") {
                entryPort = Int(name[name.index(after: colon)...])
                name = String(name[..<colon])
            }
            if let entryPort, entryPort != port { continue }
            if let block = Self.ipv4Block(name), let address = Self.ipv4(host) {
                if address & block.mask == block.network & block.mask { return true }
                continue
            }
            while name.hasPrefix(".") { name.removeFirst() }
            if name.hasPrefix("*.") { name.removeFirst(2) }
            if name.isEmpty { continue }
            if host == name || host.hasSuffix("." + name) { return true }
        }
        return false
    }

    static func ipv4(_ text: String) -> UInt32? {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 4 else { return nil }
        var value: UInt32 = 0
        for p in parts {
            guard let n = UInt32(p), n < 256 else { return nil }
            value = value << 8 | n
        }
        return value
    }

    static func ipv4Block(_ text: String) -> (network: UInt32, mask: UInt32)? {
        let parts = text.split(separator: "/")
        guard let network = ipv4(String(parts[0])) else { return nil }
        var bits: UInt32 = 32
        if parts.count == 2 {
            guard let b = UInt32(parts[1]), b <= 32 else { return nil }
            bits = b
        }
        return (network, bits == 0 ? 0 : UInt32.max << (32 - bits))
    }
}

/// Reads the proxy entries of git's config files through libgit2.
enum GitProxyConfig {
    static func read(environment: [String: String]) -> [ProxySettings.ConfigEntry] {
        Libgit2.initialize()
        var cfg: OpaquePointer?
        guard git_config_new(&cfg) == 0, let cfg else { return [] }
        defer { git_config_free(cfg) }
        let files = GitConfigFiles(environment: RuntimeEnvironment(variables: environment)).readOrder
        // What libgit2 would block on or read forever (a FIFO, a device) is left out, as a missing file is.
        for (level, path) in files where (try? LocalFileSystem.checkRegularFile(path)) != nil {
            _ = git_config_add_file_ondisk(cfg, path, level, nil, 0)
        }
        final class Collector { var entries: [ProxySettings.ConfigEntry] = [] }
        let collector = Collector()
        let payload = Unmanaged.passUnretained(collector).toOpaque()
        _ = git_config_foreach_match(
            cfg, "^http\\..*proxy$",
            { entry, payload in
                guard let entry, let payload, let name = entry.pointee.name else { return 0 }
                let key = String(cString: name)
                let value = entry.pointee.value.map { String(cString: $0) } ?? ""
                let collector = Unmanaged<Collector>.fromOpaque(payload).takeUnretainedValue()
                if key == "http.proxy" {
                    collector.entries.append(.init(urlPattern: nil, value: value))
                } else if key.hasPrefix("http."), key.hasSuffix(".proxy") {
                    let pattern = String(key.dropFirst(5).dropLast(6))
                    if !pattern.isEmpty { collector.entries.append(.init(urlPattern: pattern, value: value)) }
                }
                return 0
            }, payload)
        return collector.entries
    }
}
