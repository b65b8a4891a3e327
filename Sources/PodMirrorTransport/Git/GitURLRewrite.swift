import Foundation

/// The URL a libgit2 transfer connects to, when no rules from the files git reads were given.
///
/// git rewrites a remote's URL by `url.<base>.insteadOf` once, before it connects, and decides
/// `http.<url>.proxy`, `no_proxy` and the scheme's `*_proxy` variable on the rewritten URL (the one it
/// actually connects to), never on the URL as written. Every transfer computes that URL itself
/// (`TransferOptions.connectURL`) and connects to it as the remote's instance URL, so libgit2's own rewrite
/// (from the files libgit2 reads, blind to `GIT_CONFIG_GLOBAL`, `GIT_CONFIG_SYSTEM` and
/// `GIT_CONFIG_NOSYSTEM`) is never used. Commands pass the rules of the files git reads
/// (`SourceMirrorRules.load`); without them, the rules here are those of the files a new repository reads
/// through libgit2 (system, XDG, global).
package enum GitURLRewrite {
    /// `url` rewritten as a remote created from it in a new repository connects to.
    static func connectURL(for url: String) -> String {
        SourceMirrorRules(rules: defaultRules()).rewrite(url)
    }

    /// The insteadOf rules of the config files libgit2 reads for a new repository (system, XDG, global).
    package static func defaultRules() -> [InsteadOfRule] {
        (try? GitConfigFile.openDefault()?.insteadOfRules()) ?? []
    }

    /// A submodule's URL from `.gitmodules` resolved as git resolves it, before any insteadOf rewriting: a
    /// relative one (`./…`, `../…`) against the parent's `remote.origin.url` as configured, each `../`
    /// dropping the last `/` part (or, for an scp-like URL, the part after the last `:`); others as they are.
    package static func submoduleURL(_ url: String, parentRemote remote: String) -> String {
        guard url.hasPrefix("./") || url.hasPrefix("../") else { return url }
        var base = remote.hasSuffix("/") ? String(remote.dropLast()) : remote
        var rest = Substring(url)
        var colon = false
        while true {
            if rest.hasPrefix("../") {
                rest = rest.dropFirst(3)
                if let slash = base.lastIndex(of: "/") {
                    base = String(base[..<slash])
                } else if let sep = base.lastIndex(of: ":") {
                    base = String(base[..<sep])
                    colon = true
                } else {
                    base = "."
                }
            } else if rest.hasPrefix("./") {
                rest = rest.dropFirst(2)
            } else {
                break
            }
        }
        let out = base + (colon ? ":" : "/") + rest
        return rest.hasSuffix("/") ? String(out.dropLast()) : out
    }
}
