import Foundation
import PodMirrorFoundation
import PodMirrorTransport

/// The remedy for a pod whose download from GitHub failed with no source mirror in the way: the two commands
/// that add one (`setup --source-mirror`, `gitconfig insteadof add`), for the URL prefix that failed.
package enum GitHubSourceHint {
    /// The hosts GitHub serves pod sources from: repositories, raw files and archives.
    package static let hosts: Set<String> = ["github.com", "raw.githubusercontent.com", "codeload.github.com"]

    /// The remedy for `url` (as the podspec names it) failing with `status`, or nil: only a network failure
    /// (exit 4) of a GitHub URL that no rule of `mirrors` rewrites gets one.
    package static func remedy(url: String, status: ExitStatus?, mirrors: SourceMirrorRules) -> Message? {
        guard status == .network, mirrors.rewrite(url) == url, let prefix = githubPrefix(url) else { return nil }
        return Message("pods.github.remedy", ["prefix": prefix])
    }

    /// `https://github.com/` for `https://github.com/o/r.git`, `git@github.com:` for scp-like URLs; nil when the
    /// host is not GitHub's.
    package static func githubPrefix(_ url: String) -> String? {
        if let c = URLComponents(string: url), let scheme = c.scheme, let host = c.host?.lowercased() {
            guard hosts.contains(host) else { return nil }
            return "\(scheme)://\(host)/"
        }
        // scp-like `user@host:path`
        guard let colon = url.firstIndex(of: ":"), let at = url[..<colon].lastIndex(of: "@") else { return nil }
        let host = url[url.index(after: at)..<colon].lowercased()
        return hosts.contains(host) ? String(url[...colon]) : nil
    }
}
