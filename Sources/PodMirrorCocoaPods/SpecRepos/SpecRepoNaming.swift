import Foundation
import PodMirrorFoundation

/// CocoaPods' rules for repo names and URLs (cocoapods-core's Source::Manager).
package enum SpecRepoNaming {
    package static let trunkURL = "https://cdn.cocoapods.org/"
    package static let officialGitURL = "https://github.com/CocoaPods/Specs.git"

    /// Rejects names CocoaPods reserves or that would escape or hide in the repos dir.
    package static func validate(_ name: String) throws {
        if name.isEmpty { throw PodMirrorFailure.badName(name, Message("repo.error.bad-name.empty")) }
        if name == "trunk" {
            throw PodMirrorFailure.badName(
                name, Message("repo.error.bad-name.trunk"))
        }
        if name.contains("/") || name.contains("\\") {
            throw PodMirrorFailure.badName(name, Message("repo.error.bad-name.separator"))
        }
        if name == "." || name == ".." || name.contains("..") {
            throw PodMirrorFailure.badName(name, Message("repo.error.bad-name.dots"))
        }
        if name.hasPrefix(".") {
            throw PodMirrorFailure.badName(name, Message("repo.error.bad-name.hidden"))
        }
        if name.hasPrefix("-") { throw PodMirrorFailure.badName(name, Message("repo.error.bad-name.dash")) }
        if name.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) {
            throw PodMirrorFailure.badName(name, Message("repo.error.bad-name.control"))
        }
    }

    /// True when a local repo whose origin is `local` is what CocoaPods uses for Podfile source `wanted`
    /// (Core's `source_with_url`; see `SourceURL.isOrigin(for:)`).
    package static func matches(local: String, wanted: String) -> Bool {
        SourceURL(local).isOrigin(for: SourceURL(wanted))
    }

    /// Suffixes treated as public (two labels). CocoaPods uses the full public-suffix list; this small
    /// built-in set covers the hosts Specs mirrors and company git servers use (documented in docs/spec-repos.md).
    static let multiLabelSuffixes: Set<String> = [
        "edu.cn", "com.cn", "net.cn", "org.cn", "gov.cn", "ac.cn",
        "co.uk", "org.uk", "ac.uk", "gov.uk", "com.au", "net.au", "org.au", "edu.au",
        "co.jp", "ne.jp", "or.jp", "ac.jp", "co.kr", "or.kr", "ac.kr", "com.br", "com.tw", "edu.tw", "org.tw",
        "com.hk", "edu.hk", "com.sg", "edu.sg", "co.in", "co.nz", "com.mx", "co.za", "com.tr",
        "github.io", "gitlab.io",
    ]

    /// The name CocoaPods gives a new repo for `url` (Core `Source::Manager#name_for_url`), without
    /// the `-1`, `-2` suffix for taken names (see `uniqueName`).
    package static func name(forURL url: String) -> String {
        if SourceURL(url).isTrunkCDN { return "trunk" }
        let (host, path) = hostAndPath(url)
        var base: [String] = []
        if let host, !host.isEmpty {
            let label = secondLevelLabel(host)
            if label != "github" { base = [label] }
        }
        var p = path
        // Ruby's `gsub(/.git$/, '')` (any character before `git`), then one leading `/` removed.
        if let r = p.range(of: #".git$"#, options: .regularExpression) { p.removeSubrange(r) }
        if p.hasPrefix("/") { p.removeFirst() }
        // Ruby's `split('/')`: empty parts are kept, except trailing ones.
        var parts = p.components(separatedBy: "/")
        while parts.last?.isEmpty == true { parts.removeLast() }
        if parts.last?.lowercased() == "specs" { parts.removeLast() }
        return (base + parts).joined(separator: "-").lowercased()
    }

    /// `name`, or `name-1`, `name-2`, … when a folder of that name exists.
    static func uniqueName(_ name: String, taken: (String) -> Bool) -> String {
        if !taken(name) { return name }
        var i = 1
        while taken("\(name)-\(i)") { i += 1 }
        return "\(name)-\(i)"
    }

    static func hostAndPath(_ url: String) -> (String?, String) {
        if let r = url.range(of: "://") {
            let rest = url[r.upperBound...]
            let slash = rest.firstIndex(of: "/") ?? rest.endIndex
            var authority = String(rest[..<slash])
            if let at = authority.lastIndex(of: "@") { authority = String(authority[authority.index(after: at)...]) }
            // Ruby's `URI#host` keeps an IPv6 address's brackets.
            if authority.hasPrefix("["), let close = authority.firstIndex(of: "]") {
                authority = String(authority[...close])
            } else if let colon = authority.lastIndex(of: ":") {
                authority = String(authority[..<colon])
            }
            return (authority, String(rest[slash...]))
        }
        // scp-like user@host:path
        if let colon = url.firstIndex(of: ":"), !url[..<colon].contains("/") {
            var host = String(url[..<colon])
            if let at = host.lastIndex(of: "@") { host = String(host[host.index(after: at)...]) }
            return (host, String(url[url.index(after: colon)...]))
        }
        return (nil, url)
    }

    /// The registrable label, as `PublicSuffix.parse(host).sld` gives it: `mirrors.tuna.tsinghua.edu.cn` →
    /// `tsinghua`, `github.com` → `github`. Hosts without a dot (`localhost`, `[::1]`) are kept whole;
    /// an IPv4 address is no exception to the default rule, so `127.0.0.1` → `0`.
    static func secondLevelLabel(_ host: String) -> String {
        let h = host.lowercased()
        let labels = h.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        if labels.count < 2 || h.hasPrefix("[") { return h }
        let lastTwo = labels.suffix(2).joined(separator: ".")
        if multiLabelSuffixes.contains(lastTwo) { return labels.count >= 3 ? labels[labels.count - 3] : h }
        return labels[labels.count - 2]
    }
}
