import Foundation

/// How a libgit2 transfer's URL is rewritten.
///
/// git rewrites a remote's URL by `url.<base>.insteadOf` once, before it connects, and decides
/// `http.<url>.proxy`, `no_proxy` and the scheme's `*_proxy` variable on the rewritten URL (the one it
/// actually connects to), never on the URL as written. Every transfer computes that URL itself
/// (`TransferOptions.connectURL`, from the rules of the files git reads that the run loaded:
/// `NetworkSettings.urlRewrite`) and connects to it as the remote's instance URL, so libgit2's own rewrite
/// (from the files libgit2 reads, blind to `GIT_CONFIG_GLOBAL`, `GIT_CONFIG_SYSTEM` and
/// `GIT_CONFIG_NOSYSTEM`) is never used.
enum GitURLRewrite {
    /// A submodule's URL from `.gitmodules` resolved as git resolves it, before any insteadOf rewriting: a
    /// relative one (`./…`, `../…`) against the parent's `remote.origin.url` as configured, each `../`
    /// dropping the last `/` part (or, for an scp-like URL, the part after the last `:`); others as they are.
    static func submoduleURL(_ url: String, parentRemote remote: String) -> String {
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
