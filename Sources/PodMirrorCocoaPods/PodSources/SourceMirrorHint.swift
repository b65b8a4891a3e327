import Foundation
import PodMirrorFoundation
import PodMirrorTransport

/// The remedy for a pod whose download failed over the network with no source mirror in the way: the two commands
/// that add one (`setup --source-mirror`, `gitconfig insteadof add`), for the URL prefix that failed. GitHub's
/// hosts get the words for GitHub (often slow or unreachable from China); any other host the same commands.
enum SourceMirrorHint {
    /// The hosts GitHub serves pod sources from: repositories, raw files and archives.
    static let githubHosts: Set<String> = ["github.com", "raw.githubusercontent.com", "codeload.github.com"]

    /// The remedy for `url` (as the podspec names it) failing with `status`, or nil: only a network failure
    /// (exit 4) of a URL with a host that no rule of `mirrors` rewrites gets one.
    static func remedy(url: String, status: ExitStatus?, mirrors: SourceMirrorRules) -> Message? {
        guard status == .network, mirrors.rewrite(url) == url else { return nil }
        if let prefix = githubPrefix(url) { return Message("pods.github.remedy", ["prefix": prefix]) }
        guard let prefix = hostPrefix(url) else { return nil }
        return Message("pods.source-mirror.remedy", ["prefix": prefix])
    }

    /// `https://github.com/` for `https://github.com/o/r.git`, `git@github.com:` for scp-like URLs; nil when the
    /// host is not GitHub's.
    static func githubPrefix(_ url: String) -> String? {
        guard let prefix = hostPrefix(url), let host = host(url), githubHosts.contains(host) else { return nil }
        return prefix
    }

    /// `scheme://host[:port]/` (credentials left out), or `user@host:` for an scp-like URL; nil without a host.
    static func hostPrefix(_ url: String) -> String? {
        if let c = URLComponents(string: url), let scheme = c.scheme, let host = c.host?.lowercased(), !host.isEmpty {
            return "\(scheme)://\(host)\(c.port.map { ":\($0)" } ?? "")/"
        }
        guard let colon = url.firstIndex(of: ":"), let at = url[..<colon].lastIndex(of: "@") else { return nil }
        return url[url.index(after: at)..<colon].isEmpty ? nil : String(url[...colon])
    }

    private static func host(_ url: String) -> String? {
        if let c = URLComponents(string: url), c.scheme != nil, let host = c.host { return host.lowercased() }
        guard let colon = url.firstIndex(of: ":"), let at = url[..<colon].lastIndex(of: "@") else { return nil }
        return url[url.index(after: at)..<colon].lowercased()
    }
}
