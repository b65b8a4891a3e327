import Foundation

/// The URL a libgit2 transfer connects to, for deciding its proxy.
///
/// git rewrites a remote's URL by `url.<base>.insteadOf` once, before it connects, and decides
/// `http.<url>.proxy`, `no_proxy` and the scheme's `*_proxy` variable on the rewritten URL (the one it
/// actually connects to), never on the URL as written. libgit2 rewrites a remote's URL when it creates
/// or looks up the remote in a repository (`git_remote_url` returns the rewritten URL); `git_clone` and
/// a submodule's clone create theirs from a URL podmirror passes, so for those the rewrite is computed
/// here the way libgit2 does it: `SourceMirrorRules.rewrite` over the `insteadOf` rules of the config files
/// a new repository reads (system, XDG, global). A detached remote (`git_remote_create_detached`) and one
/// created with `GIT_REMOTE_CREATE_SKIP_INSTEADOF` are not rewritten.
enum GitURLRewrite {
    /// `url` rewritten as a remote created from it in a new repository connects to.
    static func connectURL(for url: String) -> String {
        let rules = (try? GitConfigFile.openDefault()?.insteadOfRules()) ?? []
        return SourceMirrorRules(rules: rules).rewrite(url)
    }

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
